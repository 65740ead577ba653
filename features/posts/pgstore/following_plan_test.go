package pgstore_test

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"

	postsstore "social/features/posts/pgstore"
	"social/tests/testkit/sqlrig"
)

// planNode is a node of EXPLAIN's JSON, as far as the test reads it.
type planNode struct {
	Type     string     `json:"Node Type"`
	Relation string     `json:"Relation Name"`
	Alias    string     `json:"Alias"`
	Rows     float64    `json:"Actual Rows"`
	Loops    float64    `json:"Actual Loops"`
	Plans    []planNode `json:"Plans"`
}

func (n planNode) walk(visit func(planNode)) {
	visit(n)
	for _, c := range n.Plans {
		c.walk(visit)
	}
}

// A page of 'Seguindo' reads about a page from each part, however long
// the timeline and however many posts the pulled authors it follows have
// made: the timeline's key walked backwards, and each pulled author's
// newest posts from posts_author_idx alone, in order. The planner had read
// and sorted every post of a pulled author (thousands) for each page, and
// joined every row of the timeline before the merge.
func TestFollowingReadsAPageFromEachPart(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	viewer, famous := rig.Member(), rig.Member()
	rig.Exec(`INSERT INTO timeline_pulled_authors (author_id) VALUES (?)`, uuid.UUID(famous))
	rig.Exec(`INSERT INTO follows (id, follower_id, following_id, created_at) VALUES (gen_random_uuid(), ?, ?, now())`,
		uuid.UUID(viewer), uuid.UUID(famous))
	rig.Exec(`INSERT INTO posts (id, author_id, text_content, visibility, created_at, updated_at)
		SELECT gen_random_uuid(), ?, 'oi', 'public', now() - i * interval '1 minute', now()
		FROM generate_series(1, 4000) i`, uuid.UUID(famous))
	// Many other authors with a post or so each, as on a real network: the
	// planner expects few posts per author.
	for range 40 {
		friend := rig.Member()
		rig.Exec(`INSERT INTO follows (id, follower_id, following_id, created_at) VALUES (gen_random_uuid(), ?, ?, now())`,
			uuid.UUID(viewer), uuid.UUID(friend))
		rig.Exec(`INSERT INTO posts (id, author_id, text_content, visibility, created_at, updated_at)
			SELECT gen_random_uuid(), ?, 'oi', 'public', now() - random() * interval '3 days', now()
			FROM generate_series(1, 20) i`, uuid.UUID(friend))
	}
	rig.Exec(`INSERT INTO accounts (id, email, password_hash, created_at, updated_at)
		SELECT id, 'x' || i || '@example.com', 'x', now(), now() FROM (SELECT gen_random_uuid() AS id, i FROM generate_series(1, 20000) i) m`)
	rig.Exec(`INSERT INTO profiles (id, handle, display_name, created_at, updated_at)
		SELECT a.id, 'solo_' || substr(md5(a.id::text), 1, 12), 'S', now(), now() FROM accounts a
		WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = a.id)`)
	rig.Exec(`INSERT INTO posts (id, author_id, text_content, visibility, created_at, updated_at)
		SELECT gen_random_uuid(), p.id, 'oi', 'public', now() - random() * interval '30 days', now()
		FROM profiles p WHERE p.handle LIKE 'solo_%'`)
	rig.Exec(`INSERT INTO timelines (member_id, post_id, author_id, created_at)
		SELECT ?, p.id, p.author_id, p.created_at FROM posts p JOIN follows f ON f.following_id = p.author_id
		WHERE f.follower_id = ? AND p.author_id <> ?`, uuid.UUID(viewer), uuid.UUID(viewer), uuid.UUID(famous))
	rig.Exec(`VACUUM ANALYZE posts, timelines, follows, timeline_pulled_authors`)

	const page = 50
	q, args := postsstore.FollowingPageStatement(viewer, page)
	var text string
	if err := rig.DB.NewRaw(`EXPLAIN (ANALYZE, FORMAT JSON) `+q, args...).Scan(rig.Ctx, &text); err != nil {
		t.Fatal(err)
	}
	var plans []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(text), &plans); err != nil {
		t.Fatal(err)
	}
	plan := plans[0].Plan
	raw, _ := json.MarshalIndent(plan, "", " ")
	timelineRows, pulledRows := 0.0, 0.0
	plan.walk(func(n planNode) {
		switch {
		case n.Relation == "timelines":
			timelineRows += n.Rows * n.Loops
		case n.Alias == "pp":
			pulledRows += n.Rows * n.Loops
			if n.Type != "Index Only Scan" {
				t.Errorf("the pulled author's posts are read by a %s, want an Index Only Scan of posts_author_idx", n.Type)
			}
		}
	})
	if timelineRows == 0 || timelineRows > page {
		t.Errorf("timeline rows read = %.0f, want at most a page (%d)", timelineRows, page)
	}
	if pulledRows == 0 || pulledRows > page {
		t.Errorf("posts of the pulled author read = %.0f, want at most a page (%d)", pulledRows, page)
	}
	if t.Failed() {
		t.Logf("plan:\n%s", raw)
	}
}
