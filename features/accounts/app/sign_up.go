package app

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// SignUpInput is the sign-up form and where it came from.
type SignUpInput struct {
	Email                string
	Password             string
	PasswordConfirmation string
	DisplayName          string
	Handle               string
	ClientIP             string
}

// AccountCreator stores a new account with its profile; a duplicate e-mail
// or handle is domain.ErrEmailTaken or domain.ErrHandleTaken.
type AccountCreator interface {
	Create(ctx context.Context, a domain.Account, p domain.Profile) error
}

// EmailTokenCreator stores a new e-mail token.
type EmailTokenCreator interface {
	Create(ctx context.Context, t EmailToken) error
}

// SignUp creates an unconfirmed account, its profile and a confirmation
// token, and queues the confirmation e-mail, all in one transaction.
type SignUp struct {
	Tx       ports.Transactor
	Staff    StaffNames
	Search   ports.SearchIndexQueue
	Accounts AccountCreator
	Tokens   EmailTokenCreator
	Outbox   ports.Outbox
	Hasher   ports.PasswordHasher
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Settings Settings
}

// Handle signs a member up and returns the message to show.
func (uc *SignUp) Handle(ctx context.Context, in SignUpInput) (string, error) {
	email := strings.TrimSpace(in.Email)
	displayName := domain.CleanDisplayName(in.DisplayName)
	fields := map[string]string{}
	addProblem(fields, "email", domain.EmailProblem(email))
	addProblem(fields, "password", domain.PasswordProblem(in.Password))
	addProblem(fields, "password_confirmation", domain.ConfirmationProblem(in.Password, in.PasswordConfirmation))
	addProblem(fields, "display_name", domain.DisplayNameProblem(displayName))
	addProblem(fields, "handle", domain.HandleProblem(in.Handle))
	if len(fields) > 0 {
		return "", errs.Invalid(CodeInvalidInput, errs.MsgFixErrors, fields)
	}
	// Nobody signs up as staff: a name or handle that looks like a reserved
	// word or like a moderator's or administrator's is refused.
	staff, err := uc.Staff.StaffNameSkeletons(ctx, domain.UserID{})
	if err != nil {
		return "", fmt.Errorf("staff names: %w", err)
	}
	addProblem(fields, "display_name", reservedProblem(displayName, staff, MsgNameReserved))
	addProblem(fields, "handle", reservedProblem(in.Handle, staff, MsgHandleReserved))
	if len(fields) > 0 {
		return "", errs.Invalid(CodeNameReserved, errs.MsgFixErrors, fields)
	}

	wait, err := uc.Limiter.Take(ctx,
		ports.RateRule{Bucket: "sign_up_email", Key: domain.NormalizeEmail(email), Limit: uc.Settings.Limits.SignUpPerEmail, Window: SignUpWindow},
		ports.RateRule{Bucket: "sign_up_ip", Key: domain.ClientNetwork(in.ClientIP), Limit: uc.Settings.Limits.SignUpPerIP, Window: SignUpWindow})
	if err != nil {
		return "", fmt.Errorf("sign-up rate limit: %w", err)
	}
	if wait > 0 {
		return "", rateLimited(MsgWaitSignUp, wait)
	}

	hash, err := uc.Hasher.Hash(in.Password)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	now := uc.Clock.Now()
	acc := domain.Account{ID: domain.NewUserID(), Email: email, PasswordHash: hash, Role: domain.RoleMember,
		CreatedAt: now, UpdatedAt: now}
	prof := domain.Profile{ID: acc.ID, Handle: in.Handle, DisplayName: displayName, CreatedAt: now, UpdatedAt: now}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.Accounts.Create(ctx, acc, prof); err != nil {
			return err
		}
		// The new member can be found as soon as they exist.
		if err := uc.Search.EnqueueIndex(ctx, ports.SearchUser, acc.ID.String()); err != nil {
			return err
		}
		return sendConfirmation(ctx, uc.Settings, uc.Tokens, uc.Outbox, acc.ID, acc.Email, displayName, now)
	})
	switch {
	case errors.Is(err, domain.ErrEmailTaken):
		return "", errs.Conflict(CodeEmailTaken, MsgEmailTaken)
	case errors.Is(err, domain.ErrHandleTaken):
		e := errs.Conflict(CodeHandleTaken, MsgHandleTaken)
		e.Fields = map[string]string{"handle": MsgHandleTaken}
		return "", e
	case err != nil:
		return "", fmt.Errorf("sign up %s: %w", in.Handle, err)
	}
	// The confirmation e-mail just left: asking for another one waits.
	_, _ = uc.Limiter.Take(ctx, resendRule(email))
	return MsgSignedUp, nil
}

// StaffNames reads the skeletons of the staff's handles and display names
// (domain.NameSkeleton), leaving out one member's own.
type StaffNames interface {
	StaffNameSkeletons(ctx context.Context, except domain.UserID) (map[string]bool, error)
}

func reservedProblem(name string, staff map[string]bool, msg string) string {
	if domain.Impersonates(name, staff) {
		return msg
	}
	return ""
}

func addProblem(fields map[string]string, field, msg string) {
	if msg != "" {
		fields[field] = msg
	}
}

// sendConfirmation mails account a link confirming its address, in the
// transaction of ctx.
func sendConfirmation(ctx context.Context, s Settings, tokens EmailTokenCreator, outbox ports.Outbox,
	account domain.UserID, to, name string, now time.Time) error {
	link := emailLink{Purpose: PurposeConfirmEmail, TTL: s.ConfirmationTTL}
	return link.send(ctx, tokens, outbox, account, now, func(token string) ports.Mail {
		address := s.PublicURL + "/api/v1/auth/confirm?token=" + url.QueryEscape(token)
		return ports.Mail{To: to, Subject: confirmSubject,
			BodyText: fmt.Sprintf(confirmBody, name, address, humanDuration(s.ConfirmationTTL))}
	})
}

func resendRule(email string) ports.RateRule {
	return ports.RateRule{Bucket: "confirm_resend_email", Key: domain.NormalizeEmail(email), Limit: 1, Window: ResendCooldown}
}
