package pgstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	notifications "social/features/notifications/app"
	notificationsstore "social/features/notifications/pgstore"
	posts "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	"social/kit/demo"
	"social/platform/pgkit"
	"social/tests/testkit"
	"social/tests/testkit/sqlrig"
)

// heldLikes is the real store, holding each like or unlike after its row
// statement until the test lets it go on: two calls of one member can then
// be interleaved statement by statement, as under load.
type heldLikes struct {
	*postsstore.Posts
	done   chan string // "like" or "unlike", once its row statement ran
	resume chan struct{}
}

func (h heldLikes) Like(ctx context.Context, id domain.PostID, user domain.UserID, now time.Time) (bool, int, error) {
	made, n, err := h.Posts.Like(ctx, id, user, now)
	h.done <- "like"
	<-h.resume
	return made, n, err
}

func (h heldLikes) Unlike(ctx context.Context, id domain.PostID, user domain.UserID) (bool, int, error) {
	removed, n, err := h.Posts.Unlike(ctx, id, user)
	h.done <- "unlike"
	<-h.resume
	return removed, n, err
}

// A member's unlike whose statement runs while their like is still
// uncommitted removes nothing; the like then commits with its notification.
// The unlike must not retract that notification afterwards: each like
// standing keeps exactly one "curtiu seu post".
func TestUnlikeRacingAnUncommittedLikeLeavesItsNotification(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	author, liker := rig.Member(), rig.Member()
	post := rig.Post(author, "public")

	held := heldLikes{Posts: postsstore.NewPosts(rig.DB), done: make(chan string), resume: make(chan struct{})}
	notes := notificationsstore.NewNotifications(rig.DB)
	recorder := &notifications.Recorder{Store: notes, Clock: ports.SystemClock{}}
	announcer := &notifications.Announcer{Counts: notes, Broadcaster: demo.Silent{}, Log: testkit.Logger()}
	tx := pgkit.NewTransactor(rig.DB)
	flow := posts.LikeFlow{Tx: tx, Items: held.Posts, Notices: recorder, Announcer: announcer,
		Broadcaster: demo.Silent{}, Log: testkit.Logger()}
	like := &posts.LikePost{LikeFlow: flow, Likes: held, Clock: ports.SystemClock{}}
	unlike := &posts.UnlikePost{LikeFlow: flow, Likes: held}
	viewer := domain.Viewer{UserID: liker}

	likeErr, unlikeErr := make(chan error, 1), make(chan error, 1)
	go func() { _, err := like.Handle(rig.Ctx, viewer, post); likeErr <- err }()
	<-held.done // the like row is inserted, not committed
	go func() { _, err := unlike.Handle(rig.Ctx, viewer, post); unlikeErr <- err }()
	<-held.done               // the unlike's DELETE saw no committed row
	held.resume <- struct{}{} // the like records its notification and commits
	if err := <-likeErr; err != nil {
		t.Fatal(err)
	}
	held.resume <- struct{}{} // the unlike goes on
	if err := <-unlikeErr; err != nil {
		t.Fatal(err)
	}

	var rows, notices int
	if err := rig.DB.NewRaw(`SELECT (SELECT count(*) FROM likes WHERE post_id = ?),
		(SELECT count(*) FROM notifications WHERE post_id = ? AND type = 'like')`,
		uuid.UUID(post), uuid.UUID(post)).Scan(rig.Ctx, &rows, &notices); err != nil {
		t.Fatal(err)
	}
	if rows != 1 || notices != 1 {
		t.Errorf("%d like rows and %d like notifications, want 1 and 1", rows, notices)
	}
}
