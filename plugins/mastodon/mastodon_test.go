package mastodon_test

import (
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

type mastodonError struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

func expectError(t *testing.T, r *at.Response, status int, code string) {
	t.Helper()
	var e mastodonError
	r.Expect(t, status).JSON(t, &e)
	if e.Code != code || e.Error == "" {
		t.Fatalf("want %d %s with a message, got %+v", status, code, e)
	}
}

// verify_credentials is the first call of every app: the member the token
// acts for, refused without a token, without the scope, and once the
// member is suspended.
func TestVerifyCredentials(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("lia")
	reader := m.AppClient(t, "read")

	var acct struct {
		ID, Username, Acct, Note string
		Source                   struct{ Privacy, Language string }
	}
	reader.Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK).JSON(t, &acct)
	if acct.ID != m.ID || acct.Username != "lia" || acct.Acct != "lia" || acct.Source.Privacy != "public" {
		t.Fatalf("account: %+v", acct)
	}
	// The member's own session is not limited by scopes.
	m.Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)

	expectError(t, app.Client().Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil), http.StatusUnauthorized, "token_required")
	writer := m.AppClient(t, "write:statuses")
	expectError(t, writer.Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil), http.StatusForbidden, "insufficient_scope")

	admin := app.Staff("chefe", "admin")
	admin.Do(http.MethodPost, "/api/v1/admin/profiles/"+m.ID+"/suspend", map[string]string{"reason": "spam"}).Expect(t, http.StatusOK)
	expectError(t, reader.Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil), http.StatusUnauthorized, "token_required")
}
