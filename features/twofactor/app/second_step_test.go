package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
	accounts "social/features/accounts/app"
)

// openerStub opens a session for whoever it is asked to.
type openerStub struct{ opened []domain.UserID }

func (o *openerStub) Handle(_ context.Context, id domain.UserID, _ accounts.Device) (accounts.Session, error) {
	o.opened = append(o.opened, id)
	return accounts.Session{AccessToken: "token-for-" + id.String(), User: accounts.SessionUser{ID: id}}, nil
}

type rig struct {
	store    *memStore
	outbox   *memOutbox
	opener   *openerStub
	clock    *portstest.Clock
	acc      domain.UserID
	secret   []byte
	gate     *BeginSecondStep
	confirm  *ConfirmTOTP
	recovery []string
}

func (r *rig) complete() *CompleteSecondStep {
	return &CompleteSecondStep{Tx: portstest.InlineTx{}, Store: r.store, Sessions: r.opener, Clock: r.clock}
}

func (r *rig) at(t time.Time) { r.clock.At = t }

// enrolled is a member whose authenticator app is on, at a stopped clock.
func enrolled(t *testing.T) *rig {
	t.Helper()
	r := &rig{store: newMemStore(), outbox: &memOutbox{}, opener: &openerStub{},
		clock: &portstest.Clock{At: time.Date(2026, 12, 26, 12, 0, 0, 0, time.UTC)}, acc: domain.NewUserID()}
	accs := memAccounts{r.acc: {ID: r.acc, Email: "maria@exemplo.com.br"}}
	r.gate = &BeginSecondStep{Store: r.store, Clock: r.clock}
	ctx := context.Background()
	v := domain.Viewer{UserID: r.acc}
	e, err := (&StartTOTP{Store: r.store, Accounts: accs, Clock: r.clock}).Handle(ctx, v)
	if err != nil {
		t.Fatal(err)
	}
	r.secret = r.store.totp[r.acc].Secret
	if SecretText(r.secret) != e.Secret {
		t.Fatalf("secret text %s, stored %s", e.Secret, SecretText(r.secret))
	}
	r.confirm = &ConfirmTOTP{Tx: portstest.InlineTx{}, Store: r.store, Accounts: accs, Outbox: r.outbox, Clock: r.clock}
	codes, err := r.confirm.Handle(ctx, v, r.code())
	if err != nil {
		t.Fatalf("confirm: %v", err)
	}
	if len(codes) != RecoveryCodeCount {
		t.Fatalf("%d recovery codes", len(codes))
	}
	r.recovery = codes
	return r
}

func (r *rig) code() string { return TOTPCode(r.secret, TOTPStep(r.clock.Now())) }

func (r *rig) begin(t *testing.T) string {
	t.Helper()
	c, ok, err := r.gate.Begin(context.Background(), r.acc)
	if err != nil || !ok {
		t.Fatalf("begin: ok %v, err %v", ok, err)
	}
	return c.Token
}

func TestConfirmingTheAppTellsTheMemberByMail(t *testing.T) {
	r := enrolled(t)
	if len(r.outbox.sent) != 1 || r.outbox.sent[0].To != "maria@exemplo.com.br" {
		t.Fatalf("mail %+v", r.outbox.sent)
	}
}

func TestAnAccountWithoutSecondStepGetsNoChallenge(t *testing.T) {
	store := newMemStore()
	_, ok, err := (&BeginSecondStep{Store: store, Clock: portstest.Clock{At: time.Now()}}).Begin(context.Background(), domain.NewUserID())
	if err != nil || ok {
		t.Fatalf("ok %v, err %v", ok, err)
	}
}

func TestSecondStepOpensTheSessionOnlyWithTheRightCode(t *testing.T) {
	r := enrolled(t)
	r.at(r.clock.At.Add(2 * time.Minute)) // a later step than the confirmation's
	token := r.begin(t)
	ctx := context.Background()
	_, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: token, Code: "000000"})
	if portstest.CodeOf(err) != CodeInvalidCode {
		t.Fatalf("wrong code: %v", err)
	}
	if len(r.opener.opened) != 0 {
		t.Fatal("a wrong code opened a session")
	}
	s, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: token, Code: r.code()})
	if err != nil {
		t.Fatalf("right code: %v", err)
	}
	if s.User.ID != r.acc || len(r.opener.opened) != 1 {
		t.Fatalf("session %+v, opened %v", s, r.opener.opened)
	}
	// The challenge is used: a second completion is refused.
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: token, Code: r.code()}); portstest.CodeOf(err) != CodeChallengeExpired {
		t.Fatalf("reused challenge: %v", err)
	}
}

func TestACodeIsNotAcceptedTwice(t *testing.T) {
	r := enrolled(t)
	r.at(r.clock.At.Add(2 * time.Minute))
	ctx := context.Background()
	code := r.code()
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), Code: code}); err != nil {
		t.Fatal(err)
	}
	// Same code, 20 seconds later, on a new sign-in: still within its window, refused.
	r.at(r.clock.At.Add(20 * time.Second))
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), Code: code}); portstest.CodeOf(err) != CodeInvalidCode {
		t.Fatalf("replayed code: %v", err)
	}
	// The code of the next step works.
	r.at(r.clock.At.Add(30 * time.Second))
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), Code: r.code()}); err != nil {
		t.Fatalf("next step's code: %v", err)
	}
}

func TestTheChallengeExpiresAfterFiveMinutes(t *testing.T) {
	r := enrolled(t)
	token := r.begin(t)
	r.at(r.clock.At.Add(ChallengeTTL + time.Second))
	if _, err := r.complete().Handle(context.Background(), CompleteSecondStepInput{Challenge: token, Code: r.code()}); portstest.CodeOf(err) != CodeChallengeExpired {
		t.Fatalf("expired challenge: %v", err)
	}
}

func TestWrongCodesAreLimitedPerAccount(t *testing.T) {
	r := enrolled(t)
	r.at(r.clock.At.Add(2 * time.Minute))
	ctx := context.Background()
	token := r.begin(t)
	for i := range MaxFailures {
		if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: token, Code: "123456"}); portstest.CodeOf(err) != CodeInvalidCode {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	// Even the right code is refused now, on a new challenge too.
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), Code: r.code()}); portstest.CodeOf(err) != CodeRateLimited {
		t.Fatalf("past the limit: %v", err)
	}
	if len(r.opener.opened) != 0 {
		t.Fatal("a session was opened past the limit")
	}
	// Once the window has moved on, the right code works.
	r.at(r.clock.At.Add(FailureWindow + time.Minute))
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), Code: r.code()}); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

func TestRecoveryCodesWorkOnce(t *testing.T) {
	r := enrolled(t)
	ctx := context.Background()
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), RecoveryCode: r.recovery[0]}); err != nil {
		t.Fatalf("first use: %v", err)
	}
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), RecoveryCode: r.recovery[0]}); portstest.CodeOf(err) != CodeInvalidCode {
		t.Fatalf("second use: %v", err)
	}
	if left, _ := r.store.RecoveryCodesLeft(ctx, r.acc); left != RecoveryCodeCount-1 {
		t.Fatalf("%d codes left", left)
	}
}

func TestNoMethodIsRefusedWithoutCountingAFailure(t *testing.T) {
	r := enrolled(t)
	if _, err := r.complete().Handle(context.Background(), CompleteSecondStepInput{Challenge: r.begin(t)}); portstest.CodeOf(err) != CodeNoMethod {
		t.Fatalf("no method: %v", err)
	}
	if n := len(r.store.failures[r.acc]); n != 0 {
		t.Fatalf("%d failures counted", n)
	}
}

func TestRegeneratingRecoveryCodesReplacesTheOldOnesAndMails(t *testing.T) {
	r := enrolled(t)
	ctx := context.Background()
	accs := memAccounts{r.acc: {ID: r.acc, Email: "maria@exemplo.com.br"}}
	codes, err := (&RegenerateRecoveryCodes{Tx: portstest.InlineTx{}, Store: r.store, Gate: r.gate, Accounts: accs,
		Outbox: r.outbox, Clock: r.clock}).Handle(ctx, domain.Viewer{UserID: r.acc})
	if err != nil || len(codes) != RecoveryCodeCount {
		t.Fatalf("codes %v, err %v", codes, err)
	}
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), RecoveryCode: r.recovery[1]}); portstest.CodeOf(err) != CodeInvalidCode {
		t.Fatalf("old code: %v", err)
	}
	if _, err := r.complete().Handle(ctx, CompleteSecondStepInput{Challenge: r.begin(t), RecoveryCode: codes[0]}); err != nil {
		t.Fatalf("new code: %v", err)
	}
	if len(r.outbox.sent) != 2 {
		t.Fatalf("%d mails", len(r.outbox.sent))
	}
}

func TestDisablingTheAppNeedsACurrentCodeAndMails(t *testing.T) {
	r := enrolled(t)
	ctx := context.Background()
	accs := memAccounts{r.acc: {ID: r.acc, Email: "maria@exemplo.com.br"}}
	uc := &DisableTOTP{Tx: portstest.InlineTx{}, Store: r.store, Accounts: accs, Outbox: r.outbox, Limiter: freeLimiter{}, Clock: r.clock}
	if err := uc.Handle(ctx, domain.Viewer{UserID: r.acc}, "000000"); portstest.CodeOf(err) != CodeInvalidCode {
		t.Fatalf("wrong code: %v", err)
	}
	r.at(r.clock.At.Add(time.Minute))
	if err := uc.Handle(ctx, domain.Viewer{UserID: r.acc}, r.code()); err != nil {
		t.Fatalf("right code: %v", err)
	}
	if has, _ := r.gate.Has(ctx, r.acc); has {
		t.Fatal("still has a second step")
	}
	if left, _ := r.store.RecoveryCodesLeft(ctx, r.acc); left != 0 {
		t.Fatalf("%d recovery codes left with no second step", left)
	}
	if len(r.outbox.sent) != 2 {
		t.Fatalf("%d mails", len(r.outbox.sent))
	}
}

func TestNobodyManagesASecondStep(t *testing.T) {
	store := newMemStore()
	_, err := (&StartTOTP{Store: store, Clock: portstest.Clock{}}).Handle(context.Background(), domain.Viewer{})
	if portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("nobody: %v", err)
	}
}
