package communities_test

import (
	"io/fs"
	"strings"
	"testing"

	"social/plugins/communities/migrations"
	"social/tests/testkit/sqlrig"
)

// The old tables of community posts are gone from a migrated database; the
// down migration brings them back empty as they were (the down migration of
// posts_in_core fills them), and the up migration drops them again.
func TestOldPostTablesDroppedAndRestoredByDown(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	ctx, db := rig.Ctx, rig.DB
	exists := func(table string) bool {
		var found bool
		if err := db.NewRaw("SELECT to_regclass(?) IS NOT NULL", table).Scan(ctx, &found); err != nil {
			t.Fatal(err)
		}
		return found
	}
	run := func(file string) {
		sql, err := fs.ReadFile(migrations.Files, file)
		if err != nil {
			t.Fatal(err)
		}
		for _, stmt := range strings.Split(string(sql), "--bun:split") {
			if _, err := db.ExecContext(ctx, stmt); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
		}
	}
	const version = "20261230000001_drop_community_posts"
	for _, table := range []string{"community_posts", "community_post_likes"} {
		if exists(table) {
			t.Fatalf("%s is still there after the migrations", table)
		}
	}

	run(version + ".down.sql")
	var cols []string
	if err := db.NewRaw(`SELECT column_name FROM information_schema.columns
		WHERE table_name = 'community_posts' ORDER BY ordinal_position`).Scan(ctx, &cols); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cols, ","); got != "id,community_id,author_id,text_content,media_path,type,created_at,updated_at,like_count" {
		t.Fatalf("community_posts columns = %s", got)
	}
	var refs []string
	if err := db.NewRaw(`SELECT conrelid::regclass::text || '->' || confrelid::regclass::text FROM pg_constraint
		WHERE contype = 'f' AND conrelid IN ('community_posts'::regclass, 'community_post_likes'::regclass)
		ORDER BY 1`).Scan(ctx, &refs); err != nil {
		t.Fatal(err)
	}
	want := "community_post_likes->community_posts,community_post_likes->profiles,community_posts->communities,community_posts->profiles"
	if got := strings.Join(refs, ","); got != want {
		t.Fatalf("foreign keys = %s, want %s", got, want)
	}
	var rows int
	if err := db.NewRaw("SELECT (SELECT count(*) FROM community_posts) + (SELECT count(*) FROM community_post_likes)").Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	if rows != 0 {
		t.Fatalf("restored tables hold %d rows", rows)
	}

	run(version + ".up.sql")
	for _, table := range []string{"community_posts", "community_post_likes"} {
		if exists(table) {
			t.Fatalf("%s survived the up migration", table)
		}
	}
}
