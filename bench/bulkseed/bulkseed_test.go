package bulkseed_test

import (
	"context"
	"testing"
	"time"

	"social/adapters/postgres"
	"social/bench/bulkseed"
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
