package federation_test

import (
	"bytes"
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

// Federation ships off: none of its addresses answers, and the member
// app's pages are the app's for browsers as before.
func TestOffByDefault(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	postID := ana.NewPost(t, "olá", "")

	for _, c := range []struct{ path, accept string }{
		{"/.well-known/webfinger?resource=acct:ana@" + domain, "application/jrd+json"},
		{"/.well-known/webfinger?resource=acct:ana@" + domain, "*/*"},
		{"/.well-known/host-meta", "*/*"},
		{"/.well-known/nodeinfo", "application/json"},
		{"/nodeinfo/2.1", "application/json"},
		{"/ap/users/" + ana.ID, activityJSON},
		{"/ap/users/" + ana.ID + "/outbox", activityJSON},
		{"/ap/users/" + ana.ID + "/followers", ldJSON},
		{"/ap/posts/" + postID, activityJSON},
		{"/profile/ana", activityJSON},
		{"/post/" + postID, activityJSON},
	} {
		get(app.Client(), c.path, c.accept).Expect(t, http.StatusNotFound)
	}
	spa := get(app.Client(), "/", browser)
	for _, path := range []string{"/profile/ana", "/post/" + postID} {
		r := get(app.Client(), path, browser)
		if r.Status != spa.Status || !bytes.Equal(r.Body, spa.Body) {
			t.Fatalf("%s: %d %.100s, the app answers %d", path, r.Status, r.Body, spa.Status)
		}
	}
}
