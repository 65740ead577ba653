package bulkseed_test

import (
	"context"
	"testing"
	"time"

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
		pool, err := postgres.NewPool(ctx, testkit.NewDatabase(t), 2)
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Close()
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
	pool, err := postgres.NewPool(ctx, testkit.NewDatabase(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
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
