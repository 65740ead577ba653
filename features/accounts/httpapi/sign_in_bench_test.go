package httpapi_test

import (
	"net/http"
	"testing"

	"social/config"
	at "social/tests/testkit/apptest"
)

// BenchmarkSignIn measures a wrong password for a known e-mail and any
// password for an unknown one, with the app's own Argon2id parameters (make
// bench-micro): the two figures should be alike, since both pay one
// verification (the unknown e-mail against a stand-in hash). What makes
// them alike is checked by TestSignInFailuresCostOneVerificationAndAnswerAlike
// (features/accounts/app) and TestEmptyHashCostsAsMuchAsAStoredOne
// (adapters/argon2id).
func BenchmarkSignIn(b *testing.B) {
	app := at.StartWithAppHashing(b, func(c *config.Config) {
		c.Limits.SignInPerEmail = 1 << 30
		c.Limits.SignInPerIP = 1 << 30
		c.Limits.SignInPerEmailAll = 1 << 30
	})
	app.Member("clara")
	c := app.Client()
	for _, bc := range []struct{ name, email string }{{"known", "clara@example.com"}, {"unknown", "ninguem@example.com"}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				c.Do(http.MethodPost, signInPath, map[string]string{"email": bc.email, "password": "SenhaErrada9"}).
					Expect(b, http.StatusUnauthorized)
			}
		})
	}
}
