package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/core/ports/portstest"
)

// registry is an in-memory AccountCreator, EmailTokenCreator, Outbox and
// SearchIndexQueue: e-mails and handles are unique.
type registry struct {
	accounts map[string]domain.Account // by normal e-mail
	handles  map[string]bool
	profiles []domain.Profile
	tokens   []EmailToken
	mail     []ports.Mail
}

func (r *registry) Create(_ context.Context, a domain.Account, p domain.Profile) error {
	if _, ok := r.accounts[domain.NormalizeEmail(a.Email)]; ok {
		return domain.ErrEmailTaken
	}
	if r.handles[p.Handle] {
		return domain.ErrHandleTaken
	}
	r.accounts[domain.NormalizeEmail(a.Email)], r.handles[p.Handle] = a, true
	r.profiles = append(r.profiles, p)
	return nil
}

type tokenBox struct{ r *registry }

func (t tokenBox) Create(_ context.Context, tok EmailToken) error {
	t.r.tokens = append(t.r.tokens, tok)
	return nil
}

func (r *registry) Enqueue(_ context.Context, m ports.Mail) error {
	r.mail = append(r.mail, m)
	return nil
}

// StaffNameSkeletons: the registry's staff is one moderator, "Carla Moderadora" (@carla_mod).
func (r *registry) StaffNameSkeletons(context.Context, domain.UserID) (map[string]bool, error) {
	return map[string]bool{domain.NameSkeleton("Carla Moderadora"): true, domain.NameSkeleton("carla_mod"): true}, nil
}

func (r *registry) EnqueueIndex(context.Context, ports.SearchKind, string) error { return nil }

// plainHasher marks a password as hashed without the cost of Argon2id.
type plainHasher struct{}

func (plainHasher) Hash(p string) (string, error)       { return "hashed:" + p, nil }
func (plainHasher) Verify(p, hash string) (bool, error) { return hash == "hashed:"+p, nil }

// counter is a ports.RateLimiter that allows everything and counts Takes.
type counter struct{ takes int }

func (c *counter) Take(context.Context, ...ports.RateRule) (time.Duration, error) {
	c.takes++
	return 0, nil
}

// newSignUp is the sign-up use case on an empty registry, its limits
// never reached.
func newSignUp(now time.Time) (*SignUp, *registry, *counter) {
	reg := &registry{accounts: map[string]domain.Account{}, handles: map[string]bool{}}
	limiter := &counter{}
	uc := &SignUp{Tx: portstest.InlineTx{}, Staff: reg, Search: reg, Accounts: reg, Tokens: tokenBox{reg}, Outbox: reg,
		Hasher: plainHasher{}, Limiter: limiter, Clock: portstest.Clock{At: now},
		Settings: Settings{PublicURL: "https://social.example", ConfirmationTTL: 24 * time.Hour,
			Limits: Limits{SignUpPerEmail: 5, SignUpPerIP: 5}}}
	return uc, reg, limiter
}

// goodSignUp is a form every rule accepts.
func goodSignUp() SignUpInput {
	return SignUpInput{Email: "ana@example.com", Password: "Senha123forte", PasswordConfirmation: "Senha123forte",
		DisplayName: "Ana", Handle: "ana", ClientIP: "203.0.113.7"}
}

// Each rule of the form refuses alone with its own text on its field, and
// the longest values each rule allows pass. Nothing refused is stored,
// mailed or counted.
func TestSignUpRefusesEveryRuleWithItsMessage(t *testing.T) {
	uc, reg, limiter := newSignUp(time.Now())
	long := strings.Repeat("a", 244) + "@example.com"
	cases := []struct {
		name, field, msg string
		change           func(in *SignUpInput)
	}{
		{"invalid e-mail", "email", "Email inválido", func(in *SignUpInput) { in.Email = "ana.example.com" }},
		{"empty e-mail", "email", "Email inválido", func(in *SignUpInput) { in.Email = "" }},
		{"e-mail over 255", "email", "Email muito longo", func(in *SignUpInput) { in.Email = long }},
		{"short password", "password", "Senha deve ter pelo menos 8 caracteres",
			func(in *SignUpInput) { in.Password, in.PasswordConfirmation = "Ab1", "Ab1" }},
		{"long password", "password", "Senha deve ter no máximo 128 caracteres", func(in *SignUpInput) {
			in.Password = "Ab1" + strings.Repeat("x", 126)
			in.PasswordConfirmation = in.Password
		}},
		{"weak password", "password", "Senha deve conter pelo menos: 1 letra minúscula, 1 maiúscula e 1 número",
			func(in *SignUpInput) { in.Password, in.PasswordConfirmation = "abcdefgh1", "abcdefgh1" }},
		{"confirmation differs", "password_confirmation", "As senhas não coincidem.",
			func(in *SignUpInput) { in.PasswordConfirmation = "Senha1234" }},
		{"name empty after cleaning", "display_name", "Nome não pode estar vazio após limpeza",
			func(in *SignUpInput) { in.DisplayName = " \t\n\u0001\u0007\u200b\u2060 " }},
		{"name over 50", "display_name", "Nome deve ter no máximo 50 caracteres",
			func(in *SignUpInput) { in.DisplayName = strings.Repeat("é", 51) }},
		{"handle with capitals", "handle", "Nome de usuário deve conter apenas letras minúsculas, números e _",
			func(in *SignUpInput) { in.Handle = "Ana" }},
		{"handle with a dot", "handle", "Nome de usuário deve conter apenas letras minúsculas, números e _",
			func(in *SignUpInput) { in.Handle = "ana.luz" }},
		{"short handle", "handle", "Nome de usuário deve ter entre 3 e 30 caracteres", func(in *SignUpInput) { in.Handle = "an" }},
		{"long handle", "handle", "Nome de usuário deve ter entre 3 e 30 caracteres",
			func(in *SignUpInput) { in.Handle = strings.Repeat("a", 31) }},
	}
	for _, tc := range cases {
		in := goodSignUp()
		tc.change(&in)
		_, err := uc.Handle(context.Background(), in)
		e, ok := errs.As(err)
		if !ok || e.Code != CodeInvalidInput || e.Kind != errs.KindInvalid || e.Message != "Por favor, corrija os erros antes de continuar." {
			t.Errorf("%s: %v, want %s", tc.name, err, CodeInvalidInput)
			continue
		}
		if e.Fields[tc.field] != tc.msg || len(e.Fields) != 1 {
			t.Errorf("%s: fields %v, want only %s: %q", tc.name, e.Fields, tc.field, tc.msg)
		}
	}
	if limiter.takes != 0 || len(reg.accounts) != 0 || len(reg.mail) != 0 {
		t.Fatal("a refused form used an attempt, made an account or sent mail")
	}

	boundaries := SignUpInput{Email: strings.Repeat("b", 243) + "@example.com", Password: "Ab1" + strings.Repeat("x", 125),
		DisplayName: strings.Repeat("é", 50), Handle: strings.Repeat("b", 30), ClientIP: "203.0.113.7"}
	boundaries.PasswordConfirmation = boundaries.Password
	if _, err := uc.Handle(context.Background(), boundaries); err != nil {
		t.Fatalf("the longest values allowed: %v", err)
	}
}

// The sign-up rules of the use case: every field's problem at once, no
// attempt used by a refused form, taken e-mails and handles answered as
// conflicts, and an account that starts unconfirmed with a mailed link.
func TestSignUpRules(t *testing.T) {
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	uc, reg, limiter := newSignUp(now)
	ctx := context.Background()
	good := goodSignUp()
	good.Email, good.DisplayName, good.Handle = " ana@example.com ", "  Ana \t Souza ", "ana_souza"

	bad := good
	bad.Email, bad.PasswordConfirmation, bad.Handle, bad.DisplayName = "ana@", "outra", "Ana Souza", " "
	_, err := uc.Handle(ctx, bad)
	e, ok := errs.As(err)
	if !ok || e.Code != CodeInvalidInput {
		t.Fatalf("a bad form: %v", err)
	}
	for _, f := range []string{"email", "password_confirmation", "handle", "display_name"} {
		if e.Fields[f] == "" {
			t.Fatalf("every problem is answered at once; %q missing from %v", f, e.Fields)
		}
	}
	if _, ok := e.Fields["password"]; ok {
		t.Fatalf("a good password is not a problem: %v", e.Fields)
	}
	if limiter.takes != 0 || len(reg.accounts) != 0 {
		t.Fatal("a refused form used an attempt or made an account")
	}

	if msg, err := uc.Handle(ctx, good); err != nil || msg != MsgSignedUp {
		t.Fatalf("sign-up: %q %v", msg, err)
	}
	acc := reg.accounts["ana@example.com"]
	if acc.Email != "ana@example.com" || acc.PasswordHash != "hashed:Senha123forte" || acc.Role != domain.RoleMember ||
		acc.Confirmed() {
		t.Fatalf("a trimmed e-mail, a hashed password, an unconfirmed member: %+v", acc)
	}
	if reg.profiles[0].DisplayName != "Ana Souza" {
		t.Fatalf("the display name is cleaned: %q", reg.profiles[0].DisplayName)
	}
	if len(reg.tokens) != 1 || reg.tokens[0].Purpose != PurposeConfirmEmail || !reg.tokens[0].ExpiresAt.Equal(now.Add(24*time.Hour)) {
		t.Fatalf("a confirmation token valid for ConfirmationTTL: %+v", reg.tokens)
	}
	if len(reg.mail) != 1 || reg.mail[0].To != "ana@example.com" ||
		!strings.Contains(reg.mail[0].BodyText, "https://social.example/api/v1/auth/confirm?token=") {
		t.Fatalf("the confirmation mail: %+v", reg.mail)
	}

	again := good
	again.Email = "ANA@example.com"
	again.Handle = "outra_ana"
	if _, err := uc.Handle(ctx, again); portstest.CodeOf(err) != CodeEmailTaken {
		t.Fatalf("the same e-mail in other case: %v", err)
	}
	again.Email = "bia@example.com"
	again.Handle = "ana_souza"
	_, err = uc.Handle(ctx, again)
	if e, ok := errs.As(err); !ok || e.Code != CodeHandleTaken || e.Fields["handle"] != MsgHandleTaken {
		t.Fatalf("a taken handle is answered on its field: %v", err)
	}
}

// A name or handle that passes for a reserved word or for a staff member's
// is refused on its field (422 name_reserved) before any attempt counts.
func TestSignUpRefusesNamesThatPassForStaff(t *testing.T) {
	uc, reg, limiter := newSignUp(time.Now())
	good := goodSignUp()
	cases := []struct{ name, handle, field, msg string }{
		{"Bia", "admin", "handle", MsgHandleReserved},
		{"Bia", "suporte_", "handle", MsgHandleReserved},
		{"Bia", "carla_mod", "handle", MsgHandleReserved},
		{"\u0430dmin", "bia", "display_name", MsgNameReserved},
		{"Ｅｑｕｉｐｅ", "bia", "display_name", MsgNameReserved},
		{"C\u0430rla M\u03bfderadora", "bia", "display_name", MsgNameReserved},
	}
	for _, c := range cases {
		in := good
		in.DisplayName, in.Handle = c.name, c.handle
		_, err := uc.Handle(context.Background(), in)
		e, ok := errs.As(err)
		if !ok || e.Code != CodeNameReserved || e.Kind != errs.KindInvalid || e.Fields[c.field] != c.msg {
			t.Fatalf("%q @%s: %v, want %s refused on %s", c.name, c.handle, err, CodeNameReserved, c.field)
		}
	}
	if limiter.takes != 0 || len(reg.accounts) != 0 {
		t.Fatal("a refused name used an attempt or made an account")
	}
	if _, err := uc.Handle(context.Background(), good); err != nil {
		t.Fatalf("an ordinary name: %v", err)
	}
}
