package app

import (
	"context"
	"fmt"
	"log/slog"

	"social/core/domain"
)

// Deletions tell whether an account was deleted.
type Deletions interface {
	Deleted(ctx context.Context, id domain.UserID) (bool, error)
}

// EraseMember removes what a deleted member left, part after part (the
// core's first: posts go through the post removal path before the
// plugins' parts, such as the audiences their posts were in), each in transactions of at most
// Settings.Batch rows that lower the counters of what they remove. It is
// the job datarights.erase_member: idempotent, and a rerun after a crash
// goes on where the last committed batch left off. It refuses to touch an
// account that was not deleted.
type EraseMember struct {
	Accounts Deletions
	Parts    []Part
	Settings Settings
	Log      *slog.Logger
}

// Handle erases member's content.
func (uc *EraseMember) Handle(ctx context.Context, member domain.UserID) error {
	gone, err := uc.Accounts.Deleted(ctx, member)
	if err != nil {
		return fmt.Errorf("erase %s: %w", member, err)
	}
	if !gone {
		return fmt.Errorf("erase %s: %w", member, ErrNotDeleted)
	}
	batch := max(uc.Settings.Batch, 1)
	for _, p := range uc.Parts {
		for {
			if err := ctx.Err(); err != nil {
				return err
			}
			more, err := p.Data.EraseMember(ctx, member, batch)
			if err != nil {
				return fmt.Errorf("erase %s: %s: %w", member, p.Name, err)
			}
			if !more {
				break
			}
		}
	}
	uc.Log.InfoContext(ctx, "deleted account erased", "account", member.String())
	return nil
}
