package app

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports/portstest"
)

// The screen: the viewer's and their follows' stories, newest first, the
// count only on the viewer's own; the three most viewed, ties newest first.
func TestListStories(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	r := newRig(now)
	bia, fan, stranger := member(), member(), member()
	r.follow(fan.UserID, bia.UserID)
	var ids []uuid.UUID
	for i := range 4 {
		r.at(now.Add(time.Duration(i) * time.Minute))
		s, err := (&CreateStory{r.deps}).Handle(ctx, bia, fmt.Sprintf("story %d", i))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID)
	}
	r.store.stories[1].ViewCount, r.store.stories[2].ViewCount = 3, 1
	list := &ListStories{r.deps}

	if _, err := list.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	got, err := list.Handle(ctx, fan)
	if err != nil || len(got.Stories) != 4 || got.Stories[0].ID != ids[3] || got.Stories[0].ViewCount != nil {
		t.Fatalf("the follower's screen %+v %v", got, err)
	}
	if want := []uuid.UUID{ids[1], ids[2], ids[3]}; fmt.Sprint(got.Trending) != fmt.Sprint(want) {
		t.Fatalf("trending %v, want %v", got.Trending, want)
	}
	if own, err := list.Handle(ctx, bia); err != nil || own.Stories[2].ViewCount == nil || *own.Stories[2].ViewCount != 3 {
		t.Fatalf("the author's screen %+v %v", own, err)
	}
	if none, err := list.Handle(ctx, stranger); err != nil || len(none.Stories) != 0 || none.Trending == nil || len(none.Trending) != 0 {
		t.Fatalf("a stranger's screen %+v %v", none, err)
	}
}

// Expiry deletes in batches until a short one, and nothing the second time.
func TestExpireStories(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	r := newRig(now)
	for range expireBatch + 1 {
		r.store.stories = append(r.store.stories, StoryRow{ID: uuid.New(), ExpiresAt: now})
	}
	r.store.stories = append(r.store.stories, StoryRow{ID: uuid.New(), ExpiresAt: now.Add(time.Second)})
	expire := &ExpireStories{r.deps}
	if n, err := expire.Handle(ctx); err != nil || n != expireBatch+1 || fmt.Sprint(r.store.perBatch) != fmt.Sprint([]int{expireBatch, 1}) {
		t.Fatalf("expired %d %v in batches %v", n, err, r.store.perBatch)
	}
	if n, err := expire.Handle(ctx); err != nil || n != 0 || len(r.store.stories) != 1 {
		t.Fatalf("a second run expired %d %v", n, err)
	}
}
