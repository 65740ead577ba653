package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

type visibleComments map[domain.CommentID]domain.CommentItem

func (s visibleComments) VisibleComment(_ context.Context, id domain.CommentID, _ domain.UserID) (domain.CommentItem, error) {
	return portstest.Lookup(s, id)
}

// A comment is read by whoever may read its post; anyone else, and a
// comment the store does not give (a block), is not found.
func TestGetCommentRules(t *testing.T) {
	postAuthor, author, follower, other := domain.NewUserID(), domain.NewUserID(), domain.NewUserID(), domain.NewUserID()
	item := func(vis domain.Visibility, follows bool) domain.CommentItem {
		return domain.CommentItem{Comment: domain.Comment{ID: domain.NewCommentID(), PostID: domain.NewPostID(), AuthorID: author},
			PostAuthorID: postAuthor, PostVisibility: vis, ViewerFollowsPostAuthor: follows}
	}
	public, hidden, followed := item(domain.VisibilityPublic, false), item(domain.VisibilityFriendsOnly, false), item(domain.VisibilityFriendsOnly, true)
	uc := &GetComment{Comments: visibleComments{public.ID: public, hidden.ID: hidden, followed.ID: followed}}
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		viewer domain.UserID
		id     domain.CommentID
		kind   errs.Kind
	}{
		{"signed out", domain.UserID{}, public.ID, errs.KindUnauthenticated},
		{"missing or blocked", other, domain.NewCommentID(), errs.KindNotFound},
		{"followers-only post, not a follower", other, hidden.ID, errs.KindNotFound},
	} {
		_, err := uc.Handle(ctx, domain.Viewer{UserID: tc.viewer}, tc.id)
		if e, ok := errs.As(err); !ok || e.Kind != tc.kind {
			t.Errorf("%s: got %v, want kind %v", tc.name, err, tc.kind)
		}
	}
	for _, id := range []domain.CommentID{public.ID, followed.ID} {
		if c, err := uc.Handle(ctx, domain.Viewer{UserID: follower}, id); err != nil || c.ID != id {
			t.Errorf("readable comment %s: %v", id, err)
		}
	}
}
