package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// LikeFlow is what a like and an unlike share: the post must be one the
// viewer may see; the row changes in one transaction with the author's
// notification, which moves only when the row did; the notification is
// announced after the commit, and post:{id} hears the new count.
type LikeFlow struct {
	Tx          ports.Transactor
	Items       ItemReader
	Notices     *notifications.Recorder
	Announcer   *notifications.Announcer
	Broadcaster ports.Broadcaster
	// Changes hear of a like added or removed in its transaction.
	Changes ports.Changes
	Log     *slog.Logger
}

// likeChange changes the viewer's like row and answers whether it did,
// and the post's like_count.
type likeChange func(ctx context.Context) (changed bool, likeCount int, err error)

// noticeChange records or retracts the author's notification.
type noticeChange func(ctx context.Context, n notifications.Notice) ([]notifications.Change, error)

func (f LikeFlow) run(ctx context.Context, viewer domain.Viewer, id domain.PostID, event string,
	change likeChange, follow noticeChange) (int, error) {
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
		kind := ports.ChangeLikeAdded
		if event == EventPostUnliked {
			kind = ports.ChangeLikeRemoved
		}
		if err := f.Changes.Tell(ctx, ports.Change{Kind: kind, Actor: viewer.UserID, Post: id, Target: it.AuthorID}); err != nil {
			return err
		}
		changes, err = follow(ctx, notice)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		return 0, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", event, id, err)
	}
	f.Announcer.Announce(ctx, changes...)
	if err := f.Broadcaster.Publish(ctx, PostTopic(id), ports.Event{Type: event,
		Data: map[string]any{"id": id.String(), "like_count": n}}); err != nil {
		f.Log.WarnContext(ctx, "publish "+event, "post", id.String(), "err", err)
	}
	return n, nil
}
