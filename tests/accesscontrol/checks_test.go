package accesscontrol_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The mass assignment's verdict on changed rows: a column that took an
// extra field's value is named; counters that moved on their own, fields of
// the body itself and untouched columns are not.
func TestMassAssignmentVerdicts(t *testing.T) {
	const target = "01a210b0-0000-7000-8000-00000000abcd"
	x := extrasFor(target)
	plain := operation{ID: "create-thing", Body: &schema{Properties: map[string]*schema{"text": {}}}}
	withRole := operation{ID: "set-role", Body: &schema{Properties: map[string]*schema{"role": {}}}}
	cases := []struct {
		name string
		op   operation
		ch   rowChange
		want bool // a problem is named
	}{
		{"new row owned by the target", plain, rowChange{Table: "comments", After: map[string]any{"author_id": target}}, true},
		{"new row owned by the sender", plain, rowChange{Table: "comments", After: map[string]any{"author_id": "someone"}}, false},
		{"counter set to the sent value", plain, rowChange{Table: "posts",
			Before: map[string]any{"like_count": 1.0}, After: map[string]any{"like_count": float64(sentinelCount)}}, true},
		{"counter moved by one", plain, rowChange{Table: "posts",
			Before: map[string]any{"comment_count": 1.0}, After: map[string]any{"comment_count": 2.0}}, false},
		{"time taken from the body", plain, rowChange{Table: "posts", After: map[string]any{"created_at": "2001-02-03T04:05:06+00:00"}}, true},
		{"the sent id", plain, rowChange{Table: "posts", After: map[string]any{"id": sentinelID}}, true},
		{"a role raised", plain, rowChange{Table: "accounts",
			Before: map[string]any{"role": "member"}, After: map[string]any{"role": "moderator"}}, true},
		{"a badge granted", plain, rowChange{Table: "profiles",
			Before: map[string]any{"is_verified": false}, After: map[string]any{"is_verified": true}}, true},
		{"a badge already held", plain, rowChange{Table: "profiles",
			Before: map[string]any{"is_verified": true, "bio": "a"}, After: map[string]any{"is_verified": true, "bio": "b"}}, false},
		{"a role the body is for", withRole, rowChange{Table: "community_members",
			Before: map[string]any{"role": "member"}, After: map[string]any{"role": "admin"}}, false},
		{"a row removed", plain, rowChange{Table: "likes", Before: map[string]any{"user_id": target}}, false},
	}
	for _, c := range cases {
		if got := assigned(c.op, c.ch, x); (got != "") != c.want {
			t.Errorf("%s: assigned = %q, want a problem: %v", c.name, got, c.want)
		}
	}
}

// The allowed actions' verdict: rows of the acting member, the named
// counters by one, listed jobs and the member's own rate-limit count pass;
// anything else is named.
func TestEffectVerdicts(t *testing.T) {
	const b, a = "member-b", "member-a"
	sum := sha256.Sum256([]byte(b))
	e := effect{"likes": {owner: "user_id"}, "posts": {cols: []string{"like_count"}},
		"river_job": jobs("timelines.backfill"), "search_queue": queued("post"), "rate_limit_events": counted, "post_translations": {cache: true}}
	cases := []struct {
		name string
		ch   rowChange
		want bool
	}{
		{"B's like", rowChange{Table: "likes", After: map[string]any{"user_id": b}}, false},
		{"A's like removed", rowChange{Table: "likes", Before: map[string]any{"user_id": a}}, true},
		{"counter by one", rowChange{Table: "posts", Before: map[string]any{"like_count": 1.0}, After: map[string]any{"like_count": 2.0}}, false},
		{"counter by two", rowChange{Table: "posts", Before: map[string]any{"like_count": 1.0}, After: map[string]any{"like_count": 3.0}}, true},
		{"A's text", rowChange{Table: "posts", Before: map[string]any{"text_content": "x"}, After: map[string]any{"text_content": "y"}}, true},
		{"a post added", rowChange{Table: "posts", After: map[string]any{"author_id": b}}, true},
		{"another table", rowChange{Table: "follows", After: map[string]any{"follower_id": b}}, true},
		{"a listed job", rowChange{Table: "river_job", After: map[string]any{"kind": "timelines.backfill"}}, false},
		{"another job", rowChange{Table: "river_job", After: map[string]any{"kind": "posts.delete_media"}}, true},
		{"a listed search document", rowChange{Table: "search_queue", After: map[string]any{"kind": "post"}}, false},
		{"another search document", rowChange{Table: "search_queue", After: map[string]any{"kind": "user"}}, true},
		{"B's attempt counted", rowChange{Table: "rate_limit_events", After: map[string]any{"key_hash": `\x` + hex.EncodeToString(sum[:])}}, false},
		{"A's attempt counted", rowChange{Table: "rate_limit_events", After: map[string]any{"key_hash": `\x00`}}, true},
		{"a cached translation", rowChange{Table: "post_translations", After: map[string]any{"post_id": "p"}}, false},
		{"a translation removed", rowChange{Table: "post_translations", Before: map[string]any{"post_id": "p"}}, true},
	}
	for _, c := range cases {
		if got := e.allows(c.ch, b); (got != "") != c.want {
			t.Errorf("%s: allows = %q, want a problem: %v", c.name, got, c.want)
		}
	}
}
