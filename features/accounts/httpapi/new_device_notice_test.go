package httpapi_test

import (
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

// A sign-in from a browser the account has not seen puts a notice from the
// service in the member's list, naming the device as the sessions list
// does; signing in again from that browser, or from the one the member
// signed up on, tells nothing, and neither does the very first sign-in.
func TestSignInFromANewDeviceIsNoticed(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana_device") // first sign-in: nothing to tell
	type item struct {
		Type    string  `json:"type"`
		Notice  *string `json:"notice"`
		Title   string  `json:"title"`
		Body    *string `json:"body"`
		Message *string `json:"message"`
	}
	notices := func() []item {
		t.Helper()
		var list struct {
			Items []item `json:"items"`
		}
		ana.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &list)
		return list.Items
	}
	if got := notices(); len(got) != 0 {
		t.Fatalf("after the first sign-in: %+v", got)
	}

	firefox := "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
	laptop := app.Client()
	for range 2 { // the second time the laptop is a known device
		laptop.Do(http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": ana.Email, "password": at.Password},
			"User-Agent", firefox).Expect(t, http.StatusOK)
	}
	ana.SignIn(ana.Email, at.Password) // the first browser again
	got := notices()
	if len(got) != 1 || got[0].Type != "system" || *got[0].Notice != "new_sign_in" || got[0].Title != "Novo acesso à sua conta" ||
		got[0].Message == nil || *got[0].Message != "Firefox no Linux" ||
		*got[0].Body != "Entrada em Firefox no Linux. Se não foi você, troque sua senha e encerre as outras sessões." {
		t.Fatalf("notices: %+v", got)
	}
}
