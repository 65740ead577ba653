package app

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
)

// Cursor is the last comment of a page.
type Cursor struct {
	CreatedAt time.Time
	ID        domain.CommentID
}

// CommentLister reads a post's comments oldest first, (created_at, id)
// after the cursor, with their authors, leaving out those viewer's blocks,
// mutes and muted words hide.
type CommentLister interface {
	List(ctx context.Context, viewer domain.UserID, post domain.PostID, after *Cursor, limit int) ([]domain.CommentItem, error)
}

// Page is one page of a thread; Next is "" at the end.
type Page struct {
	Items []domain.CommentItem
	Next  string
}

// ListComments reads the thread of a post the viewer may read.
type ListComments struct {
	Posts    PostReader
	Comments CommentLister
}

// Handle returns the page after cursor.
func (uc *ListComments) Handle(ctx context.Context, viewer domain.Viewer, postID domain.PostID, cursor string) (Page, error) {
	if !viewer.SignedIn() {
		return Page{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserRead)
	}
	var after *Cursor
	if cursor != "" {
		c, ok := decodeCursor(cursor)
		if !ok {
			return Page{}, errs.Invalid(CodeInvalid, MsgBadCursor, map[string]string{"cursor": MsgBadCursor})
		}
		after = &c
	}
	if _, err := visiblePost(ctx, uc.Posts, viewer, postID); err != nil {
		return Page{}, err
	}
	// One more than a page says whether another page exists, so the last
	// page never points at an empty one.
	items, err := uc.Comments.List(ctx, viewer.UserID, postID, after, PageSize+1)
	if err != nil {
		return Page{}, fmt.Errorf("comments of post %s: %w", postID, err)
	}
	page := Page{Items: items}
	if len(items) > PageSize {
		page.Items = items[:PageSize]
		last := page.Items[PageSize-1]
		page.Next = encodeCursor(Cursor{CreatedAt: last.CreatedAt, ID: last.ID})
	}
	return page, nil
}

func encodeCursor(c Cursor) string {
	raw := strconv.FormatInt(c.CreatedAt.UnixMicro(), 10) + "|" + c.ID.String()
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

func decodeCursor(s string) (Cursor, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return Cursor{}, false
	}
	us, id, ok := strings.Cut(string(b), "|")
	if !ok {
		return Cursor{}, false
	}
	micros, err := strconv.ParseInt(us, 10, 64)
	if err != nil {
		return Cursor{}, false
	}
	cid, err := domain.ParseCommentID(id)
	if err != nil {
		return Cursor{}, false
	}
	return Cursor{CreatedAt: time.UnixMicro(micros).UTC(), ID: cid}, true
}
