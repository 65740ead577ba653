package pgstore

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/platform/pgkit"
)

// StaffNameSkeletons are the skeletons (domain.NameSkeleton) of the
// handles and display names of the moderators and administrators, but
// for except (a member's own names never count against them).
func (s *Profiles) StaffNameSkeletons(ctx context.Context, except domain.UserID) (map[string]bool, error) {
	var rows []struct {
		Handle      string `bun:"handle"`
		DisplayName string `bun:"display_name"`
	}
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT p.handle, p.display_name FROM profiles p JOIN accounts a ON a.id = p.id
		WHERE a.role IN (?, ?) AND p.id <> ?`, string(domain.RoleModerator), string(domain.RoleAdmin), uuid.UUID(except)).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("staff names: %w", err)
	}
	out := make(map[string]bool, 2*len(rows))
	for _, r := range rows {
		for _, n := range []string{r.Handle, r.DisplayName} {
			if sk := domain.NameSkeleton(n); sk != "" {
				out[sk] = true
			}
		}
	}
	return out, nil
}
