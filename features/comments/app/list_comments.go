package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// CommentLister reads a post's comments oldest first, (created_at, id)
// after the cursor, with their authors, leaving out those viewer's blocks,
// mutes and muted words hide. When the muted words hid so many that it
// stopped short of limit before the end, it answers where it stopped.
type CommentLister interface {
	List(ctx context.Context, viewer domain.UserID, post domain.PostID, after *domain.ListCursor[domain.CommentID], limit int) ([]domain.CommentItem, *domain.ListCursor[domain.CommentID], error)
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
	var after *domain.ListCursor[domain.CommentID]
	if cursor != "" {
		c, ok := domain.DecodeListCursor[domain.CommentID](domain.CommentsCursor, cursor)
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
	items, stopped, err := uc.Comments.List(ctx, viewer.UserID, postID, after, PageSize+1)
	if err != nil {
		return Page{}, fmt.Errorf("comments of post %s: %w", postID, err)
	}
	page := Page{Items: items}
	switch {
	case len(items) > PageSize:
		page.Items = items[:PageSize]
		last := page.Items[PageSize-1]
		page.Next = domain.ListCursor[domain.CommentID]{At: last.CreatedAt, ID: last.ID}.Encode(domain.CommentsCursor)
	case stopped != nil:
		// Muted words hid a long stretch: the next page goes on from there.
		page.Next = stopped.Encode(domain.CommentsCursor)
	}
	return page, nil
}
