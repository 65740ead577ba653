package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Texts of clearing demo data.
const (
	MsgNoUserClearDemo = "Você precisa estar logado para limpar dados."
	MsgDemoCleared     = "Dados de demonstração removidos."
)

// ClearDemo deletes the demo data generated for a member (SeedDemo): the
// demo posts still there, through the same removal as any deleted post,
// then each feature's part (Extras), in one transaction. What the member
// wrote themselves is never marked, so it stays; clearing again finds
// nothing.
type ClearDemo struct {
	Tx      ports.Transactor
	Rows    DemoRows
	Removal Removal
	Extras  []MemberSeed
}

// Cleared is what one clearing removed: the posts, and the other
// features' one-line summaries.
type Cleared struct {
	Posts  int
	Extras []string
}

// Handle clears the viewer's demo data.
func (uc *ClearDemo) Handle(ctx context.Context, viewer domain.Viewer) (Cleared, error) {
	if !viewer.SignedIn() {
		return Cleared{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserClearDemo)
	}
	member := viewer.UserID
	var out Cleared
	var removed []domain.Post
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		out, removed = Cleared{}, nil
		ids, err := uc.Rows.Take(ctx, member, DemoKindPost)
		if err != nil {
			return err
		}
		for _, id := range ids {
			p, err := uc.Removal.Lock(ctx, domain.PostID(id))
			if errors.Is(err, domain.ErrNotFound) {
				continue // deleted by its author meanwhile
			}
			if err != nil {
				return err
			}
			if p.AuthorID != member {
				continue
			}
			if err := uc.Removal.InTx(ctx, p); err != nil {
				return err
			}
			removed = append(removed, p)
		}
		out.Posts = len(removed)
		for _, clear := range uc.Extras {
			summary, err := clear(ctx, member)
			if err != nil {
				return err
			}
			out.Extras = append(out.Extras, summary)
		}
		return nil
	})
	if err != nil {
		return Cleared{}, fmt.Errorf("clear demo data of %s: %w", member, err)
	}
	for _, p := range removed {
		uc.Removal.Announce(ctx, p)
	}
	return out, nil
}
