package pgstore_test

import (
	"context"
	"slices"
	"testing"

	"social/core/domain"
	posts "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	"social/tests/testkit/sqlrig"
)

// Timeline windows by post IDs, both ways: older than max_id, the newest
// after since_id, the oldest just after min_id (answered newest first),
// and between two posts; a followers-only post of someone not followed
// never comes, and a media filter keeps media posts.
func TestTimelineWindows(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	viewer, author, stranger := rig.Member(), rig.Member(), rig.Member()
	var ids []domain.PostID // oldest first
	for range 5 {
		ids = append(ids, rig.Post(author, "public"))
	}
	rig.Post(stranger, "friends_only")
	store := postsstore.NewPosts(rig.DB)
	uc := &posts.ListTimeline{Store: store}
	ctx := context.Background()
	v := domain.Viewer{UserID: viewer}
	read := func(q posts.TimelineQuery) []domain.PostID {
		t.Helper()
		q.Kind = posts.TimelinePublic
		items, err := uc.Handle(ctx, v, q)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]domain.PostID, len(items))
		for i, it := range items {
			out[i] = it.ID
		}
		return out
	}
	newestFirst := func(list ...domain.PostID) []domain.PostID { return list }
	checks := []struct {
		name string
		q    posts.TimelineQuery
		want []domain.PostID
	}{
		{"newest", posts.TimelineQuery{Limit: 2}, newestFirst(ids[4], ids[3])},
		{"max_id", posts.TimelineQuery{MaxID: ids[3].String(), Limit: 2}, newestFirst(ids[2], ids[1])},
		{"since_id", posts.TimelineQuery{SinceID: ids[1].String(), Limit: 2}, newestFirst(ids[4], ids[3])},
		{"min_id", posts.TimelineQuery{MinID: ids[1].String(), Limit: 2}, newestFirst(ids[3], ids[2])},
		{"between", posts.TimelineQuery{MaxID: ids[4].String(), SinceID: ids[0].String()}, newestFirst(ids[3], ids[2], ids[1])},
		{"min_id and max_id", posts.TimelineQuery{MaxID: ids[4].String(), MinID: ids[0].String(), Limit: 2}, newestFirst(ids[2], ids[1])},
		{"nothing newer", posts.TimelineQuery{MinID: ids[4].String()}, newestFirst()},
		{"media only", posts.TimelineQuery{OnlyMedia: true}, newestFirst()},
	}
	for _, c := range checks {
		if got := read(c.q); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	if _, err := uc.Handle(ctx, v, posts.TimelineQuery{Kind: posts.TimelinePublic, MaxID: "nope"}); err == nil {
		t.Error("a bad max_id was taken")
	}
	if _, err := uc.Handle(ctx, domain.Viewer{}, posts.TimelineQuery{Kind: posts.TimelinePublic}); err == nil {
		t.Error("read without a member")
	}
}
