package httpapi_test

import (
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

// A role changed by an administrator counts from the member's next
// request, however recently its session was checked.
func TestRoleChangeCountsAtOnceDespiteTheSessionCache(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	admin := app.Staff("administra", "admin")
	mod := app.Staff("moderava", "moderator")
	const profiles = "/api/v1/admin/profiles"
	for range 3 {
		mod.Do(http.MethodGet, profiles, nil).Expect(t, http.StatusOK)
	}
	admin.Do(http.MethodPut, "/api/v1/admin/profiles/"+mod.ID, map[string]string{"role": "member"}).
		Expect(t, http.StatusOK)
	mod.Do(http.MethodGet, profiles, nil).Expect(t, http.StatusForbidden)
}
