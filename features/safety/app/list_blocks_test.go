package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// blockList is an in-memory BlockLister answering n entries and recording
// whose list it read after which cursor.
type blockList struct {
	n     int
	of    domain.UserID
	after *domain.ListCursor[domain.UserID]
}

func (b *blockList) Blocked(_ context.Context, of domain.UserID, after *domain.ListCursor[domain.UserID], limit int) ([]domain.SafetyEntry, error) {
	b.of, b.after = of, after
	out := make([]domain.SafetyEntry, 0, min(b.n, limit))
	for i := range min(b.n, limit) {
		out = append(out, domain.SafetyEntry{ListedMember: domain.ListedMember{ProfileID: domain.NewUserID()}, Since: time.Unix(int64(1_800_000_000-i), 0)})
	}
	return out, nil
}

// Only the viewer's own list is read; a full page points at the next and
// a short one is the last; a cursor of another list is refused.
func TestListBlocks(t *testing.T) {
	viewer := domain.Viewer{UserID: domain.NewUserID()}
	store := &blockList{n: PageSize}
	uc := &ListBlocks{Blocks: store}
	ctx := context.Background()

	if _, err := uc.Handle(ctx, domain.Viewer{}, "", 0); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	follows := domain.ListCursor[domain.FollowID]{At: time.Now(), ID: domain.NewFollowID()}.Encode(domain.FollowsCursor)
	for _, bad := range []string{"lixo", follows} {
		if _, err := uc.Handle(ctx, viewer, bad, 0); portstest.CodeOf(err) != CodeInvalid {
			t.Fatalf("cursor %q: %v", bad, err)
		}
	}

	full, err := uc.Handle(ctx, viewer, "", 0)
	if err != nil || store.of != viewer.UserID || len(full.Items) != PageSize || full.Next == "" {
		t.Fatalf("full page of %s: %d items, next %q, %v", store.of, len(full.Items), full.Next, err)
	}
	store.n = 1
	last, err := uc.Handle(ctx, viewer, full.Next, 0)
	tail := full.Items[PageSize-1]
	if err != nil || store.after == nil || store.after.ID != tail.ProfileID || !store.after.At.Equal(tail.Since) || last.Next != "" {
		t.Fatalf("the next page reads after %+v (want %s), next %q, %v", store.after, tail.ProfileID, last.Next, err)
	}
}

// A reader may ask for shorter or longer pages, up to MaxPageSize.
func TestListBlocksPagesOfTheLengthAskedFor(t *testing.T) {
	viewer := domain.Viewer{UserID: domain.NewUserID()}
	uc := &ListBlocks{Blocks: &blockList{n: 200}}
	for _, tc := range []struct{ asked, want int }{{3, 3}, {0, PageSize}, {80, 80}, {81, MaxPageSize}} {
		page, err := uc.Handle(context.Background(), viewer, "", tc.asked)
		if err != nil || len(page.Items) != tc.want || page.Next == "" {
			t.Fatalf("limit %d: %d items, next %q, %v; want %d and a next page", tc.asked, len(page.Items), page.Next, err, tc.want)
		}
	}
}
