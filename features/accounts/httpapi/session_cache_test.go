package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

// A node remembers for a few seconds that a session is live. Ending the
// session on another node must still take effect there at once: the test
// clock stands still, so only the notice the change sends can make the
// second node ask again.
func TestSessionEndedOnOneNodeIsRefusedOnAnother(t *testing.T) {
	t.Parallel()
	nodeA := at.Start(t, nil)
	nodeB := nodeA.AnotherNode()
	m := nodeA.Member("duas_portas")

	onB := nodeB.Client()
	onB.Token = m.Session.AccessToken
	for range 3 { // the session is now remembered on node B
		onB.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK)
	}

	nodeA.Client().Do(http.MethodPost, signOutPath, map[string]string{"refresh_token": m.Session.RefreshToken}).
		Expect(t, http.StatusNoContent)
	// On node A, at once.
	onA := nodeA.Client()
	onA.Token = m.Session.AccessToken
	onA.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)
	// On node B, as soon as the notice arrives.
	deadline := time.Now().Add(5 * time.Second)
	for onB.Do(http.MethodGet, mePath, nil).Status != http.StatusUnauthorized {
		if time.Now().After(deadline) {
			t.Fatal("node B still admits the session 5 s after it was ended on node A")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
