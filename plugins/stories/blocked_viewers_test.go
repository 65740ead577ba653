package stories_test

import (
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

// A member who viewed a story and is then blocked by its author, or who
// blocks the author, is no longer in the author's list of viewers.
func TestViewersLeaveOutBlockedMembers(t *testing.T) {
	a := at.Start(t, nil)
	bia := a.Member("bia")
	ana, caio, duda := a.Member("ana"), a.Member("caio"), a.Member("duda")
	for _, v := range []*at.Member{ana, caio, duda} {
		follow(t, v, bia)
	}
	s := post(t, bia, "Quem viu?")
	for _, v := range []*at.Member{ana, caio, duda} {
		v.Do(http.MethodPost, "/api/v1/stories/"+s.ID+"/view", nil).Expect(t, http.StatusOK)
	}
	bia.Do(http.MethodPost, "/api/v1/profiles/caio/block", nil).Expect(t, http.StatusOK)
	duda.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)

	if got := viewerHandles(t, bia, s.ID); len(got) != 1 || got[0] != "ana" {
		t.Fatalf("viewers %v, want ana alone", got)
	}
}
