package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// SetRole makes a member a member, a moderator or an administrator. Only
// administrators (and the operator) may, and never on their own account,
// so the last administrator cannot lock everyone out by a slip. The new
// role counts from the member's next request: the authenticator reads it
// from the account, not from the access token, and every node checks the
// member's sessions again (Ends, nil when nothing listens), dropping what
// it remembered of them.
type SetRole struct {
	Tx       ports.Transactor
	Accounts AccountStore
	Audit    ports.AuditLog
	Clock    ports.Clock
	Ends     ports.SessionEnds
}

// Handle changes target's role; the same role again changes nothing and
// records nothing.
func (uc *SetRole) Handle(ctx context.Context, actor domain.Viewer, target domain.UserID, role domain.Role) (domain.Account, error) {
	if err := RequireAdmin(actor); err != nil {
		return domain.Account{}, err
	}
	if !domain.ValidRole(role) {
		return domain.Account{}, errs.Invalid(CodeRoleInvalid, MsgRoleInvalid, map[string]string{"role": MsgRoleInvalid})
	}
	if actor.UserID == target {
		return domain.Account{}, errs.Forbidden(CodeOwnAccount, MsgOwnAccount)
	}
	acc, err := onLockedAccount(ctx, uc.Tx, uc.Accounts, target, func(ctx context.Context, acc *domain.Account) error {
		if acc.Role == role {
			return nil
		}
		now := uc.Clock.Now()
		if err := uc.Accounts.SetRole(ctx, target, role, now); err != nil {
			return err
		}
		if uc.Ends != nil {
			uc.Ends.SessionsEnded(ctx, target)
		}
		before := acc.Role
		acc.Role = role
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionAccountRole, TargetType: "account",
			TargetID: target.String(), At: now,
			Details: map[string]any{"email": acc.Email, "from": before, "to": role}}.ActorOf(actor))
	})
	return acc, accountErr(err, "set role of", target)
}

// accountErr maps a store's answer about an account.
func accountErr(err error, what string, id domain.UserID) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, domain.ErrNotFound) {
		return errs.NotFound(CodeAccountNotFound, MsgAccountNotFound)
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	return fmt.Errorf("%s %s: %w", what, id, err)
}
