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

// NewPosts serves the posts resource for moderators: every post, filter
// q (text), author (handle), author_id, hashtag, visibility, audience_id
// (a community's posts), created_gte and created_lte (dates); DELETE removes
// one with a reason.
func NewPosts(uc UseCases) plugin.AdminResource {
	return plugin.AdminResource{Name: "posts", Moderators: true, Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.SQLResource[moderationstore.AdminPost]{
			Name: "posts", Singular: "post", DefaultSort: "created_at",
			Sortable: moderationstore.AdminPostSortable, Filters: moderationstore.AdminPostNarrowing.Filters,
			List: uc.lists().Posts,
		})
		registerAct(api, huma.Operation{
			OperationID: "admin-delete-post", Method: http.MethodDelete, Path: "/{id}",
			Summary:     "Remove a post with a reason, through the author's delete path",
			Description: "The post's text, author and file are kept in the audit log; its open reports close as actioned.",
			Metadata:    httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly}, 404: {moderation.CodePostNotFound}, 422: {moderation.CodeReasonRequired, moderation.CodeReasonTooLong}}),
		}, postNotFound, func(ctx context.Context, v domain.Viewer, id uuid.UUID, body ReasonBody) (RemovedBody, error) {
			err := uc.RemovePost.Handle(ctx, v, domain.PostID(id), body.Reason)
			return RemovedBody{ID: id.String()}, err
		})
	}}
}

// RemovedBody answers a removal with the removed record's ID, as
// react-admin's delete expects a record.
type RemovedBody struct {
	ID string `json:"id"`
}
