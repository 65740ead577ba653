package bulkseed_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"social/adapters/postgres"
	"social/bench/bulkseed"
	timelinesstore "social/features/timelines/pgstore"
	"social/tests/testkit"
)

// The same seed and time give the same data set, IDs included; another
// seed gives another.
func TestBulkSeedIsDeterministic(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	fingerprint := func(seed uint64) string {
		pool := newPool(t)
		res, err := bulkseed.Run(ctx, pool, bulkseed.Options{Profiles: 20, Posts: 60, FollowsPerProfile: 19,
			Seed: seed, PasswordHash: "x", Now: now})
		if err != nil {
			t.Fatal(err)
		}
		// 19 of 20: everyone follows everyone, no spread to draw.
		if res.Follows != 20*19 || res.Posts != 60 {
			t.Fatalf("result %+v", res)
		}
		var sum string
		err = pool.QueryRow(ctx, `SELECT md5(
			(SELECT string_agg(concat_ws('|', id, handle, display_name, bio, location, follower_count, post_count), ',' ORDER BY id) FROM profiles)
			|| (SELECT string_agg(concat_ws('|', id, author_id, text_content, visibility, created_at, like_count), ',' ORDER BY id) FROM posts)
			|| (SELECT string_agg(concat_ws('|', id, follower_id, following_id, created_at), ',' ORDER BY id) FROM follows)
			|| (SELECT string_agg(concat_ws('|', post_id, user_id, created_at), ',' ORDER BY post_id, user_id) FROM likes)
			|| (SELECT coalesce(string_agg(concat_ws('|', id, post_id, author_id, text_content, created_at), ',' ORDER BY id), '') FROM comments))`).Scan(&sum)
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	a, b, c := fingerprint(3), fingerprint(3), fingerprint(4)
	if a != b || a == c {
		t.Fatalf("seed 3: %s and %s; seed 4: %s", a, b, c)
	}
}

func TestBulkSeedRefusesImpossibleSizes(t *testing.T) {
	t.Parallel()
	for _, opt := range []bulkseed.Options{{Profiles: 0}, {Profiles: 5, FollowsPerProfile: 5}, {Profiles: 5, Posts: -1}} {
		if _, err := bulkseed.Run(context.Background(), nil, opt); err == nil {
			t.Errorf("%+v accepted", opt)
		}
	}
}

// The timelines the load writes are those the server's own rebuild
// writes from the same posts and follows, pulled authors included: their
// posts in their own timeline only.
func TestBulkSeedTimelinesAreTheServers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newPool(t)
	const depth, pullAbove = 30, 12
	if _, err := bulkseed.Run(ctx, pool, bulkseed.Options{Profiles: 40, Posts: 400, FollowsPerProfile: 6,
		Seed: 5, TimelineDepth: depth, PullAbove: pullAbove, PasswordHash: "x", Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	var pulled, above int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM timeline_pulled_authors),
		(SELECT count(*) FROM profiles WHERE follower_count > $1)`, pullAbove).Scan(&pulled, &above); err != nil {
		t.Fatal(err)
	}
	if pulled == 0 || pulled != above {
		t.Errorf("pulled authors = %d, members above %d followers = %d; want the same, and some", pulled, pullAbove, above)
	}
	rows := func() (string, int) {
		var sum string
		var n int
		if err := pool.QueryRow(ctx, `SELECT coalesce(md5(string_agg(concat_ws('|', member_id, post_id, author_id, created_at), ','
			ORDER BY member_id, post_id)), ''), count(*) FROM timelines`).Scan(&sum, &n); err != nil {
			t.Fatal(err)
		}
		return sum, n
	}
	loaded, n := rows()
	db := postgres.NewBun(pool)
	defer db.Close() // before the pool, which waits for its connections
	if _, err := db.ExecContext(ctx, `DELETE FROM timelines`); err != nil {
		t.Fatal(err)
	}
	if _, err := timelinesstore.NewTimelines(db).RebuildAll(ctx, depth); err != nil {
		t.Fatal(err)
	}
	if rebuilt, m := rows(); rebuilt != loaded {
		t.Errorf("the load wrote %d timeline rows, the rebuild %d, not the same ones", n, m)
	}
}

// A load that makes the indexes and foreign keys after the rows leaves
// every index and constraint of the schema as the migrations made them,
// valid and checked.
func TestBulkSeedBuildsTheIndexesItDropped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := newPool(t)
	schema := func() string {
		var s string
		if err := pool.QueryRow(ctx, `SELECT string_agg(d, E'\n' ORDER BY d) FROM (
			SELECT pg_get_indexdef(i.indexrelid) || ' valid=' || i.indisvalid AS d
			FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = 'public'::regnamespace
			UNION ALL
			SELECT k.conrelid::regclass || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) || ' validated=' || k.convalidated
			FROM pg_constraint k WHERE k.connamespace = 'public'::regnamespace) parts`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := schema()
	built := 0
	_, err := bulkseed.Run(ctx, pool, bulkseed.Options{Profiles: 30, Posts: 200, FollowsPerProfile: 5, Seed: 1,
		TimelineDepth: 20, PasswordHash: "x", Now: time.Now(), IndexesAfter: true,
		Progress: func(stage string, done, _ int) {
			if stage == bulkseed.StageIndexes {
				built = done
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if built == 0 {
		t.Fatal("no index or foreign key was made after the rows")
	}
	if after := schema(); after != before {
		t.Fatalf("the indexes and constraints after the load differ from the schema's:\nbefore\n%s\nafter\n%s", before, after)
	}
	// The indexes hold the loaded rows: each author's posts, read through
	// posts_author_idx, are their post count.
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	var wrong int
	if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
		t.Fatal(err)
	}
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM profiles a
		WHERE a.post_count <> (SELECT count(*) FROM posts p WHERE p.author_id = a.id)`).Scan(&wrong); err != nil {
		t.Fatal(err)
	}
	if wrong != 0 {
		t.Fatalf("%d authors' posts found through the index differ from their count", wrong)
	}
}

// newPool is a pool on a fresh migrated database, closed with the test.
func newPool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pool, err := postgres.NewPool(context.Background(), testkit.NewDatabase(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}
