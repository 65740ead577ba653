package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	"social/core/ports"
	safety "social/features/safety/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// Safety stores blocks, mutes and muted words, and answers who is hidden
// from whom (ports.Blocks, ports.HiddenMembers).
type Safety struct{ db *bun.DB }

var _ safety.Relations = (*Safety)(nil)

// NewSafety makes the safety store.
func NewSafety(db *bun.DB) *Safety { return &Safety{db: db} }

// IDByHandle is the member with a handle (handles are lowercase).
func (s *Safety) IDByHandle(ctx context.Context, handle string) (domain.UserID, error) {
	return pgkit.MemberIDByHandle(ctx, s.db, handle)
}

// lockPair locks both profiles as follows lock them (LockMemberPair), so
// a block and a follow of the same pair run one after the other: a follow
// can never slip in after the block removed follows.
func (s *Safety) lockPair(ctx context.Context, actor, other domain.UserID) error {
	return pgkit.LockMemberPair(ctx, s.db, actor, other, safety.ErrNoActorProfile)
}

// Block inserts the block once and deletes the follows between the two,
// both ways, lowering the counters by the rows deleted. Call it in a
// transaction.
func (s *Safety) Block(ctx context.Context, blocker, blocked domain.UserID, at time.Time) (bool, []safety.EndedFollow, error) {
	if err := s.lockPair(ctx, blocker, blocked); err != nil {
		return false, nil, err
	}
	db := pgkit.IDB(ctx, s.db)
	res, err := db.NewRaw(`INSERT INTO member_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, uuid.UUID(blocker), uuid.UUID(blocked), at).Exec(ctx)
	if err != nil {
		return false, nil, fmt.Errorf("insert block: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil, nil
	}
	var rows []struct {
		FollowerID  uuid.UUID `bun:"follower_id"`
		FollowingID uuid.UUID `bun:"following_id"`
	}
	if err := db.NewRaw(`DELETE FROM follows WHERE (follower_id = ? AND following_id = ?) OR (follower_id = ? AND following_id = ?)
		RETURNING follower_id, following_id`, uuid.UUID(blocker), uuid.UUID(blocked), uuid.UUID(blocked), uuid.UUID(blocker)).
		Scan(ctx, &rows); err != nil {
		return false, nil, fmt.Errorf("end follows: %w", err)
	}
	ended := make([]safety.EndedFollow, len(rows))
	for i, r := range rows {
		ended[i] = safety.EndedFollow{Follower: domain.UserID(r.FollowerID), Following: domain.UserID(r.FollowingID)}
		if _, err := db.NewRaw(`UPDATE profiles SET
			following_count = greatest(following_count - CASE WHEN id = ? THEN 1 ELSE 0 END, 0),
			follower_count = greatest(follower_count - CASE WHEN id = ? THEN 1 ELSE 0 END, 0)
			WHERE id IN (?, ?)`, r.FollowerID, r.FollowingID, r.FollowerID, r.FollowingID).Exec(ctx); err != nil {
			return false, nil, fmt.Errorf("follow counters: %w", err)
		}
	}
	return true, ended, nil
}

// Unblock deletes blocker's block of blocked, if any.
func (s *Safety) Unblock(ctx context.Context, blocker, blocked domain.UserID) (bool, error) {
	if err := s.lockPair(ctx, blocker, blocked); err != nil {
		return false, err
	}
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM member_blocks WHERE blocker_id = ? AND blocked_id = ?`,
		uuid.UUID(blocker), uuid.UUID(blocked)).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("delete block: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// Mute inserts muter's mute of muted once.
func (s *Safety) Mute(ctx context.Context, muter, muted domain.UserID, at time.Time) (bool, error) {
	var rows []struct {
		Muter bool `bun:"muter"`
		Muted bool `bun:"muted"`
		Made  bool `bun:"made"`
	}
	err := pgkit.IDB(ctx, s.db).NewRaw(`WITH ins AS (
			INSERT INTO member_mutes (muter_id, muted_id, created_at)
			SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM profiles WHERE id = ?) AND EXISTS (SELECT 1 FROM profiles WHERE id = ?)
			ON CONFLICT DO NOTHING RETURNING 1)
		SELECT EXISTS (SELECT 1 FROM profiles WHERE id = ?) AS muter, EXISTS (SELECT 1 FROM profiles WHERE id = ?) AS muted,
			EXISTS (SELECT 1 FROM ins) AS made`,
		uuid.UUID(muter), uuid.UUID(muted), at, uuid.UUID(muter), uuid.UUID(muted), uuid.UUID(muter), uuid.UUID(muted)).Scan(ctx, &rows)
	switch {
	case err != nil:
		return false, fmt.Errorf("insert mute: %w", err)
	case len(rows) == 0 || !rows[0].Muter:
		return false, safety.ErrNoActorProfile
	case !rows[0].Muted:
		return false, domain.ErrNotFound
	}
	return rows[0].Made, nil
}

// Unmute deletes muter's mute of muted, if any.
func (s *Safety) Unmute(ctx context.Context, muter, muted domain.UserID) (bool, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM member_mutes WHERE muter_id = ? AND muted_id = ?`,
		uuid.UUID(muter), uuid.UUID(muted)).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("delete mute: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

type safetyEntryRow struct {
	Since time.Time `bun:"since"`
	pgkit.ListedMemberRow
}

// Blocked reads whom of blocks, newest first, after the cursor.
func (s *Safety) Blocked(ctx context.Context, of domain.UserID, after *domain.ListCursor[domain.UserID], limit int) ([]domain.SafetyEntry, error) {
	return s.list(ctx, "member_blocks", "blocker_id", "blocked_id", of, after, limit)
}

// Muted reads whom of mutes, newest first, after the cursor.
func (s *Safety) Muted(ctx context.Context, of domain.UserID, after *domain.ListCursor[domain.UserID], limit int) ([]domain.SafetyEntry, error) {
	return s.list(ctx, "member_mutes", "muter_id", "muted_id", of, after, limit)
}

func (s *Safety) list(ctx context.Context, table, owner, shown string, of domain.UserID, after *domain.ListCursor[domain.UserID], limit int) ([]domain.SafetyEntry, error) {
	q := `SELECT t.created_at AS since, p.id, p.handle, p.display_name, p.avatar_path, p.is_verified
		FROM ` + table + ` t JOIN profiles p ON p.id = t.` + shown + ` WHERE t.` + owner + ` = ?`
	args := []any{uuid.UUID(of)}
	if after != nil {
		q += ` AND (t.created_at, t.` + shown + `) < (?, ?)`
		args = append(args, after.At, uuid.UUID(after.ID))
	}
	q += ` ORDER BY t.created_at DESC, t.` + shown + ` DESC LIMIT ?`
	args = append(args, limit)
	var rows []safetyEntryRow
	if err := pgkit.IDB(ctx, s.db).NewRaw(q, args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]domain.SafetyEntry, len(rows))
	for i, r := range rows {
		out[i] = domain.SafetyEntry{ListedMember: r.Domain(), Since: r.Since.UTC()}
	}
	return out, nil
}

type mutedWordRow struct {
	ID        uuid.UUID  `bun:"id"`
	MemberID  uuid.UUID  `bun:"member_id"`
	Word      string     `bun:"word"`
	ExpiresAt *time.Time `bun:"expires_at"`
	CreatedAt time.Time  `bun:"created_at"`
}

func (r mutedWordRow) Domain() domain.MutedWord {
	w := domain.MutedWord{ID: domain.MutedWordID(r.ID), MemberID: domain.UserID(r.MemberID), Word: r.Word,
		CreatedAt: r.CreatedAt.UTC()}
	if r.ExpiresAt != nil {
		t := r.ExpiresAt.UTC()
		w.ExpiresAt = &t
	}
	return w
}

// AddMutedWord stores w, or gives the word already muted under the same
// folding w's expiry. The member's profile row is locked first, so two
// adds at once cannot both pass the limit; expired words are deleted
// then and do not count.
func (s *Safety) AddMutedWord(ctx context.Context, w domain.MutedWord, max int) (domain.MutedWord, error) {
	var saved domain.MutedWord
	err := pgkit.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, s.db)
		var ids []uuid.UUID
		if err := db.NewRaw(`SELECT id FROM profiles WHERE id = ? FOR NO KEY UPDATE`, uuid.UUID(w.MemberID)).Scan(ctx, &ids); err != nil {
			return err
		}
		if len(ids) == 0 {
			return safety.ErrNoActorProfile
		}
		if _, err := db.NewRaw(`DELETE FROM muted_words WHERE member_id = ? AND expires_at <= ?`,
			uuid.UUID(w.MemberID), w.CreatedAt).Exec(ctx); err != nil {
			return err
		}
		var counts []struct {
			Total int  `bun:"total"`
			Same  bool `bun:"same"`
		}
		if err := db.NewRaw(`SELECT count(*) AS total, bool_or(folded = lower(immutable_unaccent(?))) AS same
			FROM muted_words WHERE member_id = ?`, w.Word, uuid.UUID(w.MemberID)).Scan(ctx, &counts); err != nil {
			return err
		}
		if len(counts) == 1 && counts[0].Total >= max && !counts[0].Same {
			return safety.ErrTooManyWords
		}
		var rows []mutedWordRow
		if err := db.NewRaw(`INSERT INTO muted_words (id, member_id, word, expires_at, created_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (member_id, folded) DO UPDATE SET expires_at = excluded.expires_at
			RETURNING id, member_id, word, expires_at, created_at`,
			uuid.UUID(w.ID), uuid.UUID(w.MemberID), w.Word, w.ExpiresAt, w.CreatedAt).Scan(ctx, &rows); err != nil {
			return err
		}
		saved = rows[0].Domain()
		return nil
	})
	return saved, err
}

// RemoveMutedWord deletes member's word id, if it is theirs.
func (s *Safety) RemoveMutedWord(ctx context.Context, member domain.UserID, id domain.MutedWordID) (bool, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM muted_words WHERE id = ? AND member_id = ?`,
		uuid.UUID(id), uuid.UUID(member)).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// MutedWords reads member's words in force at now, newest first.
func (s *Safety) MutedWords(ctx context.Context, member domain.UserID, now time.Time) ([]domain.MutedWord, error) {
	var rows []mutedWordRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT id, member_id, word, expires_at, created_at FROM muted_words
		WHERE member_id = ? AND (expires_at IS NULL OR expires_at > ?) ORDER BY created_at DESC, id DESC`,
		uuid.UUID(member), now).Scan(ctx, &rows)
	out := make([]domain.MutedWord, len(rows))
	for i, r := range rows {
		out[i] = r.Domain()
	}
	return out, err
}

// PruneMutedWords deletes every member's words that expired by now and
// returns how many. Reads already pass them over; this keeps the table
// from holding them until their member adds another word.
func (s *Safety) PruneMutedWords(ctx context.Context, now time.Time) (int64, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM muted_words WHERE expires_at <= ?`, now).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("prune muted words: %w", err)
	}
	return res.RowsAffected()
}

// PruneMutedWordsArgs is the periodic job that deletes expired muted words.
type PruneMutedWordsArgs struct{}

// Kind is the job's stable name.
func (PruneMutedWordsArgs) Kind() string { return "safety.prune_muted_words" }

// PruneMutedWordsWorker works safety.prune_muted_words; running it twice is
// harmless.
type PruneMutedWordsWorker struct {
	river.WorkerDefaults[PruneMutedWordsArgs]
	Store *Safety
	Clock ports.Clock
}

// Work prunes.
func (w *PruneMutedWordsWorker) Work(ctx context.Context, _ *river.Job[PruneMutedWordsArgs]) error {
	_, err := w.Store.PruneMutedWords(ctx, w.Clock.Now())
	return err
}

// PruneMutedWordsEvery is how often the pruning runs: the shortest mute
// lasts a day, so an hourly run leaves no word much past its end.
const PruneMutedWordsEvery = time.Hour

// NewPruneMutedWordsJob schedules safety.prune_muted_words.
func NewPruneMutedWordsJob() plugin.PeriodicJob {
	return plugin.PeriodicJob{Name: "safety.prune_muted_words", Job: river.NewPeriodicJob(
		river.PeriodicInterval(PruneMutedWordsEvery),
		func() (river.JobArgs, *river.InsertOpts) { return PruneMutedWordsArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
}

// EitherBlocks reports whether a blocks b or b blocks a.
func (s *Safety) EitherBlocks(ctx context.Context, a, b domain.UserID) (bool, error) {
	return EitherBlocks(ctx, pgkit.IDB(ctx, s.db), a, b)
}

// EitherBlocks reports whether a blocks b or b blocks a, for any store
// (plugins' included) that must refuse an interaction between them.
func EitherBlocks(ctx context.Context, db bun.IDB, a, b domain.UserID) (bool, error) {
	var blocked bool
	err := db.NewRaw(`SELECT `+pgkit.EitherBlocksSQL, pgkit.EitherBlocksArgs(uuid.UUID(a), uuid.UUID(b))...).Scan(ctx, &blocked)
	return blocked, err
}

// BlockedAmong answers those of among in a block relation with member,
// either way.
func (s *Safety) BlockedAmong(ctx context.Context, member domain.UserID, among []domain.UserID) ([]domain.UserID, error) {
	if len(among) == 0 {
		return nil, nil
	}
	ids := make([]string, len(among))
	for i, id := range among {
		ids[i] = id.String()
	}
	var rows []uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT DISTINCT other FROM (
			SELECT blocked_id AS other FROM blocked_pairs WHERE blocker_id = ? AND blocked_id = ANY(?::uuid[])
			UNION ALL SELECT blocker_id FROM blocked_pairs WHERE blocked_id = ? AND blocker_id = ANY(?::uuid[])
			UNION ALL SELECT bp.id FROM blocked_domains bd JOIN profiles bp ON bp.domain = bd.domain
				WHERE bd.member_id = ? AND bp.id = ANY(?::uuid[])
			UNION ALL SELECT bd.member_id FROM blocked_domains bd JOIN profiles bp ON bp.domain = bd.domain
				WHERE bp.id = ? AND bd.member_id = ANY(?::uuid[])) b`,
		uuid.UUID(member), pgdialect.Array(ids), uuid.UUID(member), pgdialect.Array(ids),
		uuid.UUID(member), pgdialect.Array(ids), uuid.UUID(member), pgdialect.Array(ids)).Scan(ctx, &rows)
	out := make([]domain.UserID, len(rows))
	for i, r := range rows {
		out[i] = domain.UserID(r)
	}
	return out, err
}

// BlockersOf lists the members who block member.
func (s *Safety) BlockersOf(ctx context.Context, member domain.UserID) ([]domain.UserID, error) {
	var rows []uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT blocker_id FROM blocked_pairs WHERE blocked_id = ?
		UNION SELECT bd.member_id FROM blocked_domains bd JOIN profiles bp ON bp.domain = bd.domain WHERE bp.id = ?`,
		uuid.UUID(member), uuid.UUID(member)).Scan(ctx, &rows)
	out := make([]domain.UserID, len(rows))
	for i, r := range rows {
		out[i] = domain.UserID(r)
	}
	return out, err
}

// HiddenFrom lists the members blocking or blocked by viewer, and those
// viewer mutes.
func (s *Safety) HiddenFrom(ctx context.Context, viewer domain.UserID) ([]domain.HiddenMember, error) {
	var rows []struct {
		ID      uuid.UUID `bun:"id"`
		Handle  string    `bun:"handle"`
		Blocked bool      `bun:"blocked"`
		Muted   bool      `bun:"muted"`
	}
	err := pgkit.IDB(ctx, s.db).NewRaw(`WITH rel AS (
			SELECT blocked_id AS id, true AS blocked, false AS muted FROM blocked_pairs WHERE blocker_id = ?
			UNION ALL SELECT blocker_id, true, false FROM blocked_pairs WHERE blocked_id = ?
			UNION ALL SELECT bp.id, true, false FROM blocked_domains bd JOIN profiles bp ON bp.domain = bd.domain
				WHERE bd.member_id = ?
			UNION ALL SELECT muted_id, false, true FROM member_mutes WHERE muter_id = ?)
		SELECT rel.id, p.handle, bool_or(rel.blocked) AS blocked, bool_or(rel.muted) AS muted
		FROM rel JOIN profiles p ON p.id = rel.id GROUP BY rel.id, p.handle`,
		uuid.UUID(viewer), uuid.UUID(viewer), uuid.UUID(viewer), uuid.UUID(viewer)).Scan(ctx, &rows)
	out := make([]domain.HiddenMember, len(rows))
	for i, r := range rows {
		out[i] = domain.HiddenMember{ID: domain.UserID(r.ID), Handle: r.Handle, Blocked: r.Blocked, Muted: r.Muted}
	}
	return out, err
}
