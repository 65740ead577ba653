package app

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
	notifications "social/features/notifications/app"
)

// likeWorld holds posts, their likes and the notifications they left, in
// memory, with what post topics and recipients heard.
type likeWorld struct {
	posts map[domain.PostID]domain.Post
	likes map[domain.PostID]map[domain.UserID]bool
	notes map[domain.NotificationID]domain.Notification
	portstest.Broadcasts
}

func (w *likeWorld) Item(_ context.Context, id domain.PostID, viewer domain.UserID) (domain.FeedItem, error) {
	p, ok := w.posts[id]
	if !ok {
		return domain.FeedItem{}, domain.ErrNotFound
	}
	return domain.FeedItem{Post: p, IsLiked: w.likes[id][viewer]}, nil
}

func (w *likeWorld) Like(_ context.Context, id domain.PostID, user domain.UserID, _ time.Time) (bool, int, error) {
	if _, ok := w.posts[id]; !ok {
		return false, 0, domain.ErrNotFound // deleted between the read and the write
	}
	made := !w.likes[id][user]
	w.likes[id][user] = true
	return made, len(w.likes[id]), nil
}

func (w *likeWorld) Unlike(_ context.Context, id domain.PostID, user domain.UserID) (bool, int, error) {
	removed := w.likes[id][user]
	delete(w.likes[id], user)
	return removed, len(w.likes[id]), nil
}

func (w *likeWorld) Insert(_ context.Context, n domain.Notification) (bool, error) {
	w.notes[n.ID] = n
	return true, nil
}

func (w *likeWorld) Retract(_ context.Context, recipient, sender domain.UserID, typ domain.NotificationType, post *domain.PostID) ([]domain.NotificationID, error) {
	var gone []domain.NotificationID
	for id, n := range w.notes {
		if n.RecipientID == recipient && n.SenderID == sender && n.Type == typ && *n.PostID == *post {
			gone = append(gone, id)
			delete(w.notes, id)
		}
	}
	return gone, nil
}

func (w *likeWorld) Unread(_ context.Context, recipient domain.UserID) (int, error) {
	n := 0
	for _, note := range w.notes {
		if note.RecipientID == recipient {
			n++
		}
	}
	return n, nil
}

func (w *likeWorld) post(author domain.UserID, v domain.Visibility) domain.PostID {
	id := domain.NewPostID()
	w.posts[id] = domain.Post{ID: id, AuthorID: author, Visibility: v}
	w.likes[id] = map[domain.UserID]bool{}
	return id
}

// A like or an unlike: signed in, of a post the viewer may see; the
// author's notification follows the row (made once, taken back once, never
// for one's own post), and post:{id} hears every count.
func TestLikeAndUnlike(t *testing.T) {
	ctx := context.Background()
	w := &likeWorld{posts: map[domain.PostID]domain.Post{}, likes: map[domain.PostID]map[domain.UserID]bool{},
		notes: map[domain.NotificationID]domain.Notification{}}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	recorder := &notifications.Recorder{Store: w, Clock: portstest.Clock{At: time.Now()}}
	announcer := &notifications.Announcer{Counts: w, Broadcaster: w, Log: log}
	flow := LikeFlow{Tx: portstest.InlineTx{}, Items: w, Notices: recorder, Announcer: announcer, Broadcaster: w, Log: log}
	like := &LikePost{LikeFlow: flow, Likes: w, Clock: portstest.Clock{At: time.Now()}}
	unlike := &UnlikePost{LikeFlow: flow, Likes: w}
	ana, bia := domain.Viewer{UserID: domain.NewUserID()}, domain.Viewer{UserID: domain.NewUserID()}
	public, closed := w.post(ana.UserID, domain.VisibilityPublic), w.post(ana.UserID, domain.VisibilityFriendsOnly)

	for name, handle := range map[string]func(context.Context, domain.Viewer, domain.PostID) (int, error){
		"like": like.Handle, "unlike": unlike.Handle,
	} {
		if _, err := handle(ctx, domain.Viewer{}, public); !isKind(err, errs.KindUnauthenticated) {
			t.Errorf("%s signed out: %v", name, err)
		}
		for _, id := range []domain.PostID{closed, domain.NewPostID()} {
			if _, err := handle(ctx, bia, id); !isKind(err, errs.KindNotFound) {
				t.Errorf("%s of a post bia may not see: %v", name, err)
			}
		}
	}
	if len(w.Events) != 0 {
		t.Fatal("a refused like was told")
	}

	for range 2 {
		if n, err := like.Handle(ctx, bia, public); err != nil || n != 1 || len(w.notes) != 1 {
			t.Fatalf("bia likes: %d %v, %d notifications", n, err, len(w.notes))
		}
	}
	if n, err := like.Handle(ctx, ana, public); err != nil || n != 2 || len(w.notes) != 1 {
		t.Fatalf("ana likes her own post: %d %v, %d notifications", n, err, len(w.notes))
	}
	for range 2 {
		if n, err := unlike.Handle(ctx, bia, public); err != nil || n != 1 || len(w.notes) != 0 {
			t.Fatalf("bia unlikes: %d %v, %d notifications", n, err, len(w.notes))
		}
	}
	counts := 0
	for _, ev := range w.Events {
		if ev.Type == EventPostLiked || ev.Type == EventPostUnliked {
			counts++
		}
	}
	if counts != 5 {
		t.Fatalf("post:{id} heard %d counts, want one per call", counts)
	}

	gone := &LikePost{LikeFlow: flow, Likes: goneLikes{}, Clock: portstest.Clock{}}
	if _, err := gone.Handle(ctx, bia, public); !isKind(err, errs.KindNotFound) {
		t.Fatalf("a post deleted while liked: %v", err)
	}
}

// goneLikes answers as the store does for a post deleted after it was read.
type goneLikes struct{}

func (goneLikes) Like(context.Context, domain.PostID, domain.UserID, time.Time) (bool, int, error) {
	return false, 0, domain.ErrNotFound
}
