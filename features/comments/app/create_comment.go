package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// CommentCreator stores a comment and adds one to its post's comment_count
// in the transaction of ctx. It answers the stored comment with its
// author's profile and the post's new count; domain.ErrNotFound when the
// post is gone, ErrNoProfile when the author has no profile.
type CommentCreator interface {
	Create(ctx context.Context, c domain.Comment) (domain.CommentItem, int, error)
}

// Created is a new comment with the author of the post it is on (who is
// notified in the same transaction) and the words after @ in its text.
type Created struct {
	Comment      domain.CommentItem
	CommentCount int
	PostAuthorID domain.UserID
	Mentions     []string
}

// CreateComment comments on a post the viewer may read.
type CreateComment struct {
	Tx          ports.Transactor
	Posts       PostReader
	Comments    CommentCreator
	Limiter     ports.RateLimiter
	PerMember   int // comments per member per CreateWindow
	Notices     *notifications.Recorder
	Announcer   *notifications.Announcer
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	// Changes hear of the new comment in its transaction.
	Changes ports.Changes
	Log     *slog.Logger
}

// Handle checks the rules, stores the comment and the post's count in one
// transaction, then tells post:{id}.
func (uc *CreateComment) Handle(ctx context.Context, viewer domain.Viewer, postID domain.PostID, text string) (Created, error) {
	if !viewer.SignedIn() {
		return Created{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	p, err := visiblePost(ctx, uc.Posts, viewer, postID)
	if err != nil {
		return Created{}, err
	}
	switch domain.CommentTextProblem(text) {
	case "empty":
		return Created{}, errs.Invalid(CodeEmpty, MsgEmpty, map[string]string{"text_content": MsgEmpty})
	case "too_long":
		return Created{}, errs.Invalid(CodeTooLong, MsgTooLong, map[string]string{"text_content": MsgTooLong})
	}
	// Checked after the form: a refused form does not use up an attempt.
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "comment_create_member", Key: viewer.UserID.String(),
		Limit: uc.PerMember, Window: CreateWindow})
	if err != nil {
		return Created{}, fmt.Errorf("rate limit comments: %w", err)
	}
	if wait > 0 {
		return Created{}, errs.RateLimited(CodeRateLimited, MsgTooMany, MsgWait, wait)
	}
	// Microseconds: what PostgreSQL keeps, so the answer equals later reads.
	c := domain.Comment{ID: domain.NewCommentID(), PostID: postID, AuthorID: viewer.UserID, Text: text,
		CreatedAt: uc.Clock.Now().UTC().Truncate(time.Microsecond)}
	var out Created
	var notices []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		item, n, err := uc.Comments.Create(ctx, c)
		if err != nil {
			return err
		}
		out = Created{Comment: item, CommentCount: n, PostAuthorID: p.AuthorID, Mentions: domain.Mentions(text)}
		cid := uuid.UUID(c.ID)
		notices, err = uc.Notices.Record(ctx, notifications.Notice{Recipient: p.AuthorID, Sender: viewer.UserID,
			Type: domain.NotifyComment, Post: &postID, CommentID: &cid, Text: text})
		if err != nil {
			return err
		}
		return uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangeCommentCreated, Actor: viewer.UserID, Post: postID,
			Comment: c.ID, Target: p.AuthorID, Visibility: p.Visibility})
	})
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return Created{}, errs.NotFound(CodePostNotFound, MsgPostNotFound)
	case errors.Is(err, ErrNoProfile):
		return Created{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	case err != nil:
		return Created{}, fmt.Errorf("comment on post %s: %w", postID, err)
	}
	uc.Announcer.Announce(ctx, notices...)
	publish(ctx, uc.Broadcaster, uc.Log, EventCommentCreated, c.PostID, c.ID, out.CommentCount, c.AuthorID)
	return out, nil
}

// publish tells post:{id} a comment came or went; a failure only costs
// live updates (clients resync over HTTP), so it is logged.
// about is the comment's author: those they are hidden from do not hear of
// it.
func publish(ctx context.Context, b ports.Broadcaster, log *slog.Logger, event string, post domain.PostID, id domain.CommentID, n int, about domain.UserID) {
	if err := b.Publish(ctx, PostTopic(post), ports.Event{Type: event, Data: map[string]any{
		"post_id": post.String(), "comment_id": id.String(), "comment_count": n},
		About: []domain.UserID{about}}); err != nil {
		log.WarnContext(ctx, "publish "+event, "post", post.String(), "comment", id.String(), "err", err)
	}
}
