package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
	profiles "social/features/profiles/app"
)

// lists is an in-memory ListStore answering n entries for any profile and
// recording what it was asked.
type lists struct {
	ids      map[string]domain.UserID
	n        int
	asked    Direction
	seer     domain.UserID
	after    *domain.ListCursor[domain.FollowID]
	lastTime time.Time
}

func (l *lists) IDByHandle(_ context.Context, handle string) (domain.UserID, error) {
	return portstest.Lookup(l.ids, handle)
}

func (l *lists) entries(seer domain.UserID, after *domain.ListCursor[domain.FollowID], limit int) []domain.FollowEntry {
	l.seer, l.after = seer, after
	out := make([]domain.FollowEntry, 0, min(l.n, limit))
	for i := range min(l.n, limit) {
		out = append(out, domain.FollowEntry{FollowID: domain.NewFollowID(), FollowedAt: l.lastTime.Add(-time.Duration(i) * time.Minute)})
	}
	return out
}

func (l *lists) Followers(_ context.Context, _, seer domain.UserID, after *domain.ListCursor[domain.FollowID], limit int) ([]domain.FollowEntry, error) {
	l.asked = Followers
	return l.entries(seer, after, limit), nil
}

func (l *lists) Following(_ context.Context, _, seer domain.UserID, after *domain.ListCursor[domain.FollowID], limit int) ([]domain.FollowEntry, error) {
	l.asked = Following
	return l.entries(seer, after, limit), nil
}

// A page reads the direction asked for, as the viewer (nobody when signed
// out), and points at the next page only when it is full.
func TestListFollowsPages(t *testing.T) {
	ana, viewer := domain.NewUserID(), domain.NewUserID()
	store := &lists{ids: map[string]domain.UserID{"ana": ana}, n: PageSize,
		lastTime: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	uc := &ListFollows{Follows: store}
	ctx := context.Background()

	full, err := uc.Handle(ctx, domain.Viewer{}, "@Ana", Following, "", 0)
	if err != nil || store.asked != Following || store.seer != (domain.UserID{}) || store.after != nil {
		t.Fatalf("signed out, following: %v; asked %s as %s after %v", err, store.asked, store.seer, store.after)
	}
	if len(full.Items) != PageSize || full.Next == "" {
		t.Fatalf("a full page has a next cursor: %d items, next %q", len(full.Items), full.Next)
	}

	store.n = PageSize - 1
	last, err := uc.Handle(ctx, domain.Viewer{UserID: viewer}, "ana", Followers, full.Next, 0)
	if err != nil || store.asked != Followers || store.seer != viewer {
		t.Fatalf("signed in, followers: %v; asked %s as %s", err, store.asked, store.seer)
	}
	tail := full.Items[PageSize-1]
	if store.after == nil || store.after.ID != tail.FollowID || !store.after.At.Equal(tail.FollowedAt) {
		t.Fatalf("the cursor is the last entry of the page before: %+v, want %s at %v", store.after, tail.FollowID, tail.FollowedAt)
	}
	if len(last.Items) != PageSize-1 || last.Next != "" {
		t.Fatalf("a short page is the last: %d items, next %q", len(last.Items), last.Next)
	}
}

// A reader may ask for shorter or longer pages, up to MaxPageSize: a page
// of the length asked for points at the next.
func TestListFollowsPagesOfTheLengthAskedFor(t *testing.T) {
	ana := domain.NewUserID()
	store := &lists{ids: map[string]domain.UserID{"ana": ana}, n: 200, lastTime: time.Now()}
	uc := &ListFollows{Follows: store}
	for _, tc := range []struct{ asked, want int }{{2, 2}, {0, PageSize}, {-3, PageSize}, {80, 80}, {500, MaxPageSize}} {
		page, err := uc.Handle(context.Background(), domain.Viewer{}, "ana", Followers, "", tc.asked)
		if err != nil || len(page.Items) != tc.want || page.Next == "" {
			t.Fatalf("limit %d: %d items, next %q, %v; want %d and a next page", tc.asked, len(page.Items), page.Next, err, tc.want)
		}
	}
}

func TestListFollowsRefusals(t *testing.T) {
	comments := domain.ListCursor[domain.CommentID]{At: time.Now(), ID: domain.NewCommentID()}.Encode(domain.CommentsCursor)
	store := &lists{ids: map[string]domain.UserID{"ana": domain.NewUserID()}}
	for _, tc := range []struct {
		name, handle, cursor string
		kind                 errs.Kind
		code                 string
	}{
		{"garbled cursor", "ana", "lixo!", errs.KindInvalid, CodeInvalid},
		{"another list's cursor", "ana", comments, errs.KindInvalid, CodeInvalid},
		{"unknown handle", "ninguem", "", errs.KindNotFound, profiles.CodeNotFound},
		{"malformed handle", "a b", "", errs.KindNotFound, profiles.CodeNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := (&ListFollows{Follows: store}).Handle(context.Background(), domain.Viewer{}, tc.handle, Followers, tc.cursor, 0)
			if kind, code := portstest.KindAndCode(err); kind != tc.kind || code != tc.code {
				t.Fatalf("%v, want %v %s", err, tc.kind, tc.code)
			}
		})
	}
}
