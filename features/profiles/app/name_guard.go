package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// StaffNames reads the skeletons of the staff's handles and display names
// (domain.NameSkeleton), leaving out one member's own.
type StaffNames interface {
	StaffNameSkeletons(ctx context.Context, except domain.UserID) (map[string]bool, error)
}

// refuseImpersonation answers 422 name_reserved when a member who is not
// staff picks a display name that looks like a reserved word or like a
// moderator's or administrator's handle or name.
func refuseImpersonation(ctx context.Context, staff StaffNames, viewer domain.Viewer, displayName string) error {
	if viewer.Role == domain.RoleModerator || viewer.Role == domain.RoleAdmin {
		return nil
	}
	skeletons, err := staff.StaffNameSkeletons(ctx, viewer.UserID)
	if err != nil {
		return fmt.Errorf("check display name: %w", err)
	}
	if domain.Impersonates(displayName, skeletons) {
		return errs.Invalid(CodeNameReserved, errs.MsgFixErrors, map[string]string{"display_name": MsgNameReserved})
	}
	return nil
}
