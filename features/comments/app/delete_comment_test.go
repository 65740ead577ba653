package app

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

// commentsByID is an in-memory CommentDeleter whose post holds n comments.
type commentsByID struct {
	items   map[domain.CommentID]domain.CommentItem
	n       int
	deleted []domain.CommentID
}

func (s *commentsByID) Lock(_ context.Context, id domain.CommentID, _ domain.UserID) (domain.CommentItem, error) {
	return portstest.Lookup(s.items, id)
}

func (s *commentsByID) Delete(_ context.Context, c domain.Comment) (int, error) {
	delete(s.items, c.ID)
	s.deleted = append(s.deleted, c.ID)
	s.n--
	return s.n, nil
}

// Who deletes a comment: its author or the post's author; anyone else is
// refused, and a comment the viewer may not read is not found.
func TestDeleteCommentRules(t *testing.T) {
	postAuthor, author, other := domain.NewUserID(), domain.NewUserID(), domain.NewUserID()
	item := func(vis domain.Visibility) domain.CommentItem {
		return domain.CommentItem{Comment: domain.Comment{ID: domain.NewCommentID(), PostID: domain.NewPostID(), AuthorID: author},
			PostAuthorID: postAuthor, PostVisibility: vis}
	}
	public, byAuthor, hidden := item(domain.VisibilityPublic), item(domain.VisibilityPublic), item(domain.VisibilityFriendsOnly)
	store := &commentsByID{n: 3, items: map[domain.CommentID]domain.CommentItem{
		public.ID: public, byAuthor.ID: byAuthor, hidden.ID: hidden}}
	events := &portstest.Broadcasts{}
	uc := &DeleteComment{Tx: portstest.InlineTx{}, Comments: store, Broadcaster: events,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()

	for _, tc := range []struct {
		name   string
		viewer domain.UserID
		id     domain.CommentID
		kind   errs.Kind
		code   string
	}{
		{"signed out", domain.UserID{}, public.ID, errs.KindUnauthenticated, CodeUnauthenticated},
		{"missing", other, domain.NewCommentID(), errs.KindNotFound, CodeNotFound},
		{"on a post the viewer may not read", other, hidden.ID, errs.KindNotFound, CodeNotFound},
		{"neither its author nor the post's", other, public.ID, errs.KindForbidden, CodeNotAuthor},
	} {
		err := uc.Handle(ctx, domain.Viewer{UserID: tc.viewer}, tc.id)
		if e, ok := errs.As(err); !ok || e.Kind != tc.kind || e.Code != tc.code {
			t.Fatalf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}
	if len(store.deleted) != 0 || len(events.Events) != 0 {
		t.Fatalf("a refusal deleted %v and published %d events", store.deleted, len(events.Events))
	}

	if err := uc.Handle(ctx, domain.Viewer{UserID: postAuthor}, public.ID); err != nil {
		t.Fatalf("the post's author: %v", err)
	}
	if err := uc.Handle(ctx, domain.Viewer{UserID: author}, byAuthor.ID); err != nil {
		t.Fatalf("the comment's author: %v", err)
	}
	if len(store.deleted) != 2 || len(events.Events) != 2 {
		t.Fatalf("deleted %v, published %d events", store.deleted, len(events.Events))
	}
	e := events.Events[1]
	data, _ := e.Data.(map[string]any)
	if e.Type != EventCommentDeleted || data["comment_id"] != byAuthor.ID.String() || data["comment_count"] != 1 ||
		len(e.About) != 1 || e.About[0] != author {
		t.Fatalf("event = %+v", e)
	}
}
