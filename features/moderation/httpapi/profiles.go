package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
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

// ReasonBody is the reason of a suspension, its lifting or a removal.
type ReasonBody struct {
	Reason string `json:"reason" doc:"1 to 500 characters, kept in the audit log" maxLength:"2000"`
}

type idInput struct {
	ID string `path:"id"`
}

func userID(raw string) (domain.UserID, error) {
	id, err := uuid.Parse(raw)
	if err != nil {
		return domain.UserID{}, errs.NotFound("account_not_found", "Conta não encontrada.")
	}
	return domain.UserID(id), nil
}

// NewProfiles serves the profiles resource: list and show for moderators
// (filter q, role, is_verified, suspended), PUT for administrators (the
// verified badge, the role), suspend and unsuspend for moderators.
func NewProfiles(uc UseCases) plugin.AdminResource {
	one := func(ctx context.Context, id domain.UserID) (*struct{ Body moderationstore.AdminProfile }, error) {
		rows, _, err := moderationstore.AdminProfiles(ctx, uc.DB, moderationstore.AdminProfileQuery{
			AdminPage: moderationstore.AdminPage{IDs: []uuid.UUID{uuid.UUID(id)}, Limit: 1}})
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			return nil, errs.NotFound("account_not_found", "Conta não encontrada.")
		}
		return &struct{ Body moderationstore.AdminProfile }{Body: rows[0]}, nil
	}
	return plugin.AdminResource{Name: "profiles", Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[moderationstore.AdminProfile]{
			Name: "profiles", Singular: "profile", DefaultSort: "created_at", Moderators: true,
			Sortable: moderationstore.AdminProfileSortable, Filters: []string{"role", "is_verified", "suspended"},
			List: func(ctx context.Context, q adminkit.SQLQuery) ([]moderationstore.AdminProfile, int, error) {
				pq := moderationstore.AdminProfileQuery{AdminPage: page(q), Role: q.FilterString("role")}
				var err error
				if pq.Verified, err = q.FilterBool("is_verified"); err != nil {
					return nil, 0, err
				}
				if pq.Suspended, err = q.FilterBool("suspended"); err != nil {
					return nil, 0, err
				}
				return moderationstore.AdminProfiles(ctx, uc.DB, pq)
			},
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-update-profile", Method: http.MethodPut, Path: "/{id}",
			Summary:  "Set a member's 'Verified' badge or role (administrators)",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeAdminOnly, moderation.CodeOwnAccount}, 404: {moderation.CodeAccountNotFound}, 422: {moderation.CodeRoleInvalid}}),
		}, func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body ProfileUpdate
		}) (*struct{ Body moderationstore.AdminProfile }, error) {
			id, err := userID(in.ID)
			if err != nil {
				return nil, err
			}
			v := domain.ViewerFrom(ctx)
			if in.Body.IsVerified != nil {
				if _, err := uc.SetVerified.Handle(ctx, v, id, *in.Body.IsVerified); err != nil {
					return nil, err
				}
			}
			if in.Body.Role != nil {
				if _, err := uc.SetRole.Handle(ctx, v, id, domain.Role(*in.Body.Role)); err != nil {
					return nil, err
				}
			}
			return one(ctx, id)
		})
		huma.Register(api, plugin.ForModerators(huma.Operation{
			OperationID: "admin-suspend-profile", Method: http.MethodPost, Path: "/{id}/suspend",
			Summary:  "Suspend a member: no sign-in, sessions end, posts hidden until lifted",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly, moderation.CodeOwnAccount, moderation.CodeStaffTarget}, 404: {moderation.CodeAccountNotFound}, 409: {moderation.CodeAlreadySuspended}, 422: {moderation.CodeReasonRequired, moderation.CodeReasonTooLong}}),
		}), func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body ReasonBody
		}) (*struct{ Body moderationstore.AdminProfile }, error) {
			id, err := userID(in.ID)
			if err != nil {
				return nil, err
			}
			if _, err := uc.Suspend.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.Reason); err != nil {
				return nil, err
			}
			return one(ctx, id)
		})
		huma.Register(api, plugin.ForModerators(huma.Operation{
			OperationID: "admin-unsuspend-profile", Method: http.MethodPost, Path: "/{id}/unsuspend",
			Summary:  "Lift a member's suspension",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly, moderation.CodeStaffTarget}, 404: {moderation.CodeAccountNotFound}, 409: {moderation.CodeNotSuspended}, 422: {moderation.CodeReasonRequired, moderation.CodeReasonTooLong}}),
		}), func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body ReasonBody
		}) (*struct{ Body moderationstore.AdminProfile }, error) {
			id, err := userID(in.ID)
			if err != nil {
				return nil, err
			}
			if _, err := uc.Unsuspend.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.Reason); err != nil {
				return nil, err
			}
			return one(ctx, id)
		})
	}}
}

func page(q adminkit.SQLQuery) moderationstore.AdminPage {
	return moderationstore.AdminPage{Sort: q.Sort, Asc: q.Asc, Offset: q.Offset, Limit: q.Limit, Search: q.Search, IDs: q.IDs}
}
