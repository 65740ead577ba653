package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
)

// mailRoom is an AccountFinder, ProfileReader, EmailTokenCreator and Outbox
// in memory: Ana's account is unconfirmed, Bia's confirmed.
type mailRoom struct {
	accounts map[string]domain.Account // by normal e-mail
	tokens   []EmailToken
	mail     []ports.Mail
}

func newMailRoom() *mailRoom {
	confirmed := time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC)
	return &mailRoom{accounts: map[string]domain.Account{
		"ana@example.com": {ID: domain.NewUserID(), Email: "Ana@example.com"},
		"bia@example.com": {ID: domain.NewUserID(), Email: "bia@example.com", ConfirmedAt: &confirmed},
	}}
}

func (r *mailRoom) ByEmail(_ context.Context, email string) (domain.Account, error) {
	if a, ok := r.accounts[domain.NormalizeEmail(email)]; ok {
		return a, nil
	}
	return domain.Account{}, domain.ErrNotFound
}

func (r *mailRoom) ByID(_ context.Context, id domain.UserID) (domain.Profile, error) {
	for _, a := range r.accounts {
		if a.ID == id {
			return domain.Profile{ID: id, DisplayName: "Membro " + strings.Split(a.Email, "@")[0]}, nil
		}
	}
	return domain.Profile{}, domain.ErrNotFound
}

func (r *mailRoom) Create(_ context.Context, tok EmailToken) error {
	r.tokens = append(r.tokens, tok)
	return nil
}

func (r *mailRoom) Enqueue(_ context.Context, m ports.Mail) error {
	r.mail = append(r.mail, m)
	return nil
}

// waiting is a ports.RateLimiter whose limit is reached: every Take waits.
type waiting struct{ takes int }

func (w *waiting) Take(context.Context, ...ports.RateRule) (time.Duration, error) {
	w.takes++
	return 30 * time.Second, nil
}

func (r *mailRoom) mailer(limiter ports.RateLimiter) AccountMailer {
	return AccountMailer{Tx: portstest.InlineTx{}, Accounts: r, Profiles: r, Outbox: r, Limiter: limiter,
		Settings: Settings{PublicURL: "https://social.example", ConfirmationTTL: 24 * time.Hour, PasswordResetTTL: time.Hour}}
}

// The three mails to the account of an e-mail address: each goes to the
// account's own address with the member's name, and an address without an
// account, or a limit reached, sends nothing.
func TestMailsToTheAccountOfAnAddress(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	type mailCase struct {
		name    string
		send    func(room *mailRoom, limiter ports.RateLimiter, email string) error
		subject string
		link    string // "" for a mail without a link
		purpose TokenPurpose
	}
	for _, c := range []mailCase{
		{name: "confirmation", subject: confirmSubject, link: "https://social.example/api/v1/auth/confirm?token=",
			purpose: PurposeConfirmEmail, send: func(room *mailRoom, limiter ports.RateLimiter, email string) error {
				uc := &ResendConfirmation{AccountMailer: room.mailer(limiter), Tokens: room, Clock: portstest.Clock{At: now}}
				_, err := uc.Handle(ctx, email)
				return err
			}},
		{name: "password reset", subject: resetSubject, link: "https://social.example/auth/reset?token=",
			purpose: PurposeResetPassword, send: func(room *mailRoom, limiter ports.RateLimiter, email string) error {
				uc := &SendPasswordReset{AccountMailer: room.mailer(limiter), Tokens: room, Clock: portstest.Clock{At: now}}
				return uc.Handle(ctx, email)
			}},
		{name: "sign-in alert", subject: signInAlertSubject, send: func(room *mailRoom, limiter ports.RateLimiter, email string) error {
			return (&SendSignInAlert{AccountMailer: room.mailer(limiter)}).Handle(ctx, email)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			room := newMailRoom()
			if err := c.send(room, &counter{}, "ninguem@example.com"); err != nil || len(room.mail) != 0 {
				t.Fatalf("an address without an account: %v, %d mails", err, len(room.mail))
			}
			if err := c.send(room, &counter{}, "ANA@example.com"); err != nil || len(room.mail) != 1 {
				t.Fatalf("ana: %v, %d mails", err, len(room.mail))
			}
			m := room.mail[0]
			if m.To != "Ana@example.com" || m.Subject != c.subject || !strings.Contains(m.BodyText, "Membro Ana") ||
				!strings.Contains(m.BodyText, c.link) {
				t.Fatalf("the mail: %+v", m)
			}
			if c.link != "" && (len(room.tokens) != 1 || room.tokens[0].Purpose != c.purpose) {
				t.Fatalf("the link's token: %+v", room.tokens)
			}
			limited := &waiting{}
			err := c.send(room, limited, "ana@example.com")
			if limited.takes != 1 || len(room.mail) != 1 {
				t.Fatalf("with the limit reached: %v, %d takes, %d mails", err, limited.takes, len(room.mail))
			}
		})
	}
}

// A confirmation is resent to an unconfirmed account only; a malformed
// address is answered alike without counting, and a reached limit is the
// one answer that differs.
func TestResendConfirmationAnswersAlike(t *testing.T) {
	ctx := context.Background()
	room := newMailRoom()
	limiter := &counter{}
	uc := &ResendConfirmation{AccountMailer: room.mailer(limiter), Tokens: room, Clock: portstest.Clock{At: time.Now()}}
	for _, email := range []string{"nao-e-email", "ninguem@example.com", "bia@example.com"} {
		if msg, err := uc.Handle(ctx, email); err != nil || msg != MsgConfirmationSent {
			t.Fatalf("%s: %q %v", email, msg, err)
		}
	}
	if limiter.takes != 2 || len(room.mail) != 0 {
		t.Fatalf("%d takes, %d mails; want 2 (not the malformed address) and none", limiter.takes, len(room.mail))
	}
	uc.Limiter = &waiting{}
	if _, err := uc.Handle(ctx, "ana@example.com"); portstest.CodeOf(err) != CodeRateLimited {
		t.Fatalf("within the cool-down: %v", err)
	}
}
