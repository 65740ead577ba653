package app

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// ListPosts reads a community's posts, newest first, PostPageSize a page.
type ListPosts struct{ *Posts }

// PostPage is one page; Next is "" at the end.
type PostPage struct {
	Items []Post
	Next  string
}

// Handle reads the page after cursor ("" for the first).
func (uc *ListPosts) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, cursor string) (PostPage, error) {
	if !viewer.SignedIn() {
		return PostPage{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if err := uc.readable(ctx, viewer, id); err != nil {
		return PostPage{}, err
	}
	var after *PostCursor
	if cursor != "" {
		c, ok := decodeCursor(cursor)
		if !ok {
			return PostPage{}, errs.Invalid(CodeInvalid, MsgBadCursor, map[string]string{"cursor": MsgBadCursor})
		}
		after = &c
	}
	items, err := uc.Posts.Posts.Posts(ctx, id, viewer.UserID, after, PostPageSize+1)
	if err != nil {
		return PostPage{}, fmt.Errorf("list posts of community %s: %w", id, err)
	}
	out := PostPage{Items: items}
	if len(items) > PostPageSize {
		out.Items = items[:PostPageSize]
		out.Next = encodeCursor(out.Items[PostPageSize-1])
	}
	return out, nil
}
