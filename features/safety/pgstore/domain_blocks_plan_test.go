package pgstore_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"

	"social/platform/pgkit"
	"social/tests/testkit/sqlrig"
)

// A read that honours blocks asks blocked_pairs about each row's author;
// with the pairs a domain block implies in the view, each question must
// stay index probes (member_blocks' key, profiles' key, and
// member_domain_blocks' key on the author's domain), never a listing of
// the profiles of a blocked server, however many there are (a view of
// the pairs a domain block implies made each feed read list them). The public feed's
// query is the one checked, on a network where the viewer blocks a server
// of 20,000 accounts.
func TestDomainBlocksKeepTheFeedsPlan(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	viewer := rig.Member()
	other := rig.Member()
	rig.Exec(`INSERT INTO profiles (id, handle, display_name, domain, created_at, updated_at)
		SELECT gen_random_uuid(), 'u' || i || '@' || d || '.example', 'R', d || '.example', now(), now()
		FROM generate_series(1, 20000) i, (VALUES ('grande'), ('outro')) v(d)`)
	rig.Exec(`INSERT INTO posts (id, author_id, text_content, visibility, created_at, updated_at)
		SELECT gen_random_uuid(), p.id, 'oi', 'public', now() - random() * interval '30 days', now()
		FROM profiles p WHERE p.domain IS NOT NULL`)
	rig.Exec(`INSERT INTO member_domain_blocks (member_id, domain, created_at) VALUES (?, 'grande.example', now())`, uuid.UUID(viewer))
	rig.Exec(`INSERT INTO member_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, now())`, uuid.UUID(other), uuid.UUID(viewer))
	rig.Exec(`ANALYZE`)

	hidden, args := pgkit.HiddenMember("p.author_id", viewer)
	var plan []json.RawMessage
	if err := rig.DB.NewRaw(`EXPLAIN (ANALYZE, FORMAT JSON) SELECT p.id FROM posts p WHERE p.visibility = 'public'`+hidden+
		` ORDER BY p.created_at DESC, p.id DESC LIMIT 20`, args...).Scan(rig.Ctx, &plan); err != nil {
		t.Fatal(err)
	}
	text := string(plan[0])
	// Every read of profiles is a probe of its key, never a listing of a
	// server's accounts through the domain's index or a scan.
	reads := regexp.MustCompile(`"Index Name": "([a-z_]+)",\s*"Relation Name": "profiles"`).FindAllStringSubmatch(text, -1)
	if len(reads) == 0 || strings.Count(text, `"Relation Name": "profiles"`) != len(reads) {
		t.Fatalf("profiles read without an index:\n%s", text)
	}
	for _, r := range reads {
		if r[1] != "profiles_pkey" {
			t.Fatalf("profiles read through %s:\n%s", r[1], text)
		}
	}
	var ids []uuid.UUID
	q := `SELECT p.id FROM posts p JOIN profiles a ON a.id = p.author_id WHERE a.domain = 'grande.example'` + hidden
	if err := rig.DB.NewRaw(q, args...).Scan(rig.Ctx, &ids); err != nil || len(ids) != 0 {
		t.Fatalf("%d posts of the blocked server left in the viewer's reads (%v)", len(ids), err)
	}
}
