package realtime_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

// revokedWithin is how soon a subscription must end once the right to it
// is gone.
const revokedWithin = time.Second

// expectRevoked waits for the server to end c's subscription to topic, and
// fails unless it does within revokedWithin.
func (c *client) expectRevoked(topic string) {
	c.t.Helper()
	start := time.Now()
	_ = c.c.SetReadDeadline(start.Add(revokedWithin))
	for {
		var m msg
		if err := c.c.ReadJSON(&m); err != nil {
			c.t.Fatalf("no revocation of %s within %v: %v", topic, revokedWithin, err)
		}
		if m.Type == "revoked" && m.Topic == topic {
			if m.Code != "topic_forbidden" || m.Message == "" {
				c.t.Fatalf("revocation = %+v", m)
			}
			c.t.Logf("%s revoked after %v", topic, time.Since(start))
			return
		}
	}
}

// expectNothingOn shows that an event published on topic after the
// revocation does not reach c: a marker sent after it on another topic
// arrives first and alone.
func (r *rig) expectNothingOn(c *client, topic, marker string) {
	r.t.Helper()
	r.publish(topic, "after.revocation", 1)
	r.publish(marker, "marker", 1)
	for {
		m := c.read()
		if m.Type == "event" && m.Topic == topic {
			r.t.Fatalf("event on %s after the revocation: %+v", topic, m)
		}
		if m.Type == "event" && m.Topic == marker {
			return
		}
	}
}

// A follower who unfollows stops hearing about a followers-only post at
// once; a public post of the same author stays followed.
func TestUnfollowRevokesFollowersOnlyPosts(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana, bia := r.member("ana"), r.member("bia")
	r.call("198.51.100.9", bia.Token, http.MethodPost, "/api/v1/profiles/ana/follow", nil, http.StatusOK, nil)
	hidden := "post:" + r.post(ana, "só para quem me segue", "friends_only")
	public := "post:" + r.post(ana, "para todo mundo", "public")
	b := r.dial(bia)
	b.subscribe(hidden)
	b.subscribe(public)
	marker := "user:" + bia.ID + ":notifications"
	b.subscribe(marker)

	r.call("198.51.100.9", bia.Token, http.MethodDelete, "/api/v1/profiles/ana/follow", nil, http.StatusOK, nil)
	b.expectRevoked(hidden)
	r.expectNothingOn(b, hidden, marker)
	r.publish(public, "still.here", 1)
	b.expect("event", public)
}

// A deleted post's followers get its post.deleted, then the subscription
// ends.
func TestDeletedPostIsRevoked(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana, bia := r.member("ana"), r.member("bia")
	topic := "post:" + r.post(ana, "vai sumir", "public")
	b := r.dial(bia)
	b.subscribe(topic)
	r.call("198.51.100.9", ana.Token, http.MethodDelete, "/api/v1/posts/"+topic[len("post:"):], nil, http.StatusNoContent, nil)
	if m := b.expect("event", topic); m.Event.Type != "post.deleted" {
		t.Fatalf("got %+v, want post.deleted first", m)
	}
	b.expectRevoked(topic)
}

// A member removed from a community, or who leaves it, stops receiving
// its posts at once.
func TestCommunityDepartureRevokes(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana, bia, cai := r.member("ana"), r.member("bia"), r.member("cai")
	var community struct{ ID string }
	r.call("198.51.100.9", ana.Token, http.MethodPost, "/api/v1/communities",
		map[string]any{"name": "Cozinha mineira", "privacy": "open"}, http.StatusCreated, &community)
	topic := "community:" + community.ID
	for _, m := range []member{bia, cai} {
		r.call("198.51.100.9", m.Token, http.MethodPost, "/api/v1/communities/"+community.ID+"/join", nil, http.StatusOK, nil)
	}
	b, c := r.dial(bia), r.dial(cai)
	for _, s := range []*client{b, c} {
		s.subscribe(topic)
	}
	b.subscribe("user:" + bia.ID + ":notifications")

	// The owner removes bia.
	var members struct {
		Items []struct {
			ID     string `json:"id"`
			UserID string `json:"user_id"`
		} `json:"items"`
	}
	r.call("198.51.100.9", ana.Token, http.MethodGet, "/api/v1/communities/"+community.ID+"/members", nil, http.StatusOK, &members)
	row := ""
	for _, m := range members.Items {
		if m.UserID == bia.ID {
			row = m.ID
		}
	}
	if row == "" {
		t.Fatalf("bia is not among the members: %+v", members)
	}
	r.call("198.51.100.9", ana.Token, http.MethodDelete, fmt.Sprintf("/api/v1/communities/%s/members/%s", community.ID, row), nil, http.StatusNoContent, nil)
	b.expectRevoked(topic)
	r.expectNothingOn(b, topic, "user:"+bia.ID+":notifications")

	// cai leaves on their own.
	r.call("198.51.100.9", cai.Token, http.MethodDelete, "/api/v1/communities/"+community.ID+"/membership", nil, http.StatusOK, nil)
	c.expectRevoked(topic)
}
