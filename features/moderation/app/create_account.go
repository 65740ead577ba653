package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// AccountCreator stores a new account with its profile; a duplicate e-mail
// or handle is domain.ErrEmailTaken or domain.ErrHandleTaken.
type AccountCreator interface {
	Create(ctx context.Context, a domain.Account, p domain.Profile) error
}

// CreateAccountInput is a new account made by an administrator: confirmed
// at once (no e-mail is sent), with the given role.
type CreateAccountInput struct {
	Email       string
	Password    string
	Handle      string
	DisplayName string
	Role        domain.Role
}

// CreateAccount makes a confirmed account and its profile with a role,
// for the operator's `social user create` and the development admin. The
// texts follow sign-up's rules.
type CreateAccount struct {
	Tx       ports.Transactor
	Accounts AccountCreator
	Search   ports.SearchIndexQueue
	Hasher   ports.PasswordHasher
	Audit    ports.AuditLog
	Clock    ports.Clock
}

// Handle creates the account.
func (uc *CreateAccount) Handle(ctx context.Context, actor domain.Viewer, in CreateAccountInput) (domain.Account, error) {
	if err := RequireAdmin(actor); err != nil {
		return domain.Account{}, err
	}
	email := strings.TrimSpace(in.Email)
	name := domain.CleanDisplayName(in.DisplayName)
	fields := map[string]string{}
	for field, msg := range map[string]string{
		"email":        domain.EmailProblem(email),
		"password":     domain.PasswordProblem(in.Password),
		"display_name": domain.DisplayNameProblem(name),
		"handle":       domain.HandleProblem(in.Handle),
	} {
		if msg != "" {
			fields[field] = msg
		}
	}
	if !domain.ValidRole(in.Role) {
		fields["role"] = MsgRoleInvalid
	}
	if len(fields) > 0 {
		return domain.Account{}, errs.Invalid("invalid_input", errs.MsgFixErrors, fields)
	}
	hash, err := uc.Hasher.Hash(in.Password)
	if err != nil {
		return domain.Account{}, fmt.Errorf("hash password: %w", err)
	}
	now := uc.Clock.Now()
	acc := domain.Account{ID: domain.NewUserID(), Email: email, PasswordHash: hash, Role: in.Role,
		ConfirmedAt: &now, CreatedAt: now, UpdatedAt: now}
	prof := domain.Profile{ID: acc.ID, Handle: in.Handle, DisplayName: name, CreatedAt: now, UpdatedAt: now}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.Accounts.Create(ctx, acc, prof); err != nil {
			return err
		}
		if err := uc.Search.EnqueueIndex(ctx, ports.SearchUser, acc.ID.String()); err != nil {
			return err
		}
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: ActionAccountCreate, TargetType: "account",
			TargetID: acc.ID.String(), At: now,
			Details: map[string]any{"email": email, "handle": in.Handle, "role": in.Role}}.ActorOf(actor))
	})
	switch {
	case errors.Is(err, domain.ErrEmailTaken):
		return domain.Account{}, errs.Conflict(CodeEmailTaken, MsgEmailTaken)
	case errors.Is(err, domain.ErrHandleTaken):
		return domain.Account{}, errs.Conflict(CodeHandleTaken, MsgHandleTaken)
	case err != nil:
		return domain.Account{}, fmt.Errorf("create account %s: %w", in.Handle, err)
	}
	return acc, nil
}
