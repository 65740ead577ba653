package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
	comments "social/features/comments/app"
	posts "social/features/posts/app"
	safety "social/features/safety/app"
	"social/platform/pgkit"
)

// commentRow is a comment joined with its author and its post's author and
// visibility.
type commentRow struct {
	ID                uuid.UUID  `bun:"id"`
	PostID            uuid.UUID  `bun:"post_id"`
	AuthorID          uuid.UUID  `bun:"author_id"`
	TextContent       string     `bun:"text_content"`
	CreatedAt         time.Time  `bun:"created_at"`
	AuthorHandle      string     `bun:"author_handle"`
	AuthorDisplayName string     `bun:"author_display_name"`
	AuthorAvatarPath  *string    `bun:"author_avatar_path"`
	PostAuthorID      uuid.UUID  `bun:"post_author_id"`
	PostVisibility    string     `bun:"post_visibility"`
	PostAudienceID    *uuid.UUID `bun:"post_audience_id"`
}

func (r commentRow) Domain() domain.CommentItem {
	return domain.CommentItem{
		Comment: domain.Comment{ID: domain.CommentID(r.ID), PostID: domain.PostID(r.PostID),
			AuthorID: domain.UserID(r.AuthorID), Text: r.TextContent, CreatedAt: r.CreatedAt.UTC()},
		Author: domain.MemberCard{ID: domain.UserID(r.AuthorID), Handle: r.AuthorHandle,
			DisplayName: r.AuthorDisplayName, AvatarPath: r.AuthorAvatarPath},
		PostAuthorID: domain.UserID(r.PostAuthorID), PostVisibility: domain.Visibility(r.PostVisibility),
		PostAudience: audienceOf(r.PostAudienceID)}
}

func audienceOf(id *uuid.UUID) domain.AudienceID {
	if id == nil {
		return domain.AudienceID{}
	}
	return domain.AudienceID(*id)
}

// commentColumns and commentJoins read a comment item from comments
// aliased c; the author's profile always exists (its deletion takes the
// comment). A deleted account's comments are left out from the moment the
// deletion is confirmed, before the erasure removes them.
const (
	commentColumns = `SELECT c.id, c.post_id, c.author_id, c.text_content, c.created_at,
	a.handle AS author_handle, a.display_name AS author_display_name, a.avatar_path AS author_avatar_path,
	p.author_id AS post_author_id, p.visibility AS post_visibility, p.audience_id AS post_audience_id`
	commentJoins = ` JOIN profiles a ON a.id = c.author_id JOIN posts p ON p.id = c.post_id
	AND NOT EXISTS (SELECT 1 FROM accounts ca WHERE ca.id = c.author_id AND ca.deleted_at IS NOT NULL)`
	commentSelect = commentColumns + ` FROM comments c` + commentJoins
)

// Comments stores comments and keeps posts.comment_count equal to their
// number.
type Comments struct {
	db *bun.DB
	// Audiences answers whether a viewer belongs to a members_only post's
	// audience; nil leaves such posts to their authors.
	Audiences ports.Audiences
}

// NewComments makes the comment store.
func NewComments(db *bun.DB) *Comments { return &Comments{db: db} }

// NewCommentsFor makes the comment store that asks audiences (may be nil).
func NewCommentsFor(db *bun.DB, audiences ports.Audiences) *Comments {
	return &Comments{db: db, Audiences: audiences}
}

// Post reads the post a thread belongs to, as viewer sees it (what decides
// who reads and writes in the thread: author, visibility, audience): not found
// when a block keeps viewer and its author apart, so neither reads nor
// writes in the other's threads.
func (s *Comments) Post(ctx context.Context, id domain.PostID, viewer domain.UserID) (domain.Post, error) {
	var rows []threadPostRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT id, author_id, visibility, audience_id FROM posts WHERE id = ?`,
		uuid.UUID(id)).Scan(ctx, &rows)
	if err == nil && len(rows) == 0 {
		err = domain.ErrNotFound
	}
	if err != nil {
		return domain.Post{}, err
	}
	p := rows[0].Domain()
	if !viewer.IsZero() && viewer != p.AuthorID {
		blocked, err := pgkit.EitherBlocks(ctx, s.db, viewer, p.AuthorID)
		if err != nil {
			return domain.Post{}, err
		}
		if blocked {
			return domain.Post{}, domain.ErrNotFound
		}
	}
	if p.ViewerFollowsAuthor, err = s.followsFor(ctx, viewer, p.AuthorID, p.Visibility); err != nil {
		return domain.Post{}, err
	}
	p.ViewerInAudience, err = posts.InAudience(ctx, s.Audiences, viewer, p)
	return p, err
}

// withViewer fills whether viewer follows the comment's post author.
func (s *Comments) withViewer(ctx context.Context, c domain.CommentItem, viewer domain.UserID) (domain.CommentItem, error) {
	var err error
	if c.ViewerFollowsPostAuthor, err = s.followsFor(ctx, viewer, c.PostAuthorID, c.PostVisibility); err != nil {
		return c, err
	}
	c.ViewerInPostAudience, err = posts.InAudience(ctx, s.Audiences, viewer,
		domain.Post{ID: c.PostID, AuthorID: c.PostAuthorID, Visibility: c.PostVisibility, Audience: c.PostAudience})
	return c, err
}

// Create adds one to the post's comment_count, which locks the post's row
// until the transaction ends (so a concurrent deletion of the post waits or
// wins cleanly), then inserts the comment. Call it in a transaction.
func (s *Comments) Create(ctx context.Context, c domain.Comment) (domain.CommentItem, int, error) {
	db := pgkit.IDB(ctx, s.db)
	var n int
	err := db.NewRaw(`UPDATE posts SET comment_count = comment_count + 1 WHERE id = ? RETURNING comment_count`,
		uuid.UUID(c.PostID)).Scan(ctx, &n)
	if err != nil {
		return domain.CommentItem{}, 0, pgkit.NotFound(err)
	}
	var rows []commentRow
	// The new row is read from the insert's RETURNING: the statement's
	// own snapshot does not see it in the table.
	err = db.NewRaw(`WITH ins AS (
		INSERT INTO comments (id, post_id, author_id, text_content, created_at)
		SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM profiles WHERE id = ?)
		RETURNING *)
		`+commentColumns+` FROM ins c`+commentJoins, uuid.UUID(c.ID), uuid.UUID(c.PostID), uuid.UUID(c.AuthorID), c.Text, c.CreatedAt,
		uuid.UUID(c.AuthorID)).Scan(ctx, &rows)
	if err != nil {
		return domain.CommentItem{}, 0, fmt.Errorf("insert comment: %w", err)
	}
	if len(rows) == 0 {
		return domain.CommentItem{}, 0, comments.ErrNoProfile
	}
	return rows[0].Domain(), n, nil
}

// Comment reads one comment item as viewer sees it.
func (s *Comments) Comment(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error) {
	var rows []commentRow
	if err := pgkit.IDB(ctx, s.db).NewRaw(commentSelect+` WHERE c.id = ?`, uuid.UUID(id)).Scan(ctx, &rows); err != nil {
		return domain.CommentItem{}, err
	}
	if len(rows) == 0 {
		return domain.CommentItem{}, domain.ErrNotFound
	}
	return s.withViewer(ctx, rows[0].Domain(), viewer)
}

// VisibleComment reads one comment as viewer sees it; not found when a
// block keeps viewer apart from the comment's author or its post's.
func (s *Comments) VisibleComment(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error) {
	byAuthor, authorArgs := pgkit.NotBlockedWith("c.author_id", viewer)
	byPost, postArgs := pgkit.NotBlockedWith("p.author_id", viewer)
	var rows []commentRow
	args := append(append([]any{uuid.UUID(id)}, authorArgs...), postArgs...)
	if err := pgkit.IDB(ctx, s.db).NewRaw(commentSelect+` WHERE c.id = ?`+byAuthor+byPost, args...).Scan(ctx, &rows); err != nil {
		return domain.CommentItem{}, err
	}
	if len(rows) == 0 {
		return domain.CommentItem{}, domain.ErrNotFound
	}
	return s.withViewer(ctx, rows[0].Domain(), viewer)
}

// List reads a post's comments oldest first after the cursor, on the index
// (post_id, created_at, id), without those viewer's blocks, mutes and
// muted words hide. When the words hid some, later comments are read in
// their place as far as the safety feature's Unmuted goes; a page it leaves short
// comes with the cursor after the last comment looked at (nil otherwise:
// a page of limit comments, or the end).
func (s *Comments) List(ctx context.Context, viewer domain.UserID, post domain.PostID, after *domain.ListCursor[domain.CommentID], limit int) ([]domain.CommentItem, *domain.ListCursor[domain.CommentID], error) {
	words, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: s.db}, viewer)
	if err != nil {
		return nil, nil, err
	}
	hidden, hiddenArgs := pgkit.HiddenMember("c.author_id", viewer)
	read := func(from *commentRow) ([]commentRow, error) {
		q := commentSelect + ` WHERE c.post_id = ?` + hidden
		args := append([]any{uuid.UUID(post)}, hiddenArgs...)
		switch {
		case from != nil:
			q += ` AND (c.created_at, c.id) > (?, ?)`
			args = append(args, from.CreatedAt, from.ID)
		case after != nil:
			q += ` AND (c.created_at, c.id) > (?, ?)`
			args = append(args, after.At, uuid.UUID(after.ID))
		}
		var rows []commentRow
		err := pgkit.IDB(ctx, s.db).NewRaw(q+` ORDER BY c.created_at, c.id LIMIT ?`, append(args, limit)...).Scan(ctx, &rows)
		return rows, err
	}
	kept, last, more, err := safety.Unmuted(ctx, pgkit.MutedWords{DB: s.db}, words, limit, read, func(r *commentRow) string { return r.TextContent })
	if err != nil {
		return nil, nil, err
	}
	out := make([]domain.CommentItem, len(kept))
	for i, r := range kept {
		out[i] = r.Domain()
	}
	var next *domain.ListCursor[domain.CommentID]
	if more && len(kept) < limit {
		next = &domain.ListCursor[domain.CommentID]{At: last.CreatedAt.UTC(), ID: domain.CommentID(last.ID)}
	}
	return out, next, nil
}

// Lock reads a comment and locks it with its post until the transaction
// ends. The post is locked first, the order in which a post's deletion
// (post row, then the cascade to comments) takes them, so the two wait for
// each other instead of deadlocking.
func (s *Comments) Lock(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error) {
	db := pgkit.IDB(ctx, s.db)
	var post uuid.UUID
	err := db.NewRaw(`SELECT p.id FROM posts p WHERE p.id = (SELECT post_id FROM comments WHERE id = ?)
		FOR NO KEY UPDATE`, uuid.UUID(id)).Scan(ctx, &post)
	if err != nil {
		return domain.CommentItem{}, pgkit.NotFound(err)
	}
	var rows []commentRow
	if err := db.NewRaw(commentSelect+` WHERE c.id = ? FOR UPDATE OF c`, uuid.UUID(id)).Scan(ctx, &rows); err != nil {
		return domain.CommentItem{}, err
	}
	if len(rows) == 0 {
		return domain.CommentItem{}, domain.ErrNotFound
	}
	return s.withViewer(ctx, rows[0].Domain(), viewer)
}

// Delete removes a locked comment and takes one from its post's
// comment_count (never below 0), which it answers. Call it in a
// transaction, after Lock.
func (s *Comments) Delete(ctx context.Context, c domain.Comment) (int, error) {
	db := pgkit.IDB(ctx, s.db)
	var n int
	err := db.NewRaw(`WITH del AS (DELETE FROM comments WHERE id = ? RETURNING post_id)
		UPDATE posts SET comment_count = greatest(comment_count - 1, 0)
		WHERE id IN (SELECT post_id FROM del) RETURNING comment_count`, uuid.UUID(c.ID)).Scan(ctx, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.ErrNotFound
	}
	return n, err
}

// OptionalAudiences is ports.Audiences when a feature keeps audiences (fx
// leaves it nil otherwise).
type OptionalAudiences struct {
	fx.In
	Audiences ports.Audiences `optional:"true"`
}

// NewCommentsWithAudiences is the comment store for fx.
func NewCommentsWithAudiences(db *bun.DB, a OptionalAudiences) *Comments {
	return NewCommentsFor(db, a.Audiences)
}
