package app

import (
	"context"
	"log/slog"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// Unliker removes a like once: the row and like_count move together
// (never below 0). It answers whether this call removed the row, and the
// post's like_count.
type Unliker interface {
	Unlike(ctx context.Context, id domain.PostID, user domain.UserID) (removed bool, likeCount int, err error)
}

// UnlikePost removes the viewer's like; without one it changes nothing.
type UnlikePost struct {
	Tx          ports.Transactor
	Items       ItemReader
	Likes       Unliker
	Notices     *notifications.Recorder
	Announcer   *notifications.Announcer
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// Handle unlikes and tells post:{id} the new count.
func (uc *UnlikePost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) (int, error) {
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
		var removed bool
		if removed, n, err = uc.Likes.Unlike(ctx, id, viewer.UserID); err != nil || !removed {
			// An unlike that removed nothing retracts nothing: a like
			// committed meanwhile, which this statement could not see,
			// keeps its notification.
			return err
		}
		// No stale "liked your post" is left behind.
		changes, err = uc.Notices.Retract(ctx, notice)
		return err
	})
	if err == nil {
		uc.Announcer.Announce(ctx, changes...)
	}
	return publishCount(ctx, uc.Broadcaster, uc.Log, EventPostUnliked, id, n, err)
}
