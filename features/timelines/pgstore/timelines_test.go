package pgstore_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	postsstore "social/features/posts/pgstore"
	timelines "social/features/timelines/app"
	timelinesstore "social/features/timelines/pgstore"
	"social/platform/pgkit"
	"social/tests/testkit/sqlrig"
)

// timelineRig is the SQL rig with the store under test.
type timelineRig struct {
	*sqlrig.Rig
	store *timelinesstore.Timelines
}

func newTimelineRig(t *testing.T) *timelineRig {
	rig := sqlrig.New(t)
	return &timelineRig{Rig: rig, store: timelinesstore.NewTimelines(rig.DB)}
}

// must fails the test on err.
func (r *timelineRig) must(err error) {
	r.T.Helper()
	if err != nil {
		r.T.Fatal(err)
	}
}

// count runs a count(*) query or fails the test.
func (r *timelineRig) count(q string, args ...any) int {
	r.T.Helper()
	var n int
	if err := r.DB.NewRaw(q, args...).Scan(r.Ctx, &n); err != nil {
		r.T.Fatal(err)
	}
	return n
}

// wantTimeline checks member's timeline is want, newest first.
func (r *timelineRig) wantTimeline(member domain.UserID, want ...domain.PostID) {
	r.T.Helper()
	if got := r.timeline(member); !slices.Equal(got, want) {
		r.T.Errorf("timeline of %s = %v, want %v", member, got, want)
	}
}

// jobs is a River inserter on the rig's database, as the server's
// features enqueue with.
func (r *timelineRig) jobs() *pgkit.JobInserter {
	r.T.Helper()
	jobs, err := pgkit.NewJobInserter(r.DB, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		r.T.Fatal(err)
	}
	return jobs
}

// timeline is member's timeline, newest first.
func (r *timelineRig) timeline(member domain.UserID) []domain.PostID {
	r.T.Helper()
	var ids []uuid.UUID
	if err := r.DB.NewRaw(`SELECT post_id FROM timelines WHERE member_id = ? ORDER BY created_at DESC, post_id DESC`,
		uuid.UUID(member)).Scan(r.Ctx, &ids); err != nil {
		r.T.Fatal(err)
	}
	out := make([]domain.PostID, len(ids))
	for i, id := range ids {
		out[i] = domain.PostID(id)
	}
	return out
}

func TestFanOutReachesAuthorAndEveryFollowerAcrossBatches(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	author, stranger := r.Member(), r.Member()
	var followers []domain.UserID
	for range 7 {
		f := r.Member()
		r.Follow(f, author)
		followers = append(followers, f)
	}
	p := r.Post(author, "friends_only")
	// Batches of 3 make the walk take three full rounds and an empty one.
	var after domain.UserID
	rounds := 0
	for {
		_, last, err := r.store.FanOut(r.Ctx, p, after, 3)
		if err != nil {
			t.Fatal(err)
		}
		if last.IsZero() {
			break
		}
		after, rounds = last, rounds+1
	}
	if rounds != 3 {
		t.Errorf("rounds = %d, want 3 for 7 followers in batches of 3", rounds)
	}
	for _, m := range append(followers, author) {
		r.wantTimeline(m, p)
	}
	r.wantTimeline(stranger)
	// A retried job writes nothing twice, nor do the backfill and the
	// rebuild, which reach the same rows another way: every writer copies
	// the post's time, part of the key with member and post.
	r.must((&timelines.FanOut{Store: r.store}).Handle(r.Ctx, p))
	r.must(r.store.Backfill(r.Ctx, followers[0], author, 10))
	if _, err := r.store.RebuildAll(r.Ctx, 10); err != nil {
		t.Fatal(err)
	}
	if rows := r.count(`SELECT count(*) FROM timelines`); rows != 8 {
		t.Errorf("rows after a retry = %d, want 8", rows)
	}
}

func TestFanOutOfADeletedPostWritesNothing(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	author, f := r.Member(), r.Member()
	r.Follow(f, author)
	p := r.Post(author, "public")
	r.Exec(`DELETE FROM posts WHERE id = ?`, uuid.UUID(p))
	r.must((&timelines.FanOut{Store: r.store}).Handle(r.Ctx, p))
	r.wantTimeline(f)
}

func TestBackfillOnlyWhileFollowingAndRemoveAuthorOnlyAfterUnfollow(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	a, b, c := r.Member(), r.Member(), r.Member()
	old1, old2 := r.Post(a, "public"), r.Post(a, "friends_only")
	other := r.Post(c, "public")

	// Not following yet: nothing is copied.
	r.must(r.store.Backfill(r.Ctx, b, a, 10))
	r.wantTimeline(b) // a backfill without a follow writes nothing
	r.Follow(b, a)
	r.Follow(b, c)
	r.must(r.store.Backfill(r.Ctx, b, a, 1))
	r.wantTimeline(b, old2) // a backfill limited to 1 writes the newest
	r.must(r.store.Backfill(r.Ctx, b, a, 10))
	r.must(r.store.Backfill(r.Ctx, b, c, 10))
	r.wantTimeline(b, other, old2, old1)

	// Still following: the cleanup of a stale unfollow keeps the rows.
	r.must((&timelines.RemoveAuthor{Store: r.store}).Handle(r.Ctx, b, a))
	r.wantTimeline(b, other, old2, old1) // a cleanup while following removes nothing
	r.Unfollow(b, a)
	r.must((&timelines.RemoveAuthor{Store: r.store}).Handle(r.Ctx, b, a))
	r.wantTimeline(b, other) // after unfollowing a
}

func TestTrimKeepsTheNewestRowsOfEachTimeline(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	a, b := r.Member(), r.Member()
	r.Follow(b, a)
	var posts []domain.PostID
	for range 5 {
		posts = append(posts, r.Post(a, "public"))
	}
	if _, err := r.store.RebuildAll(r.Ctx, 100); err != nil {
		t.Fatal(err)
	}
	n, err := r.store.Trim(r.Ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	if n != 4 {
		t.Errorf("trimmed %d rows, want 4 (2 from each of 2 timelines)", n)
	}
	for _, m := range []domain.UserID{a, b} {
		got := r.timeline(m)
		if len(got) != 3 || got[0] != posts[4] || got[2] != posts[2] {
			t.Errorf("timeline of %s = %v, want the 3 newest", m, got)
		}
	}
}

func TestRebuildAllFillsFromFollowsAndOwnPosts(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	a, b, c := r.Member(), r.Member(), r.Member()
	r.Follow(b, a)
	pa := r.Post(a, "friends_only")
	pb := r.Post(b, "public")
	r.Post(c, "public")
	n, err := r.store.RebuildAll(r.Ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if n != 4 {
		t.Errorf("rebuilt %d rows, want 4 (a: 1, b: 2, c: 1)", n)
	}
	r.wantTimeline(b, pb, pa)
}

// A post deleted while its fan-out writes it (the insert waits on the
// delete's row lock, then finds the post gone) ends the fan-out cleanly
// instead of failing the job's attempt with a foreign-key error.
func TestFanOutOfAPostDeletedMeanwhileEndsCleanly(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	author, reader := r.Member(), r.Member()
	r.Follow(reader, author)
	post := r.Post(author, "public")

	tx, err := r.DB.BeginTx(r.Ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(r.Ctx, `DELETE FROM posts WHERE id = ?`, uuid.UUID(post)); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- (&timelines.FanOut{Store: r.store}).Handle(r.Ctx, post) }()
	r.waitForLockedInsert()
	r.must(tx.Commit())
	if err := <-done; err != nil {
		t.Fatalf("fan-out of a post deleted meanwhile: %v", err)
	}
	r.wantTimeline(reader)
}

// A post deleted while a backfill copies it (the insert waits on the
// delete's row lock, then finds the post gone) does not fail the job: the
// followee's other posts are copied all the same.
func TestBackfillAcrossAPostDeletedMeanwhile(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	author, reader := r.Member(), r.Member()
	kept := r.Post(author, "public")
	deleted := r.Post(author, "public")
	r.Follow(reader, author)

	tx, err := r.DB.BeginTx(r.Ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(r.Ctx, `DELETE FROM posts WHERE id = ?`, uuid.UUID(deleted)); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- (&timelines.Backfill{Store: r.store}).Handle(r.Ctx, reader, author) }()
	r.waitForLockedInsert()
	r.must(tx.Commit())
	if err := <-done; err != nil {
		t.Fatalf("backfill across a post deleted meanwhile: %v", err)
	}
	r.wantTimeline(reader, kept)
}

// waitForLockedInsert waits until an insert into timelines is blocked on a
// row lock: it read a post before that post's delete committed.
func (r *timelineRig) waitForLockedInsert() {
	r.T.Helper()
	r.waitForLocked(`%INSERT INTO timelines%`)
}

// waitForLocked waits until a statement like pattern is blocked on a lock.
func (r *timelineRig) waitForLocked(pattern string) {
	r.T.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var waiting bool
		if err := r.DB.NewRaw(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ?)`, pattern).
			Scan(r.Ctx, &waiting); err != nil {
			r.T.Fatal(err)
		}
		if waiting {
			return
		}
	}
	r.T.Fatalf("no statement like %q waited on a lock", pattern)
}

func TestPlaceNewPostWritesSmallAudiencesAtOnceAndQueuesLargeOnes(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	place := &timelines.PlaceNewPost{Store: r.store, Queue: timelinesstore.TimelineQueue{Jobs: r.jobs()}}
	author, stranger := r.Member(), r.Member()
	followers := []domain.UserID{r.Member(), r.Member(), r.Member()}
	for _, f := range followers {
		r.Follow(f, author)
	}
	fanOutJobs := func() int { return r.count(`SELECT count(*) FROM river_job WHERE kind = 'timelines.fan_out'`) }

	// Up to the limit, every timeline has the post when the call returns,
	// and no job is queued.
	r.Exec(`UPDATE profiles SET follower_count = ? WHERE id = ?`, timelines.InlineFanOut, uuid.UUID(author))
	small := r.Post(author, "friends_only")
	r.must(place.Handle(r.Ctx, small))
	for _, m := range append(followers, author) {
		r.wantTimeline(m, small)
	}
	r.wantTimeline(stranger)
	if n := fanOutJobs(); n != 0 {
		t.Errorf("fan-out jobs after a small audience's post = %d, want 0", n)
	}

	// Past it, nothing is written now: the job does it.
	r.Exec(`UPDATE profiles SET follower_count = ? WHERE id = ?`, timelines.InlineFanOut+1, uuid.UUID(author))
	large := r.Post(author, "public")
	r.must(place.Handle(r.Ctx, large))
	r.wantTimeline(followers[0], small) // a large audience's post is not written at once
	if n := fanOutJobs(); n != 1 {
		t.Errorf("fan-out jobs after a large audience's post = %d, want 1", n)
	}
}

// A post deleted while its fan-out's rows are being written (the deletion
// waits on the fan-out's lock on the post) leaves none of them behind.
func TestDeletingAPostWhileItIsFannedOutLeavesNoRows(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	author, reader := r.Member(), r.Member()
	r.Follow(reader, author)
	post := r.Post(author, "public")
	posts := postsstore.NewPosts(r.DB)
	tx := pgkit.NewTransactor(r.DB)

	deleted := make(chan error, 1)
	err := tx.InTx(r.Ctx, func(ctx context.Context) error {
		if err := (&timelines.FanOut{Store: r.store}).Handle(ctx, post); err != nil {
			return err
		}
		go func() {
			deleted <- tx.InTx(r.Ctx, func(ctx context.Context) error {
				p, err := posts.Lock(ctx, post)
				if err != nil {
					return err
				}
				return posts.Delete(ctx, p)
			})
		}()
		r.waitForLocked(`%FROM "posts"%`)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r.must(<-deleted)
	if rows := r.count(`SELECT count(*) FROM timelines WHERE post_id = ?`, uuid.UUID(post)); rows != 0 {
		t.Errorf("timeline rows of the deleted post = %d, want 0", rows)
	}
}
