package pgstore

import (
	"context"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	"social/features/notifications/app"
	safety "social/features/safety/app"
	"social/platform/pgkit"
)

// Notifications stores members' notifications.
type Notifications struct{ db *bun.DB }

// NewNotifications makes the notification store.
func NewNotifications(db *bun.DB) *Notifications { return &Notifications{db: db} }

// Insert stores n; a like, mention or follow already stored for the same
// sender and target is left as it is (notifications_once_idx). A notice
// from the service (no sender) is always stored.
func (s *Notifications) Insert(ctx context.Context, n domain.Notification) (bool, error) {
	var post *uuid.UUID
	if n.PostID != nil {
		u := uuid.UUID(*n.PostID)
		post = &u
	}
	var sender *uuid.UUID
	if !n.SenderID.IsZero() {
		u := uuid.UUID(n.SenderID)
		sender = &u
	}
	var notice *string
	if n.Notice != "" {
		k := string(n.Notice)
		notice = &k
	}
	// Nothing is recorded between members kept apart by a block, whatever
	// caused it (a mention, a comment on someone else's thread); with no
	// sender no block matches.
	// Likes, follows and mentions each record one, hence prepared.
	res, err := pgkit.PreparedExec(ctx, s.db, `INSERT INTO notifications
		(id, recipient_id, sender_id, type, notice, post_id, comment_id, message, created_at)
		SELECT ?::uuid, ?::uuid, ?::uuid, ?::text, ?::text, ?::uuid, ?::uuid, ?::text, ?::timestamptz WHERE NOT `+pgkit.EitherBlocksSQL+`
		ON CONFLICT DO NOTHING`,
		append([]any{uuid.UUID(n.ID), uuid.UUID(n.RecipientID), sender, string(n.Type), notice, post, n.CommentID,
			n.Message, n.CreatedAt}, pgkit.EitherBlocksArgs(uuid.UUID(n.RecipientID), sender)...)...)
	if pgkit.ForeignKeyViolation(err) {
		// What the notification is about was deleted meanwhile.
		return false, nil
	}
	if err != nil {
		return false, err
	}
	made, err := res.RowsAffected()
	return made == 1, err
}

// Retract deletes the like, mention or follow notification of sender to
// recipient about post (NULL for follow).
func (s *Notifications) Retract(ctx context.Context, recipient, sender domain.UserID, typ domain.NotificationType, post *domain.PostID) ([]domain.NotificationID, error) {
	var postID *uuid.UUID
	if post != nil {
		u := uuid.UUID(*post)
		postID = &u
	}
	var ids []uuid.UUID
	err := pgkit.Prepared(ctx, s.db, &ids, `DELETE FROM notifications
		WHERE recipient_id = ? AND sender_id = ? AND type = ? AND post_id IS NOT DISTINCT FROM ?::uuid
		RETURNING id`, uuid.UUID(recipient), uuid.UUID(sender), string(typ), postID)
	out := make([]domain.NotificationID, len(ids))
	for i, id := range ids {
		out[i] = domain.NotificationID(id)
	}
	return out, err
}

type notificationRow struct {
	ID                uuid.UUID  `bun:"id"`
	RecipientID       uuid.UUID  `bun:"recipient_id"`
	SenderID          *uuid.UUID `bun:"sender_id"`
	Type              string     `bun:"type"`
	Notice            *string    `bun:"notice"`
	PostID            *uuid.UUID `bun:"post_id"`
	CommentID         *uuid.UUID `bun:"comment_id"`
	Message           *string    `bun:"message"`
	IsRead            bool       `bun:"is_read"`
	CreatedAt         time.Time  `bun:"created_at"`
	SenderHandle      *string    `bun:"sender_handle"`
	SenderDisplayName *string    `bun:"sender_display_name"`
	SenderAvatarPath  *string    `bun:"sender_avatar_path"`
}

// messageOf is a notification's excerpt, "" for none, for the muted words.
// A notice from the service is never hidden by them: a removed post's
// text is the member's own.
func messageOf(r *notificationRow) string {
	if r.Message == nil || r.Type == string(domain.NotifySystem) {
		return ""
	}
	return *r.Message
}

func (r notificationRow) Domain() domain.NotificationItem {
	it := domain.NotificationItem{Notification: domain.Notification{ID: domain.NotificationID(r.ID),
		RecipientID: domain.UserID(r.RecipientID), Type: domain.NotificationType(r.Type), CommentID: r.CommentID,
		Message: r.Message, IsRead: r.IsRead, CreatedAt: r.CreatedAt.UTC()}}
	if r.Notice != nil {
		it.Notice = domain.NoticeKind(*r.Notice)
	}
	if r.SenderID == nil {
		// A notice from the service: nobody sent it.
		return it
	}
	it.SenderID = domain.UserID(*r.SenderID)
	it.Sender = domain.MemberCard{ID: it.SenderID, Handle: "unknown", DisplayName: "Unknown User"}
	if r.PostID != nil {
		p := domain.PostID(*r.PostID)
		it.PostID = &p
	}
	if r.SenderHandle != nil && r.SenderDisplayName != nil {
		it.Sender.Handle, it.Sender.DisplayName, it.Sender.AvatarPath = *r.SenderHandle, *r.SenderDisplayName, r.SenderAvatarPath
	}
	return it
}

// hiddenNotifications leaves out the senders recipient's blocks (either
// way) and mutes hide, and suspended senders and deleted ones (from the
// moment the deletion is confirmed, before the erasure removes their
// notifications), as every read of their posts does; an anti-join on the
// partial index of those accounts (accounts_hidden_idx). The excerpts
// holding one of recipient's muted words are left out after the read
// (Unmuted, in the safety feature's use cases). A notice from the service
// has no sender (NULL), so none of these clauses matches it.
func hiddenNotifications(recipient domain.UserID) (string, []any) {
	clause, args := pgkit.HiddenMember("n.sender_id", recipient)
	return clause + senderActive, args
}

// senderActive repeats accounts_hidden_idx's predicate so that the index
// serves it.
const senderActive = ` AND NOT EXISTS (SELECT 1 FROM accounts sa WHERE sa.id = n.sender_id
	AND (sa.suspended_at IS NOT NULL OR sa.deleted_at IS NOT NULL))`

// Newest reads recipient's newest notifications with their senders, on
// notifications_recipient_idx. When recipient's muted words hide some,
// older ones are read in their place, as far as the safety feature's Unmuted goes.
func (s *Notifications) Newest(ctx context.Context, recipient domain.UserID, limit int) ([]domain.NotificationItem, error) {
	words, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: s.db}, recipient)
	if err != nil {
		return nil, err
	}
	hidden, hiddenArgs := hiddenNotifications(recipient)
	read := func(after *notificationRow) ([]notificationRow, error) {
		q := `SELECT n.*, p.handle AS sender_handle, p.display_name AS sender_display_name,
		p.avatar_path AS sender_avatar_path
		FROM notifications n LEFT JOIN profiles p ON p.id = n.sender_id
		WHERE n.recipient_id = ?` + hidden
		args := append([]any{uuid.UUID(recipient)}, hiddenArgs...)
		if after != nil {
			q += ` AND (n.created_at, n.id) < (?, ?)`
			args = append(args, after.CreatedAt, after.ID)
		}
		var rows []notificationRow
		err := pgkit.IDB(ctx, s.db).NewRaw(q+` ORDER BY n.created_at DESC, n.id DESC LIMIT ?`, append(args, limit)...).Scan(ctx, &rows)
		return rows, err
	}
	kept, _, _, err := safety.Unmuted(ctx, pgkit.MutedWords{DB: s.db}, words, limit, read, messageOf)
	out := make([]domain.NotificationItem, len(kept))
	for i, r := range kept {
		out[i] = r.Domain()
	}
	return out, err
}

// Shown reads one of recipient's notifications with its sender as the
// list shows it, and whether the list shows it at all: the same blocks,
// mutes, suspended or deleted senders and muted words leave it out. The
// push of a notification asks this when it is sent, so a mute made
// meanwhile holds it back too.
func (s *Notifications) Shown(ctx context.Context, recipient domain.UserID, id domain.NotificationID) (domain.NotificationItem, bool, error) {
	hidden, hiddenArgs := hiddenNotifications(recipient)
	var rows []notificationRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT n.*, p.handle AS sender_handle, p.display_name AS sender_display_name,
		p.avatar_path AS sender_avatar_path
		FROM notifications n LEFT JOIN profiles p ON p.id = n.sender_id
		WHERE n.id = ? AND n.recipient_id = ?`+hidden,
		append([]any{uuid.UUID(id), uuid.UUID(recipient)}, hiddenArgs...)...).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return domain.NotificationItem{}, false, err
	}
	words, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: s.db}, recipient)
	if err != nil {
		return domain.NotificationItem{}, false, err
	}
	if words != nil {
		folded, err := safety.Fold(ctx, pgkit.MutedWords{DB: s.db}, []string{messageOf(&rows[0])})
		if err != nil {
			return domain.NotificationItem{}, false, err
		}
		if words.Hides(folded[0]) {
			return domain.NotificationItem{}, false, nil
		}
	}
	return rows[0].Domain(), true, nil
}

// Unread counts recipient's unread notifications on the partial index.
// For a recipient with muted words, the unread excerpts are read (grouped)
// and those the words hide are not counted.
func (s *Notifications) Unread(ctx context.Context, recipient domain.UserID) (int, error) {
	words, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: s.db}, recipient)
	if err != nil {
		return 0, err
	}
	hidden, hiddenArgs := hiddenNotifications(recipient)
	args := append([]any{uuid.UUID(recipient)}, hiddenArgs...)
	if words == nil {
		var n int
		// Answered after every like, comment and follow, hence prepared.
		err := pgkit.PreparedRow(ctx, s.db, `SELECT count(*) FROM notifications n WHERE n.recipient_id = ? AND NOT n.is_read`+hidden,
			args...).Scan(&n)
		return n, err
	}
	var groups []struct {
		Message string `bun:"message"`
		N       int    `bun:"n"`
	}
	if err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT CASE WHEN n.type = 'system' THEN '' ELSE coalesce(n.message, '') END AS message, count(*) AS n
		FROM notifications n WHERE n.recipient_id = ? AND NOT n.is_read`+hidden+` GROUP BY 1`, args...).Scan(ctx, &groups); err != nil {
		return 0, err
	}
	texts := make([]string, len(groups))
	for i, g := range groups {
		texts[i] = g.Message
	}
	folded, err := safety.Fold(ctx, pgkit.MutedWords{DB: s.db}, texts)
	n := 0
	for i, g := range groups {
		if err == nil && !words.Hides(folded[i]) {
			n += g.N
		}
	}
	return n, err
}

// MarkRead marks one of recipient's notifications read.
func (s *Notifications) MarkRead(ctx context.Context, recipient domain.UserID, id domain.NotificationID) error {
	var found bool
	err := pgkit.IDB(ctx, s.db).NewRaw(`WITH upd AS (
		UPDATE notifications SET is_read = true WHERE id = ? AND recipient_id = ? AND NOT is_read RETURNING id)
		SELECT EXISTS (SELECT 1 FROM notifications WHERE id = ? AND recipient_id = ?)`,
		uuid.UUID(id), uuid.UUID(recipient), uuid.UUID(id), uuid.UUID(recipient)).Scan(ctx, &found)
	if err == nil && !found {
		err = domain.ErrNotFound
	}
	return err
}

// MarkAllRead marks every unread notification of recipient read.
func (s *Notifications) MarkAllRead(ctx context.Context, recipient domain.UserID) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE notifications SET is_read = true WHERE recipient_id = ? AND NOT is_read`,
		uuid.UUID(recipient)).Exec(ctx)
	return err
}

// Page reads a page of recipient's list within f, under the list's rules
// (Newest's), on notifications_recipient_idx.
func (s *Notifications) Page(ctx context.Context, recipient domain.UserID, f app.PageFilter, limit int) ([]domain.NotificationItem, error) {
	words, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: s.db}, recipient)
	if err != nil {
		return nil, err
	}
	hidden, hiddenArgs := hiddenNotifications(recipient)
	where := ` WHERE n.recipient_id = ?` + hidden
	args := append([]any{uuid.UUID(recipient)}, hiddenArgs...)
	if len(f.Types) > 0 {
		where += ` AND n.type = ANY(?)`
		args = append(args, pgdialect.Array(typeNames(f.Types)))
	}
	if len(f.Exclude) > 0 {
		where += ` AND NOT (n.type = ANY(?))`
		args = append(args, pgdialect.Array(typeNames(f.Exclude)))
	}
	if f.Sender != nil {
		where += ` AND n.sender_id = ?`
		args = append(args, uuid.UUID(*f.Sender))
	}
	order, step, start := ` DESC`, `<`, f.Older
	if f.Forward {
		order, step, start = ` ASC`, `>`, f.Newer
		if f.Older != nil {
			where += ` AND (n.created_at, n.id) < (?, ?)`
			args = append(args, f.Older.CreatedAt, uuid.UUID(f.Older.ID))
		}
	} else if f.Newer != nil {
		where += ` AND (n.created_at, n.id) > (?, ?)`
		args = append(args, f.Newer.CreatedAt, uuid.UUID(f.Newer.ID))
	}
	read := func(after *notificationRow) ([]notificationRow, error) {
		q := `SELECT n.*, p.handle AS sender_handle, p.display_name AS sender_display_name,
		p.avatar_path AS sender_avatar_path
		FROM notifications n LEFT JOIN profiles p ON p.id = n.sender_id` + where
		a := slices.Clone(args)
		switch {
		case after != nil:
			q += ` AND (n.created_at, n.id) ` + step + ` (?, ?)`
			a = append(a, after.CreatedAt, after.ID)
		case start != nil:
			q += ` AND (n.created_at, n.id) ` + step + ` (?, ?)`
			a = append(a, start.CreatedAt, uuid.UUID(start.ID))
		}
		var rows []notificationRow
		err := pgkit.IDB(ctx, s.db).NewRaw(q+` ORDER BY n.created_at`+order+`, n.id`+order+` LIMIT ?`, append(a, limit)...).Scan(ctx, &rows)
		return rows, err
	}
	kept, _, _, err := safety.Unmuted(ctx, pgkit.MutedWords{DB: s.db}, words, limit, read, messageOf)
	out := make([]domain.NotificationItem, len(kept))
	for i, r := range kept {
		out[i] = r.Domain()
	}
	if f.Forward {
		slices.Reverse(out)
	}
	return out, err
}

func typeNames(types []domain.NotificationType) []string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = string(t)
	}
	return out
}

// CreatedAt is when recipient's notification id was made; ok is false
// when recipient has none such.
func (s *Notifications) CreatedAt(ctx context.Context, recipient domain.UserID, id domain.NotificationID) (time.Time, bool, error) {
	var at []time.Time
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT created_at FROM notifications WHERE id = ? AND recipient_id = ?`,
		uuid.UUID(id), uuid.UUID(recipient)).Scan(ctx, &at)
	if err != nil || len(at) == 0 {
		return time.Time{}, false, err
	}
	return at[0], true, nil
}

// Delete removes one of recipient's notifications; domain.ErrNotFound when
// recipient has none such.
func (s *Notifications) Delete(ctx context.Context, recipient domain.UserID, id domain.NotificationID) error {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM notifications WHERE id = ? AND recipient_id = ?`,
		uuid.UUID(id), uuid.UUID(recipient)).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// DeleteAll removes every notification of recipient.
func (s *Notifications) DeleteAll(ctx context.Context, recipient domain.UserID) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM notifications WHERE recipient_id = ?`, uuid.UUID(recipient)).Exec(ctx)
	return err
}

// MarkReadUpTo marks read recipient's notifications up to id (in the
// list's order); nothing when id is not one of theirs.
func (s *Notifications) MarkReadUpTo(ctx context.Context, recipient domain.UserID, id domain.NotificationID) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE notifications n SET is_read = true
		FROM (SELECT created_at, id FROM notifications WHERE id = ? AND recipient_id = ?) AS upto
		WHERE n.recipient_id = ? AND NOT n.is_read AND (n.created_at, n.id) <= (upto.created_at, upto.id)`,
		uuid.UUID(id), uuid.UUID(recipient), uuid.UUID(recipient)).Exec(ctx)
	return err
}
