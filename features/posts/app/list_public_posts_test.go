package app_test

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/features/posts/app"
)

// authorPosts answers every post it holds, whatever the viewer: a store
// that forgot the visibility rule.
type authorPosts struct {
	items  []domain.FeedItem
	viewer domain.UserID
}

func (s *authorPosts) AuthorByHandle(context.Context, string) (domain.UserID, error) {
	return domain.UserID{}, nil
}

func (s *authorPosts) ByAuthor(_ context.Context, viewer, _ domain.UserID, _ *app.ChronoCursor, _ int) ([]domain.FeedItem, error) {
	s.viewer = viewer
	return s.items, nil
}

func (s *authorPosts) Item(_ context.Context, id domain.PostID, viewer domain.UserID) (domain.FeedItem, error) {
	s.viewer = viewer
	for _, it := range s.items {
		if it.ID == id {
			return it, nil
		}
	}
	return domain.FeedItem{}, domain.ErrNotFound
}

func TestPublicPostsAreThePublicOnesWhateverTheStoreAnswers(t *testing.T) {
	author := domain.NewUserID()
	at := time.Date(2027, 1, 21, 12, 0, 0, 0, time.UTC)
	item := func(v domain.Visibility) domain.FeedItem {
		return domain.FeedItem{Post: domain.Post{ID: domain.NewPostID(), AuthorID: author, Visibility: v, CreatedAt: at}}
	}
	store := &authorPosts{items: []domain.FeedItem{item(domain.VisibilityPublic), item(domain.VisibilityFriendsOnly),
		item(domain.VisibilityMembersOnly)}}

	page, err := (&app.ListPublicPosts{Posts: store}).Handle(context.Background(), author, "", 20)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 1 || page.Items[0].Visibility != domain.VisibilityPublic || !store.viewer.IsZero() {
		t.Fatalf("page %+v read for viewer %s", page.Items, store.viewer)
	}

	get := &app.GetPublicPost{Posts: store}
	if _, err := get.Handle(context.Background(), store.items[0].ID); err != nil {
		t.Fatalf("public post: %v", err)
	}
	for _, hidden := range store.items[1:] {
		if _, err := get.Handle(context.Background(), hidden.ID); err == nil {
			t.Fatalf("a %s post was read by a reader who is not a member", hidden.Visibility)
		}
	}
}
