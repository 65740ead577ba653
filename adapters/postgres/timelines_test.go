package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/adapters/postgres"
	"social/core/domain"
	timelines "social/features/timelines/app"
	"social/internal/testkit"
)

// timelineRig is a database with members, follows and posts written in
// SQL: the store is what is under test here, not the features feeding it.
type timelineRig struct {
	t     *testing.T
	ctx   context.Context
	db    *bun.DB
	store *postgres.Timelines
	n     int
	clock time.Time
}

func newTimelineRig(t *testing.T) *timelineRig {
	t.Helper()
	ctx := context.Background()
	pool, err := postgres.NewPool(ctx, testkit.NewDatabase(t), 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	db := postgres.NewBun(pool)
	return &timelineRig{t: t, ctx: ctx, db: db, store: postgres.NewTimelines(db), clock: time.Now().UTC().Add(-time.Hour)}
}

func (r *timelineRig) exec(q string, args ...any) {
	r.t.Helper()
	if _, err := r.db.ExecContext(r.ctx, q, args...); err != nil {
		r.t.Fatalf("%s: %v", q, err)
	}
}

func (r *timelineRig) member() domain.UserID {
	r.t.Helper()
	r.n++
	id := domain.NewUserID()
	r.exec(`INSERT INTO accounts (id, email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', now(), now())`,
		uuid.UUID(id), fmt.Sprintf("m%d@example.com", r.n))
	r.exec(`INSERT INTO profiles (id, handle, display_name, created_at, updated_at) VALUES (?, ?, 'M', now(), now())`,
		uuid.UUID(id), fmt.Sprintf("membro_%d", r.n))
	return id
}

func (r *timelineRig) follow(follower, followee domain.UserID) {
	r.t.Helper()
	r.exec(`INSERT INTO follows (id, follower_id, following_id, created_at) VALUES (?, ?, ?, now())`,
		uuid.Must(uuid.NewV7()), uuid.UUID(follower), uuid.UUID(followee))
}

func (r *timelineRig) unfollow(follower, followee domain.UserID) {
	r.t.Helper()
	r.exec(`DELETE FROM follows WHERE follower_id = ? AND following_id = ?`, uuid.UUID(follower), uuid.UUID(followee))
}

func (r *timelineRig) post(author domain.UserID, visibility string) domain.PostID {
	r.t.Helper()
	r.clock = r.clock.Add(time.Second)
	id := domain.NewPostID()
	r.exec(`INSERT INTO posts (id, author_id, text_content, visibility, created_at, updated_at) VALUES (?, ?, 'oi', ?, ?, ?)`,
		uuid.UUID(id), uuid.UUID(author), visibility, r.clock, r.clock)
	return id
}

// timeline is member's timeline, newest first.
func (r *timelineRig) timeline(member domain.UserID) []domain.PostID {
	r.t.Helper()
	var ids []uuid.UUID
	if err := r.db.NewRaw(`SELECT post_id FROM timelines WHERE member_id = ? ORDER BY created_at DESC, post_id DESC`,
		uuid.UUID(member)).Scan(r.ctx, &ids); err != nil {
		r.t.Fatal(err)
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
	author, stranger := r.member(), r.member()
	var followers []domain.UserID
	for range 7 {
		f := r.member()
		r.follow(f, author)
		followers = append(followers, f)
	}
	p := r.post(author, "friends_only")
	// Batches of 3 make the walk take three full rounds and an empty one.
	var after domain.UserID
	rounds := 0
	for {
		last, err := r.store.FanOut(r.ctx, p, after, 3)
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
		if got := r.timeline(m); len(got) != 1 || got[0] != p {
			t.Errorf("timeline of %s = %v, want [%s]", m, got, p)
		}
	}
	if got := r.timeline(stranger); len(got) != 0 {
		t.Errorf("a stranger's timeline = %v, want empty", got)
	}
	// A retried job writes nothing twice.
	if err := (&timelines.FanOut{Store: r.store}).Handle(r.ctx, p); err != nil {
		t.Fatal(err)
	}
	var rows int
	if err := r.db.NewRaw(`SELECT count(*) FROM timelines`).Scan(r.ctx, &rows); err != nil {
		t.Fatal(err)
	}
	if rows != 8 {
		t.Errorf("rows after a retry = %d, want 8", rows)
	}
}

func TestFanOutOfADeletedPostWritesNothing(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	author, f := r.member(), r.member()
	r.follow(f, author)
	p := r.post(author, "public")
	r.exec(`DELETE FROM posts WHERE id = ?`, uuid.UUID(p))
	if err := (&timelines.FanOut{Store: r.store}).Handle(r.ctx, p); err != nil {
		t.Fatal(err)
	}
	if got := r.timeline(f); len(got) != 0 {
		t.Errorf("timeline = %v, want empty", got)
	}
}

func TestBackfillOnlyWhileFollowingAndRemoveAuthorOnlyAfterUnfollow(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	a, b, c := r.member(), r.member(), r.member()
	old1, old2 := r.post(a, "public"), r.post(a, "friends_only")
	other := r.post(c, "public")

	// Not following yet: nothing is copied.
	if err := r.store.Backfill(r.ctx, b, a, 10); err != nil {
		t.Fatal(err)
	}
	if got := r.timeline(b); len(got) != 0 {
		t.Fatalf("backfill without a follow wrote %v", got)
	}
	r.follow(b, a)
	r.follow(b, c)
	if err := r.store.Backfill(r.ctx, b, a, 1); err != nil {
		t.Fatal(err)
	}
	if got := r.timeline(b); len(got) != 1 || got[0] != old2 {
		t.Fatalf("backfill limited to 1 = %v, want the newest [%s]", got, old2)
	}
	if err := r.store.Backfill(r.ctx, b, a, 10); err != nil {
		t.Fatal(err)
	}
	if err := r.store.Backfill(r.ctx, b, c, 10); err != nil {
		t.Fatal(err)
	}
	if got := r.timeline(b); len(got) != 3 || got[0] != other || got[2] != old1 {
		t.Fatalf("timeline = %v, want [%s %s %s]", got, other, old2, old1)
	}

	// Still following: the cleanup of a stale unfollow keeps the rows.
	if err := (&timelines.RemoveAuthor{Store: r.store}).Handle(r.ctx, b, a); err != nil {
		t.Fatal(err)
	}
	if got := r.timeline(b); len(got) != 3 {
		t.Fatalf("cleanup while following removed rows: %v", got)
	}
	r.unfollow(b, a)
	if err := (&timelines.RemoveAuthor{Store: r.store}).Handle(r.ctx, b, a); err != nil {
		t.Fatal(err)
	}
	if got := r.timeline(b); len(got) != 1 || got[0] != other {
		t.Errorf("after unfollowing a: %v, want only [%s]", got, other)
	}
}

func TestTrimKeepsTheNewestRowsOfEachTimeline(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	a, b := r.member(), r.member()
	r.follow(b, a)
	var posts []domain.PostID
	for range 5 {
		posts = append(posts, r.post(a, "public"))
	}
	if _, err := r.store.RebuildAll(r.ctx, 100); err != nil {
		t.Fatal(err)
	}
	n, err := r.store.Trim(r.ctx, 3)
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
	a, b, c := r.member(), r.member(), r.member()
	r.follow(b, a)
	pa := r.post(a, "friends_only")
	pb := r.post(b, "public")
	r.post(c, "public")
	n, err := r.store.RebuildAll(r.ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if n != 4 {
		t.Errorf("rebuilt %d rows, want 4 (a: 1, b: 2, c: 1)", n)
	}
	if got := r.timeline(b); len(got) != 2 || got[0] != pb || got[1] != pa {
		t.Errorf("b's timeline = %v, want [%s %s]", got, pb, pa)
	}
}

// A post deleted while its fan-out writes it (the insert waits on the
// delete's row lock, then finds the post gone) ends the fan-out cleanly
// instead of failing the job's attempt with a foreign-key error.
func TestFanOutOfAPostDeletedMeanwhileEndsCleanly(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	author, reader := r.member(), r.member()
	r.follow(reader, author)
	post := r.post(author, "public")

	tx, err := r.db.BeginTx(r.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(r.ctx, `DELETE FROM posts WHERE id = ?`, uuid.UUID(post)); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- (&timelines.FanOut{Store: r.store}).Handle(r.ctx, post) }()
	r.waitForLockedInsert()
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("fan-out of a post deleted meanwhile: %v", err)
	}
	if got := r.timeline(reader); len(got) != 0 {
		t.Fatalf("reader's timeline = %v, want empty", got)
	}
}

// A post deleted while a backfill copies it (the insert waits on the
// delete's row lock, then finds the post gone) does not fail the job: the
// followee's other posts are copied all the same.
func TestBackfillAcrossAPostDeletedMeanwhile(t *testing.T) {
	t.Parallel()
	r := newTimelineRig(t)
	author, reader := r.member(), r.member()
	kept := r.post(author, "public")
	deleted := r.post(author, "public")
	r.follow(reader, author)

	tx, err := r.db.BeginTx(r.ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(r.ctx, `DELETE FROM posts WHERE id = ?`, uuid.UUID(deleted)); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- (&timelines.Backfill{Store: r.store}).Handle(r.ctx, reader, author) }()
	r.waitForLockedInsert()
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("backfill across a post deleted meanwhile: %v", err)
	}
	if got := r.timeline(reader); len(got) != 1 || got[0] != kept {
		t.Fatalf("reader's timeline = %v, want only %v", got, kept)
	}
}

// waitForLockedInsert waits until an insert into timelines is blocked on a
// row lock: it read a post before that post's delete committed.
func (r *timelineRig) waitForLockedInsert() {
	r.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var waiting bool
		if err := r.db.NewRaw(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO timelines%')`).
			Scan(r.ctx, &waiting); err != nil {
			r.t.Fatal(err)
		}
		if waiting {
			return
		}
	}
	r.t.Fatal("no insert into timelines waited on the delete")
}
