package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// CommentReader reads a comment as viewer sees it (the comments
// feature's).
type CommentReader interface {
	Comment(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error)
}

// PostObjects name a remote post's id on its server; found is false for
// a post written here.
type PostObjects interface {
	PostObject(ctx context.Context, post domain.PostID) (uri string, found bool, err error)
}

// Codes and messages of a reply that cannot be read.
const (
	CodeReplyNotFound = "federation_reply_not_found"
	MsgReplyNotFound  = "Resposta não encontrada neste servidor."
)

// PublicReply reads a local member's comment on a public post, as the
// Note its reply was sent as is fetched again by other servers. Any
// other comment (on a post not public, by a remote account, by a member
// suspended or gone) is not found, whoever asks: these reads carry no
// session.
type PublicReply struct {
	Comments CommentReader
	Posts    PostObjects
	Find     *FindMember
}

// Handle answers the comment and the id of the post it replies to on its
// server ("" for a post of this server).
func (uc *PublicReply) Handle(ctx context.Context, id domain.CommentID) (domain.CommentItem, string, error) {
	missing := errs.NotFound(CodeReplyNotFound, MsgReplyNotFound)
	c, err := uc.Comments.Comment(ctx, id, domain.UserID{})
	if errors.Is(err, domain.ErrNotFound) {
		return domain.CommentItem{}, "", missing
	}
	if err != nil {
		return domain.CommentItem{}, "", fmt.Errorf("reply %s: %w", id, err)
	}
	if c.PostVisibility != domain.VisibilityPublic || !c.VisibleTo(domain.Viewer{}) {
		return domain.CommentItem{}, "", missing
	}
	if _, err := uc.Find.ByID(ctx, c.AuthorID.String()); err != nil {
		var e *errs.Error
		if errors.As(err, &e) && e.Kind == errs.KindNotFound {
			return domain.CommentItem{}, "", missing
		}
		return domain.CommentItem{}, "", err
	}
	uri, _, err := uc.Posts.PostObject(ctx, c.PostID)
	if err != nil {
		return domain.CommentItem{}, "", err
	}
	return c, uri, nil
}
