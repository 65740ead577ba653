package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// verification is one call of the password hasher's Verify.
type verification struct{ password, hash string }

// recordingHasher remembers what it was asked to verify, and matches
// "hashed:<password>" as sign_up_test's plainHasher does.
type recordingHasher struct {
	plainHasher
	verified []verification
}

func (h *recordingHasher) Verify(password, hash string) (bool, error) {
	h.verified = append(h.verified, verification{password, hash})
	return h.plainHasher.Verify(password, hash)
}

// failureBook counts sign-in failures, always within the limits.
type failureBook struct{ failures int }

func (b *failureBook) Begin(context.Context, SignInAttempt, []FailureRule) (int64, time.Duration, error) {
	b.failures++
	return int64(b.failures), 0, nil
}
func (b *failureBook) Succeeded(context.Context, SignInAttempt) error { b.failures--; return nil }
func (b *failureBook) EmailFailures(context.Context, []byte, time.Time) (int, error) {
	return b.failures, nil
}

type noDevices struct{}

func (noDevices) AccountOf(context.Context, []byte) (domain.UserID, error) {
	return domain.UserID{}, domain.ErrNotFound
}
func (noDevices) Remember(context.Context, domain.UserID, []byte, time.Time) error { return nil }
func (noDevices) AnyOf(context.Context, domain.UserID) (bool, error)               { return false, nil }

type noAlerts struct{}

func (noAlerts) EnqueueSignInAlert(context.Context, string) error { return nil }

// An unknown e-mail, a wrong password and an over-long one all cost one
// password verification, and get one answer: the time taken and the answer
// do not tell whether an account exists. For an unknown e-mail the hasher is
// handed the empty hash, which ports.PasswordHasher checks against a
// stand-in of the same cost (adapters/argon2id TestEmptyHashCostsAsMuchAsAStoredOne).
// BenchmarkSignIn (features/accounts/httpapi) measures both answers.
func TestSignInFailuresCostOneVerificationAndAnswerAlike(t *testing.T) {
	t.Parallel()
	known := domain.Account{ID: domain.NewUserID(), Email: "clara@example.com", PasswordHash: "hashed:Senha123"}
	cases := []struct {
		name, email, password string
		want                  verification
	}{
		{"wrong password", "clara@example.com", "SenhaErrada9", verification{"SenhaErrada9", known.PasswordHash}},
		{"unknown e-mail", "ninguem@example.com", "SenhaErrada9", verification{"SenhaErrada9", ""}},
		{"unknown e-mail, the right password of another", "ninguem@example.com", "Senha123", verification{"Senha123", ""}},
		{"over-long password", "clara@example.com", strings.Repeat("a", domain.MaxPasswordLength+1), verification{"", known.PasswordHash}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			hasher := &recordingHasher{}
			failures := &failureBook{}
			accounts := &mailRoom{accounts: map[string]domain.Account{"clara@example.com": known}}
			uc := SignIn{Accounts: accounts, Hasher: hasher, Clock: portstest.Clock{At: time.Now()},
				Guard: SignInGuard{Failures: failures, Devices: noDevices{}, Alerts: noAlerts{}}}
			_, err := uc.Handle(context.Background(), SignInInput{Email: c.email, Password: c.password, ClientIP: "203.0.113.7"})
			if got := portstest.CodeOf(err); got != CodeInvalidCredentials {
				t.Fatalf("answer = %v (%s), want %s", err, got, CodeInvalidCredentials)
			}
			if len(hasher.verified) != 1 || hasher.verified[0] != c.want {
				t.Fatalf("verifications = %+v, want exactly one of %+v", hasher.verified, c.want)
			}
			if failures.failures != 1 {
				t.Fatalf("failures counted = %d, want 1", failures.failures)
			}
		})
	}
}
