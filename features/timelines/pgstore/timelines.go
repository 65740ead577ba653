package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	timelines "social/features/timelines/app"
	"social/platform/pgkit"
)

// Timelines stores the per-member 'Seguindo' timelines.
type Timelines struct{ db *bun.DB }

// NewTimelines makes the timeline store.
func NewTimelines(db *bun.DB) *Timelines { return &Timelines{db: db} }

// FanOut writes post into the timelines of the author (with the first
// batch) and of up to batch followers with ids above after.
//
// Each statement takes a key-share lock on the post, once: a deletion
// (posts' Delete, which then deletes the post's timeline rows) waits for
// the statement's rows to commit and deletes them too, and a statement
// that waited on a deletion finds the post gone and writes nothing. A
// foreign key did the same by checking the post again for every row, 40 %
// of the cost of writing 10,000 of them.
func (s *Timelines) FanOut(ctx context.Context, post domain.PostID, after domain.UserID, batch int) (timelines.Placed, domain.UserID, error) {
	db := pgkit.IDB(ctx, s.db)
	var placed timelines.Placed
	if after.IsZero() {
		var rows []struct {
			Member uuid.UUID `bun:"member_id"`
		}
		if err := db.NewRaw(`INSERT INTO timelines (member_id, post_id, author_id, created_at)
			SELECT author_id, id, author_id, created_at FROM posts WHERE id = ? AND visibility <> 'members_only'
			FOR KEY SHARE
			ON CONFLICT DO NOTHING
			RETURNING member_id`, uuid.UUID(post)).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return placed, domain.UserID{}, err
		}
		for _, r := range rows {
			placed.Author = domain.UserID(r.Member)
			placed.Members = append(placed.Members, domain.UserID(r.Member))
		}
	}
	var (
		last    uuid.NullUUID
		author  uuid.NullUUID
		members []string
	)
	// A pulled author's followers get no row (the batch is answered as
	// placed, for the news); the others get theirs.
	err := db.NewRaw(`WITH post AS (
			SELECT id, author_id, created_at,
				EXISTS (SELECT 1 FROM timeline_pulled_authors x WHERE x.author_id = posts.author_id) AS pulled
			FROM posts WHERE id = ? AND visibility <> 'members_only' FOR KEY SHARE),
		batch AS (
			SELECT f.follower_id FROM post p JOIN follows f ON f.following_id = p.author_id
			WHERE f.follower_id > ? ORDER BY f.follower_id LIMIT ?),
		ins AS (
			INSERT INTO timelines (member_id, post_id, author_id, created_at)
			SELECT b.follower_id, p.id, p.author_id, p.created_at FROM batch b CROSS JOIN post p
			WHERE NOT p.pulled
			ON CONFLICT DO NOTHING
			RETURNING member_id)
		SELECT (SELECT max(follower_id::text)::uuid FROM batch), (SELECT author_id FROM post),
			CASE WHEN (SELECT pulled FROM post) THEN ARRAY(SELECT follower_id::text FROM batch)
				ELSE ARRAY(SELECT member_id::text FROM ins) END`,
		uuid.UUID(post), uuid.UUID(after), batch).Scan(ctx, &last, &author, pgdialect.Array(&members))
	// No follower left, or the post deleted: either way the fan-out is done.
	if errors.Is(err, sql.ErrNoRows) {
		return placed, domain.UserID{}, nil
	}
	if err != nil {
		return placed, domain.UserID{}, err
	}
	if author.Valid {
		placed.Author = domain.UserID(author.UUID)
	}
	placed.Members = append(placed.Members, parseMembers(members)...)
	if !last.Valid {
		return placed, domain.UserID{}, nil
	}
	return placed, domain.UserID(last.UUID), nil
}

// FanOutNow writes post into the timelines of its author and every
// follower in one statement, when the author has at most limit followers
// (the profile's counter); otherwise it writes nothing. Call it in the
// post's transaction, after the author's profile row is locked
// (timelines.PlaceNewPost says why). Placed is the timelines written.
func (s *Timelines) FanOutNow(ctx context.Context, post domain.PostID, limit int) (bool, timelines.Placed, error) {
	var (
		written bool
		author  uuid.NullUUID
		members []string
	)
	err := pgkit.IDB(ctx, s.db).NewRaw(`WITH small AS (
			SELECT p.id, p.author_id, p.created_at FROM posts p JOIN profiles a ON a.id = p.author_id
			WHERE p.id = ? AND p.visibility <> 'members_only' AND a.follower_count <= ?),
		ins AS (
			INSERT INTO timelines (member_id, post_id, author_id, created_at)
			SELECT author_id, id, author_id, created_at FROM small
			UNION ALL
			SELECT f.follower_id, s.id, s.author_id, s.created_at FROM small s JOIN follows f ON f.following_id = s.author_id
			ON CONFLICT DO NOTHING
			RETURNING member_id)
		SELECT EXISTS (SELECT 1 FROM small), (SELECT author_id FROM small),
			ARRAY(SELECT member_id::text FROM ins)`, uuid.UUID(post), limit).Scan(ctx, &written, &author, pgdialect.Array(&members))
	return written, placedOf(author, members), err
}

// PullIfAbove marks the author of post pulled when they have more than
// limit followers (the profile's counter) or were pulled already, and then
// writes post into the author's own timeline only. Call it in the post's
// transaction, after FanOutNow declined it.
func (s *Timelines) PullIfAbove(ctx context.Context, post domain.PostID, limit int) (bool, timelines.Placed, error) {
	var (
		pulled  bool
		author  uuid.NullUUID
		members []string
	)
	// The statement's parts share one snapshot: the author just marked is
	// seen through the INSERT's RETURNING, not in the table.
	err := pgkit.IDB(ctx, s.db).NewRaw(`WITH marked AS (
			INSERT INTO timeline_pulled_authors (author_id)
			SELECT p.author_id FROM posts p JOIN profiles a ON a.id = p.author_id
			WHERE p.id = ?0 AND a.follower_count > ?1
			ON CONFLICT DO NOTHING
			RETURNING author_id),
		post AS (
			SELECT p.id, p.author_id, p.created_at, p.visibility FROM posts p
			WHERE p.id = ?0 AND (EXISTS (SELECT 1 FROM marked)
				OR EXISTS (SELECT 1 FROM timeline_pulled_authors x WHERE x.author_id = p.author_id))),
		ins AS (
			INSERT INTO timelines (member_id, post_id, author_id, created_at)
			SELECT author_id, id, author_id, created_at FROM post WHERE visibility <> 'members_only'
			ON CONFLICT DO NOTHING
			RETURNING member_id)
		SELECT EXISTS (SELECT 1 FROM post), (SELECT author_id FROM post),
			ARRAY(SELECT member_id::text FROM ins)`, uuid.UUID(post), limit).Scan(ctx, &pulled, &author, pgdialect.Array(&members))
	return pulled, placedOf(author, members), err
}

// placedOf is the timelines a statement wrote (members, as text) and the
// post's author (none when the statement found no post).
func placedOf(author uuid.NullUUID, members []string) timelines.Placed {
	placed := timelines.Placed{Members: parseMembers(members)}
	if author.Valid {
		placed.Author = domain.UserID(author.UUID)
	}
	return placed
}

func parseMembers(ids []string) []domain.UserID {
	out := make([]domain.UserID, 0, len(ids))
	for _, id := range ids {
		if u, err := uuid.Parse(id); err == nil {
			out = append(out, domain.UserID(u))
		}
	}
	return out
}

// Backfill copies followee's newest limit posts into follower's timeline
// while the follow exists (friends_only included: a follower may read them;
// members_only ones never, they belong to their audience's page), unless
// followee is pulled ('Seguindo' reads their posts from the posts table).
// The posts copied are key-share locked, as in FanOut: one deleted
// meanwhile is skipped, or its row deleted with it.
func (s *Timelines) Backfill(ctx context.Context, follower, followee domain.UserID, limit int) error {
	return s.withFollowPair(ctx, follower, followee, func(db bun.IDB) error {
		_, err := db.NewRaw(`INSERT INTO timelines (member_id, post_id, author_id, created_at)
			SELECT ?, p.id, p.author_id, p.created_at FROM posts p
			WHERE p.author_id = ? AND p.visibility <> 'members_only'
				AND EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND following_id = ?)
				AND NOT EXISTS (SELECT 1 FROM timeline_pulled_authors x WHERE x.author_id = p.author_id)
			ORDER BY p.created_at DESC LIMIT ?
			FOR KEY SHARE OF p
			ON CONFLICT DO NOTHING`,
			uuid.UUID(follower), uuid.UUID(followee), uuid.UUID(follower), uuid.UUID(followee), limit).Exec(ctx)
		return err
	})
}

// RemoveAuthor deletes author's rows from member's timeline unless member
// follows author (again).
func (s *Timelines) RemoveAuthor(ctx context.Context, member, author domain.UserID) error {
	return s.withFollowPair(ctx, member, author, func(db bun.IDB) error {
		_, err := db.NewRaw(`DELETE FROM timelines
			WHERE member_id = ? AND author_id = ?
			AND NOT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND following_id = ?)`,
			uuid.UUID(member), uuid.UUID(author), uuid.UUID(member), uuid.UUID(author)).Exec(ctx)
		return err
	})
}

// withFollowPair runs fn in a transaction holding a lock on the pair
// (follower, followee), so that the backfill and the removal of one pair
// never overlap. Without it, a removal's DELETE that took its snapshot
// before a re-follow committed could run past that follow's whole backfill
// and delete the rows the backfill left alone because they were still
// there: the member would follow the author again and miss their posts.
func (s *Timelines) withFollowPair(ctx context.Context, follower, followee domain.UserID, fn func(bun.IDB) error) error {
	run := func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewRaw(`SELECT pg_advisory_xact_lock(hashtextextended('timeline ' || ? || ' ' || ?, 0))`,
			uuid.UUID(follower).String(), uuid.UUID(followee).String()).Exec(ctx)
		if err != nil {
			return err
		}
		return fn(tx)
	}
	if tx, ok := pgkit.TxFrom(ctx); ok {
		return run(ctx, tx)
	}
	return pgkit.DBOf(ctx, s.db).RunInTx(ctx, nil, run)
}

// Trim deletes the rows of every timeline beyond its newest limit.
func (s *Timelines) Trim(ctx context.Context, limit int) (int, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM timelines t USING (
			SELECT member_id, post_id FROM (
				SELECT member_id, post_id,
					row_number() OVER (PARTITION BY member_id ORDER BY created_at DESC, post_id DESC) AS n
				FROM timelines
				WHERE member_id IN (SELECT member_id FROM timelines GROUP BY member_id HAVING count(*) > ?)
			) ranked WHERE n > ?) old
		WHERE t.member_id = old.member_id AND t.post_id = old.post_id`, limit, limit).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// RebuildAll fills every member's timeline with the newest limit posts of
// the people they follow (pulled authors aside) and their own, in one
// statement: for data loaded in bulk (seed-demo) rather than through posts
// and follows. Each author's newest limit come from posts_author_idx,
// then are merged per member: an OR over the followees instead reads every
// post of theirs (a sequential scan per member on a large table).
func (s *Timelines) RebuildAll(ctx context.Context, limit int) (int, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO timelines (member_id, post_id, author_id, created_at)
		SELECT m.id, p.id, p.author_id, p.created_at FROM profiles m
		CROSS JOIN LATERAL (
			SELECT x.id, x.author_id, x.created_at
			FROM (SELECT m.id AS author UNION ALL SELECT following_id FROM follows WHERE follower_id = m.id
				AND NOT EXISTS (SELECT 1 FROM timeline_pulled_authors x WHERE x.author_id = following_id)) a
			CROSS JOIN LATERAL (
				SELECT id, author_id, created_at FROM posts WHERE author_id = a.author AND visibility <> 'members_only'
				ORDER BY created_at DESC LIMIT ?) x
			ORDER BY x.created_at DESC LIMIT ?) p
		ON CONFLICT DO NOTHING`, limit, limit).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// FanOutArgs is the job writing a new post into its readers' timelines.
type FanOutArgs struct {
	PostID uuid.UUID `json:"post_id"`
}

// Kind is the job's stable name.
func (FanOutArgs) Kind() string { return "timelines.fan_out" }

// FanOutWorker works timelines.fan_out (idempotent).
type FanOutWorker struct {
	river.WorkerDefaults[FanOutArgs]
	FanOut *timelines.FanOut
}

// Work fans the post out.
func (w *FanOutWorker) Work(ctx context.Context, job *river.Job[FanOutArgs]) error {
	return w.FanOut.Handle(ctx, domain.PostID(job.Args.PostID))
}

// FollowArgs names a follow: the job backfilling or cleaning a timeline.
type FollowArgs struct {
	Follower uuid.UUID `json:"follower_id"`
	Followee uuid.UUID `json:"followee_id"`
}

// BackfillArgs is the job run after a follow.
type BackfillArgs FollowArgs

// Kind is the job's stable name.
func (BackfillArgs) Kind() string { return "timelines.backfill" }

// RemoveAuthorArgs is the job run after an unfollow.
type RemoveAuthorArgs FollowArgs

// Kind is the job's stable name.
func (RemoveAuthorArgs) Kind() string { return "timelines.remove_author" }

// FollowJob is a job naming a follow: timelines.backfill or
// timelines.remove_author.
type FollowJob interface {
	BackfillArgs | RemoveAuthorArgs
	river.JobArgs
}

// FollowWorker works a job naming a follow (both are idempotent): Handle
// backfills or cleans the follower's timeline.
type FollowWorker[Args FollowJob] struct {
	river.WorkerDefaults[Args]
	Handle func(ctx context.Context, follower, followee domain.UserID) error
}

// Work hands the follow to Handle.
func (w *FollowWorker[Args]) Work(ctx context.Context, job *river.Job[Args]) error {
	follow := FollowArgs(job.Args)
	return w.Handle(ctx, domain.UserID(follow.Follower), domain.UserID(follow.Followee))
}

// TrimArgs is the periodic job keeping timelines at their cap.
type TrimArgs struct{}

// Kind is the job's stable name.
func (TrimArgs) Kind() string { return "timelines.trim" }

// TrimEvery is how often timelines are trimmed.
const TrimEvery = time.Hour

// TrimWorker works timelines.trim.
type TrimWorker struct {
	river.WorkerDefaults[TrimArgs]
	Trim *timelines.Trim
}

// Work trims.
func (w *TrimWorker) Work(ctx context.Context, _ *river.Job[TrimArgs]) error {
	_, err := w.Trim.Handle(ctx)
	return err
}

// TimelineQueue enqueues timeline jobs in the caller's transaction.
type TimelineQueue struct{ Jobs *pgkit.JobInserter }

// EnqueueFanOut enqueues the fan-out of a new post.
func (q TimelineQueue) EnqueueFanOut(ctx context.Context, post domain.PostID) error {
	return q.Jobs.Insert(ctx, FanOutArgs{PostID: uuid.UUID(post)}, &river.InsertOpts{MaxAttempts: 10})
}

// EnqueueBackfill enqueues the backfill after follower followed followee.
func (q TimelineQueue) EnqueueBackfill(ctx context.Context, follower, followee domain.UserID) error {
	return q.Jobs.Insert(ctx, BackfillArgs{Follower: uuid.UUID(follower), Followee: uuid.UUID(followee)},
		&river.InsertOpts{MaxAttempts: 10})
}

// EnqueueRemoveAuthor enqueues the cleanup after follower unfollowed followee.
func (q TimelineQueue) EnqueueRemoveAuthor(ctx context.Context, follower, followee domain.UserID) error {
	return q.Jobs.Insert(ctx, RemoveAuthorArgs{Follower: uuid.UUID(follower), Followee: uuid.UUID(followee)},
		&river.InsertOpts{MaxAttempts: 10})
}
