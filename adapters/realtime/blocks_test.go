package realtime_test

import (
	"encoding/json"
	"net/http"
	"testing"
)

// expectPostBefore reads c's events on topic until the post.created of
// wantID, failing if a post.created of any of the forbidden posts comes
// first.
func (c *client) expectPostBefore(topic, wantID string, forbidden ...string) {
	c.t.Helper()
	for {
		id := c.nextPostCreated(topic)
		for _, f := range forbidden {
			if id == f {
				c.t.Fatalf("post %s of a member hidden by a block reached the socket", f)
			}
		}
		if id == wantID {
			return
		}
	}
}

// Once ana blocks bia, no event from either reaches the other's socket:
// bia's open public feed stops receiving ana's new posts (and ana's stops
// receiving bia's), while both keep receiving everyone else's. An unblock
// lets them through again.
func TestBlockedMembersEventsDoNotReachTheSocket(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana, bia, cai := r.member("ana"), r.member("bia"), r.member("cai")
	a, b := r.dial(ana), r.dial(bia)
	anaOld := "post:" + r.post(ana, "post antigo da ana", "public")
	biaOld := "post:" + r.post(bia, "post antigo da bia", "public")
	for _, s := range []struct {
		c     *client
		topic string
	}{{a, "feed:public"}, {b, "feed:public"}, {a, biaOld}, {b, anaOld}} {
		s.c.subscribe(s.topic)
	}

	r.call("198.51.100.9", ana.Token, http.MethodPost, "/api/v1/profiles/bia/block", nil, http.StatusOK, nil)
	// The other's post topics are revoked after each socket has reloaded
	// whom it hides: from then on the filter is in force.
	b.expectRevoked(anaOld)
	a.expectRevoked(biaOld)

	fromAna := r.post(ana, "novidade da ana", "public")
	fromBia := r.post(bia, "novidade da bia", "public")
	fromCai := r.post(cai, "novidade do cai", "public")
	b.expectPostBefore("feed:public", fromCai, fromAna)
	a.expectPostBefore("feed:public", fromCai, fromBia)

	r.call("198.51.100.9", ana.Token, http.MethodDelete, "/api/v1/profiles/bia/block", nil, http.StatusOK, nil)
	// The unblock's notice is handled off the request: a post of ana is
	// retried until it arrives, proving deliveries resume.
	for i := 0; ; i++ {
		again := r.post(ana, "de novo a ana", "public")
		marker := r.post(cai, "marcador", "public")
		if b.sawPost("feed:public", again, marker) {
			break
		}
		if i == 20 {
			t.Fatal("ana's posts never reach bia again after the unblock")
		}
	}
}

// sawPost reads c's post.created events on topic until marker's and
// reports whether id's came before it.
func (c *client) sawPost(topic, id, marker string) bool {
	c.t.Helper()
	seen := false
	for {
		got := c.nextPostCreated(topic)
		if got == id {
			seen = true
		}
		if got == marker {
			return seen
		}
	}
}

// nextPostCreated skips c's other frames until a post.created on topic,
// and returns that post's id.
func (c *client) nextPostCreated(topic string) string {
	c.t.Helper()
	for {
		m := c.read()
		if m.Type != "event" || m.Topic != topic || m.Event.Type != "post.created" {
			continue
		}
		var data struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(m.Event.Data, &data); err != nil {
			c.t.Fatal(err)
		}
		return data.ID
	}
}
