package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	moderation "social/features/moderation/app"
	moderationstore "social/features/moderation/pgstore"
	"social/kit/adminkit"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// ProfileUpdate is what an administrator may change on a profile. Other
// fields react-admin sends along are ignored.
type ProfileUpdate struct {
	IsVerified *bool   `json:"is_verified,omitempty" doc:"The 'Verified' badge"`
	Role       *string `json:"role,omitempty" enum:"member,moderator,admin"`
}

// NewProfiles serves the profiles resource: list and show for moderators
// (filter q, role, is_verified, suspended), PUT for administrators (the
// verified badge, the role), suspend and unsuspend for moderators. Each
// act answers with the profile as it is afterwards.
func NewProfiles(uc UseCases) plugin.AdminResource {
	lists := uc.lists()
	changeProfile := func(api huma.API, op huma.Operation, change func(ctx context.Context, v domain.Viewer, id domain.UserID, body ReasonBody) error) {
		registerAct(api, op, accountNotFound, func(ctx context.Context, v domain.Viewer, id uuid.UUID, body ReasonBody) (moderationstore.AdminProfile, error) {
			if err := change(ctx, v, domain.UserID(id), body); err != nil {
				return moderationstore.AdminProfile{}, err
			}
			rows, _, err := lists.Profiles(ctx, byID(id))
			return only(accountNotFound, rows, err)
		})
	}
	return plugin.AdminResource{Name: "profiles", Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[moderationstore.AdminProfile]{
			Name: "profiles", Singular: "profile", DefaultSort: "created_at", Moderators: true,
			Sortable: moderationstore.AdminProfileSortable, Filters: moderationstore.AdminProfileNarrowing.Filters,
			List: lists.Profiles,
		})
		registerAct(api, huma.Operation{
			OperationID: "admin-update-profile", Method: http.MethodPut, Path: "/{id}",
			Summary:  "Set a member's 'Verified' badge or role (administrators)",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeAdminOnly, moderation.CodeOwnAccount}, 404: {moderation.CodeAccountNotFound}, 422: {moderation.CodeRoleInvalid}}),
		}, accountNotFound, func(ctx context.Context, v domain.Viewer, id uuid.UUID, body ProfileUpdate) (moderationstore.AdminProfile, error) {
			if body.IsVerified != nil {
				if _, err := uc.SetVerified.Handle(ctx, v, domain.UserID(id), *body.IsVerified); err != nil {
					return moderationstore.AdminProfile{}, err
				}
			}
			if body.Role != nil {
				if _, err := uc.SetRole.Handle(ctx, v, domain.UserID(id), domain.Role(*body.Role)); err != nil {
					return moderationstore.AdminProfile{}, err
				}
			}
			rows, _, err := lists.Profiles(ctx, byID(id))
			return only(accountNotFound, rows, err)
		})
		changeProfile(api, plugin.ForModerators(huma.Operation{
			OperationID: "admin-suspend-profile", Method: http.MethodPost, Path: "/{id}/suspend",
			Summary:  "Suspend a member: no sign-in, sessions end, posts hidden until lifted",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly, moderation.CodeOwnAccount, moderation.CodeStaffTarget}, 404: {moderation.CodeAccountNotFound}, 409: {moderation.CodeAlreadySuspended}, 422: {moderation.CodeReasonRequired, moderation.CodeReasonTooLong}}),
		}), func(ctx context.Context, v domain.Viewer, id domain.UserID, body ReasonBody) error {
			_, err := uc.Suspend.Handle(ctx, v, id, body.Reason)
			return err
		})
		changeProfile(api, plugin.ForModerators(huma.Operation{
			OperationID: "admin-unsuspend-profile", Method: http.MethodPost, Path: "/{id}/unsuspend",
			Summary:  "Lift a member's suspension",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly, moderation.CodeStaffTarget}, 404: {moderation.CodeAccountNotFound}, 409: {moderation.CodeNotSuspended}, 422: {moderation.CodeReasonRequired, moderation.CodeReasonTooLong}}),
		}), func(ctx context.Context, v domain.Viewer, id domain.UserID, body ReasonBody) error {
			_, err := uc.Unsuspend.Handle(ctx, v, id, body.Reason)
			return err
		})
	}}
}
