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

// NewPosts serves the posts resource for moderators: every post, filter
// q (text), author (handle), author_id, hashtag, visibility, audience_id
// (a community's posts), created_gte and created_lte (dates); DELETE removes
// one with a reason.
func NewPosts(uc UseCases) plugin.AdminResource {
	return plugin.AdminResource{Name: "posts", Moderators: true, Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[moderationstore.AdminPost]{
			Name: "posts", Singular: "post", DefaultSort: "created_at",
			Sortable: moderationstore.AdminPostSortable,
			Filters:  []string{"author", "author_id", "hashtag", "visibility", "audience_id", "created_gte", "created_lte"},
			List: func(ctx context.Context, q adminkit.SQLQuery) ([]moderationstore.AdminPost, int, error) {
				pq := moderationstore.AdminPostQuery{AdminPage: page(q), Author: q.FilterString("author"),
					Hashtag: q.FilterString("hashtag"), Visibility: q.FilterString("visibility")}
				var err error
				if pq.AuthorID, err = q.FilterUUID("author_id"); err != nil {
					return nil, 0, err
				}
				if pq.AudienceID, err = q.FilterUUID("audience_id"); err != nil {
					return nil, 0, err
				}
				if pq.CreatedFrom, err = q.FilterTime("created_gte"); err != nil {
					return nil, 0, err
				}
				if pq.CreatedTo, err = q.FilterTime("created_lte"); err != nil {
					return nil, 0, err
				}
				if pq.CreatedTo != nil && len(q.FilterString("created_lte")) == len("2006-01-02") {
					end := pq.CreatedTo.AddDate(0, 0, 1) // the whole last day
					pq.CreatedTo = &end
				}
				return moderationstore.AdminPosts(ctx, uc.DB, pq)
			},
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-delete-post", Method: http.MethodDelete, Path: "/{id}",
			Summary:     "Remove a post with a reason, through the author's delete path",
			Description: "The post's text, author and file are kept in the audit log; its open reports close as actioned.",
			Metadata:    httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly}, 404: {moderation.CodePostNotFound}, 422: {moderation.CodeReasonRequired, moderation.CodeReasonTooLong}}),
		}, func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body ReasonBody
		}) (*struct{ Body RemovedBody }, error) {
			id, err := uuid.Parse(in.ID)
			if err != nil {
				return nil, errs.NotFound("post_not_found", "Post não encontrado.")
			}
			if err := uc.RemovePost.Handle(ctx, domain.ViewerFrom(ctx), domain.PostID(id), in.Body.Reason); err != nil {
				return nil, err
			}
			return &struct{ Body RemovedBody }{Body: RemovedBody{ID: in.ID}}, nil
		})
	}}
}

// RemovedBody answers a removal with the removed record's ID, as
// react-admin's delete expects a record.
type RemovedBody struct {
	ID string `json:"id"`
}
