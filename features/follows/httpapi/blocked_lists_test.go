package httpapi_test

import (
	"net/http"
	"slices"
	"testing"

	at "social/tests/testkit/apptest"
)

func handles(t *testing.T, c *at.Client, path string) []string {
	t.Helper()
	var p page
	c.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK).JSON(t, &p)
	out := make([]string, len(p.Items))
	for i, e := range p.Items {
		out[i] = e.Handle
	}
	slices.Sort(out)
	return out
}

// A followers or following list never shows a member in a block relation
// with the list's owner (a follow row left from before the block, written
// here directly), anonymously or not, and a signed-in viewer does not see
// the members in a block relation with them.
func TestFollowListsLeaveOutBlockedMembers(t *testing.T) {
	app := at.Start(t, nil)
	dono, ana, bia, caio, vera := app.Member("dono"), app.Member("ana"), app.Member("bia"), app.Member("caio"), app.Member("vera")
	for _, m := range []*at.Member{ana, bia, caio} {
		m.Do(http.MethodPost, followPath("dono"), nil).Expect(t, http.StatusOK)
		dono.Do(http.MethodPost, followPath(m.Handle), nil).Expect(t, http.StatusOK)
	}
	// vera blocks bia; dono blocks caio, and an old follow row of the pair
	// survives both ways.
	vera.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	dono.Do(http.MethodPost, "/api/v1/profiles/caio/block", nil).Expect(t, http.StatusOK)
	if _, err := app.DB.NewRaw(`INSERT INTO follows (id, follower_id, following_id, created_at)
		VALUES (gen_random_uuid(), ?, ?, now()), (gen_random_uuid(), ?, ?, now())`,
		caio.ID, dono.ID, dono.ID, caio.ID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}

	for _, dir := range []string{"followers", "following"} {
		path := "/api/v1/profiles/dono/" + dir
		for _, c := range []struct {
			who  string
			c    *at.Client
			want []string
		}{
			{"anonymous", app.Client(), []string{"ana", "bia"}},
			{"the owner", dono.Client, []string{"ana", "bia"}},
			{"a member blocking bia", vera.Client, []string{"ana"}},
			{"bia", bia.Client, []string{"ana", "bia"}},
		} {
			if got := handles(t, c.c, path); !slices.Equal(got, c.want) {
				t.Errorf("%s reads %s %v, want %v", c.who, dir, got, c.want)
			}
		}
	}
}
