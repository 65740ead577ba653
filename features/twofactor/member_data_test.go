package twofactor_test

import (
	"context"
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

func TestADeletedAccountKeepsNoSecondStepAndItsPasskeySignsInNoMore(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("gil")
	enrol(t, app, m)
	a := newAuthenticator(t, app)
	_, cred := addPasskey(t, m, a, "Celular")

	// With a second step, deleting the account takes the password as before.
	m.Do(http.MethodPost, "/api/v1/account/delete", map[string]string{"password": at.Password}).Expect(t, http.StatusNoContent)

	for _, table := range []string{"twofactor_totp", "twofactor_recovery_codes", "passkeys"} {
		var n int
		if err := app.DB.NewRaw(`SELECT count(*) FROM `+table+` WHERE account_id = ?`, m.ID).Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%d rows of the deleted member left in %s", n, table)
		}
	}
	var begin ceremony
	app.Client().Do(http.MethodPost, "/api/v1/auth/passkeys/sign-in-options", nil).Expect(t, http.StatusOK).JSON(t, &begin)
	app.Client().Do(http.MethodPost, "/api/v1/auth/passkeys/sign-in", map[string]any{"ceremony": begin.Ceremony,
		"credential": a.get(begin.Options, cred)}).Expect(t, http.StatusUnauthorized)
}
