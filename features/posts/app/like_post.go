package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// Liker records a like once: the row and like_count move together, and a
// second like changes nothing. It answers whether this call made the row,
// and the post's like_count.
type Liker interface {
	Like(ctx context.Context, id domain.PostID, user domain.UserID, now time.Time) (made bool, likeCount int, err error)
}

// LikePost likes a post the viewer may see and notifies its author.
// Liking twice is the same as once.
type LikePost struct {
	Tx          ports.Transactor
	Items       ItemReader
	Likes       Liker
	Clock       ports.Clock
	Notices     *notifications.Recorder
	Announcer   *notifications.Announcer
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// Handle likes and tells post:{id} the new count.
func (uc *LikePost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserLike)
	}
	it, err := visibleItem(ctx, uc.Items, viewer, id)
	if err != nil {
		return 0, err
	}
	notice := notifications.Notice{Recipient: it.AuthorID, Sender: viewer.UserID, Type: domain.NotifyLike, Post: &id}
	var n int
	var changes []notifications.Change
	err = uc.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		var made bool
		if made, n, err = uc.Likes.Like(ctx, id, viewer.UserID, uc.Clock.Now()); err != nil || !made {
			return err
		}
		// The notification follows the row: only the call that made the
		// like records it, and only the call that removed it retracts it.
		// Their order is the row's, as each waits on the other's lock.
		changes, err = uc.Notices.Record(ctx, notice)
		return err
	})
	if err == nil {
		uc.Announcer.Announce(ctx, changes...)
	}
	return publishCount(ctx, uc.Broadcaster, uc.Log, EventPostLiked, id, n, err)
}

func publishCount(ctx context.Context, b ports.Broadcaster, log *slog.Logger, event string, id domain.PostID, n int, err error) (int, error) {
	if errors.Is(err, domain.ErrNotFound) {
		return 0, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", event, id, err)
	}
	if err := b.Publish(ctx, PostTopic(id), ports.Event{Type: event,
		Data: map[string]any{"id": id.String(), "like_count": n}}); err != nil {
		log.WarnContext(ctx, "publish "+event, "post", id.String(), "err", err)
	}
	return n, nil
}
