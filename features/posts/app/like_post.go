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
	flow := likeFlow{Tx: uc.Tx, Items: uc.Items, Announcer: uc.Announcer, Broadcaster: uc.Broadcaster, Log: uc.Log,
		Event: EventPostLiked}
	// The notification follows the row: only the call that made the like
	// records it, and only the call that removed it retracts it. Their
	// order is the row's, as each waits on the other's lock.
	return flow.run(ctx, viewer, id, func(ctx context.Context) (bool, int, error) {
		return uc.Likes.Like(ctx, id, viewer.UserID, uc.Clock.Now())
	}, uc.Notices.Record)
}

// likeFlow is what a like and an unlike share: the post must be one the
// viewer may see; the row changes in one transaction with the author's
// notification, which moves only when the row did; the notification is
// announced after the commit, and post:{id} hears the new count.
type likeFlow struct {
	Tx          ports.Transactor
	Items       ItemReader
	Announcer   *notifications.Announcer
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
	Event       string
}

func (f likeFlow) run(ctx context.Context, viewer domain.Viewer, id domain.PostID,
	change func(ctx context.Context) (changed bool, likeCount int, err error),
	follow func(ctx context.Context, n notifications.Notice) ([]notifications.Change, error)) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserLike)
	}
	it, err := visibleItem(ctx, f.Items, viewer, id)
	if err != nil {
		return 0, err
	}
	notice := notifications.Notice{Recipient: it.AuthorID, Sender: viewer.UserID, Type: domain.NotifyLike, Post: &id}
	var n int
	var changes []notifications.Change
	err = f.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		var changed bool
		if changed, n, err = change(ctx); err != nil || !changed {
			return err
		}
		changes, err = follow(ctx, notice)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		return 0, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", f.Event, id, err)
	}
	f.Announcer.Announce(ctx, changes...)
	if err := f.Broadcaster.Publish(ctx, PostTopic(id), ports.Event{Type: f.Event,
		Data: map[string]any{"id": id.String(), "like_count": n}}); err != nil {
		f.Log.WarnContext(ctx, "publish "+f.Event, "post", id.String(), "err", err)
	}
	return n, nil
}
