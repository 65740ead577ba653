package httpapi

import (
	"context"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	httpadapter "social/adapters/http"
	"social/adapters/http/adminapi"
	"social/core/app/moderation"
	"social/core/domain"
	"social/core/errs"
	"social/plugins/communities/app"
	"social/plugins/communities/pgstore"
	"social/plugins/plugin"
)

// NewAdminResource serves the console's communities resource:
// GET /api/v1/admin/communities (simple-rest: sort, range, filter {q,
// privacy, id}; paged in SQL) and /{id}.
func NewAdminResource(store *pgstore.Store) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "communities", Name: "communities", Register: func(api huma.API) {
		adminapi.RegisterSQLResource(api, adminapi.SQLResource[pgstore.AdminRow]{
			Name: "communities", Singular: "community", DefaultSort: "created_at",
			Sortable: pgstore.AdminSortable, Filters: []string{"privacy"},
			List: func(ctx context.Context, q adminapi.SQLQuery) ([]pgstore.AdminRow, int, error) {
				aq := pgstore.AdminQuery{Sort: q.Sort, Asc: q.Asc, Offset: q.Offset, Limit: q.Limit,
					Search: q.Search, IDs: q.IDs}
				if v, ok := q.Filter["privacy"]; ok {
					aq.Privacy = fmt.Sprint(v)
				}
				return store.AdminList(ctx, aq)
			},
		})
	}}
}

// NewAdminPostsResource serves the console's community-posts resource to
// moderators: list (sort, range, filter {q, community_id, author,
// created_gte, created_lte, id}), show, and DELETE with a reason.
func NewAdminPostsResource(store *pgstore.Store, uc UseCases) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "communities", Name: "community-posts", Moderators: true, Register: func(api huma.API) {
		adminapi.RegisterSQLResource(api, adminapi.SQLResource[pgstore.AdminPostRow]{
			Name: "community-posts", Singular: "community-post", DefaultSort: "created_at",
			Sortable: pgstore.AdminPostSortable, Filters: []string{"community_id", "author", "created_gte", "created_lte"},
			List: func(ctx context.Context, q adminapi.SQLQuery) ([]pgstore.AdminPostRow, int, error) {
				aq := pgstore.AdminPostQuery{Sort: q.Sort, Asc: q.Asc, Offset: q.Offset, Limit: q.Limit,
					Search: q.Search, IDs: q.IDs, Author: q.FilterString("author")}
				var err error
				if aq.CommunityID, err = q.FilterUUID("community_id"); err != nil {
					return nil, 0, err
				}
				if aq.CreatedFrom, err = q.FilterTime("created_gte"); err != nil {
					return nil, 0, err
				}
				if aq.CreatedTo, err = q.FilterTime("created_lte"); err != nil {
					return nil, 0, err
				}
				if aq.CreatedTo != nil && len(q.FilterString("created_lte")) == len("2006-01-02") {
					end := aq.CreatedTo.AddDate(0, 0, 1) // the whole last day
					aq.CreatedTo = &end
				}
				return store.AdminPosts(ctx, aq)
			},
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-delete-community-post", Method: http.MethodDelete, Path: "/{id}",
			Summary:  "Remove a community post with a reason (kept in the audit log)",
			Metadata: httpadapter.Refuses(httpadapter.Refusals{403: {moderation.CodeStaffOnly}, 404: {app.CodePostNotFound}, 422: {moderation.CodeReasonRequired, moderation.CodeReasonTooLong}}),
		}, func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body CommunityPostRemoval
		}) (*struct{ Body CommunityPostRemoved }, error) {
			id, err := uuid.Parse(in.ID)
			if err != nil {
				return nil, errs.NotFound(app.CodePostNotFound, app.MsgPostNotFound)
			}
			if err := uc.RemovePost.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.Reason); err != nil {
				return nil, err
			}
			return &struct{ Body CommunityPostRemoved }{Body: CommunityPostRemoved{ID: in.ID}}, nil
		})
	}}
}

// CommunityPostRemoval is why a moderator removes a community post.
type CommunityPostRemoval struct {
	Reason string `json:"reason" maxLength:"2000" doc:"Kept in the audit log; required."`
}

// CommunityPostRemoved answers a removal with the removed post's ID, as
// react-admin's delete expects a record.
type CommunityPostRemoved struct {
	ID string `json:"id"`
}
