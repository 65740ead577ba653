package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"

	"social/core/domain"
	"social/core/ports"
)

// rows is a part of a member's data erased in batches.
type rows struct {
	ports.MemberData
	left    int
	batches []int
	failing error
}

func (r *rows) EraseMember(_ context.Context, _ domain.UserID, batch int) (bool, error) {
	if r.failing != nil {
		return false, r.failing
	}
	r.batches = append(r.batches, batch)
	r.left = max(r.left-batch, 0)
	return r.left > 0, nil
}

type deletedSet map[domain.UserID]bool

func (s deletedSet) Deleted(_ context.Context, id domain.UserID) (bool, error) { return s[id], nil }

// Erasing refuses an account that was not deleted, then empties each part
// in order, in batches of at least one row, and stops at a part's failure.
func TestEraseMember(t *testing.T) {
	ctx := context.Background()
	gone, kept := domain.NewUserID(), domain.NewUserID()
	posts, extra := &rows{left: 5}, &rows{left: 1}
	erase := &EraseMember{Accounts: deletedSet{gone: true}, Parts: []Part{{Name: "posts", Data: posts}, {Name: "extra", Data: extra}},
		Settings: Settings{Batch: 2}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}

	if err := erase.Handle(ctx, kept); !errors.Is(err, ErrNotDeleted) || len(posts.batches) != 0 {
		t.Fatalf("not deleted: %v", err)
	}
	if err := erase.Handle(ctx, gone); err != nil || len(posts.batches) != 3 || len(extra.batches) != 1 || posts.left+extra.left != 0 {
		t.Fatalf("erased: %v, batches %v %v", err, posts.batches, extra.batches)
	}

	erase.Settings.Batch = 0
	posts.left, posts.batches = 1, nil
	if err := erase.Handle(ctx, gone); err != nil || len(posts.batches) != 1 || posts.batches[0] != 1 {
		t.Fatalf("a batch of zero rows is one: %v %v", err, posts.batches)
	}
	posts.failing = errors.New("database down")
	extra.batches = nil
	if err := erase.Handle(ctx, gone); !errors.Is(err, posts.failing) || len(extra.batches) != 0 {
		t.Fatalf("a failing part: %v, the next part ran %v", err, extra.batches)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	posts.failing = nil
	if err := erase.Handle(cancelled, gone); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}
