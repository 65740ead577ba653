package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/errs"
)

type likersWorld struct {
	likeWorld
	asked int
}

func (w *likersWorld) Likers(_ context.Context, post domain.PostID, _ domain.UserID, _ *domain.UserID, limit int) ([]domain.MemberCard, error) {
	w.asked = limit
	var out []domain.MemberCard
	for u := range w.likes[post] {
		out = append(out, domain.MemberCard{ID: u})
	}
	return out, nil
}

// The likers of a post are listed for whoever may read it, the page size
// bounded; a post one may not read is not found.
func TestListLikers(t *testing.T) {
	author, liker, other := domain.NewUserID(), domain.NewUserID(), domain.NewUserID()
	w := &likersWorld{likeWorld: likeWorld{posts: map[domain.PostID]domain.Post{}, likes: map[domain.PostID]map[domain.UserID]bool{}}}
	public, hidden := w.post(author, domain.VisibilityPublic), w.post(author, domain.VisibilityFriendsOnly)
	w.likes[public][liker] = true
	uc := &ListLikers{Posts: w, Likers: w}
	ctx := context.Background()

	got, err := uc.Handle(ctx, domain.Viewer{UserID: other}, public, nil, 1000)
	if err != nil || len(got) != 1 || got[0].ID != liker || w.asked != LikersMaxPage {
		t.Fatalf("likers: %v %v (limit %d)", got, err, w.asked)
	}
	if _, _ = uc.Handle(ctx, domain.Viewer{UserID: other}, public, nil, 0); w.asked != LikersPageSize {
		t.Fatalf("default page: %d", w.asked)
	}
	_, err = uc.Handle(ctx, domain.Viewer{UserID: other}, hidden, nil, 10)
	if e, ok := errs.As(err); !ok || e.Code != CodeNotFound {
		t.Fatalf("followers-only post of a stranger: %v", err)
	}
}

type handleBook map[string]domain.MemberCard

func (b handleBook) MembersByHandle(_ context.Context, handles []string) ([]domain.MemberCard, error) {
	var out []domain.MemberCard
	for _, h := range handles {
		if c, ok := b[h]; ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// The handles of many texts are resolved in one read, each once, and only
// members come back.
func TestMembersNamed(t *testing.T) {
	lia := domain.MemberCard{ID: domain.NewUserID(), Handle: "lia"}
	calls := 0
	book := handleBook{"lia": lia}
	uc := &MembersNamed{Members: countingBook{book, &calls}}
	got, err := uc.Handle(context.Background(), []string{"oi @Lia e @ninguem", "de novo @lia", "sem menção"})
	if err != nil || len(got) != 1 || got["lia"].ID != lia.ID || calls != 1 {
		t.Fatalf("named: %v %v (%d reads)", got, err, calls)
	}
	if got, _ := uc.Handle(context.Background(), []string{"nada"}); len(got) != 0 || calls != 1 {
		t.Fatalf("no handle read the store: %v %d", got, calls)
	}
}

type countingBook struct {
	handleBook
	calls *int
}

func (b countingBook) MembersByHandle(ctx context.Context, handles []string) ([]domain.MemberCard, error) {
	*b.calls++
	return b.handleBook.MembersByHandle(ctx, handles)
}
