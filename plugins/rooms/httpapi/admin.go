package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	moderation "social/features/moderation/app"
	"social/kit/adminkit"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/rooms/app"
	"social/plugins/rooms/pgstore"
)

// NewAdminResource serves the console's rooms resource:
// GET /api/v1/admin/rooms (simple-rest: sort, range, filter {q,
// is_active, id}; paged in SQL) and /{id}.
func NewAdminResource(store *pgstore.Store, end *app.EndRoomAsAdmin) plugin.AdminResource {
	return plugin.AdminResource{Plugin: "rooms", Name: "rooms", Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.Resource("rooms", "room", pgstore.AdminList, store.AdminRows))
		huma.Register(api, huma.Operation{
			OperationID: "admin-end-room", Method: http.MethodPost, Path: "/{id}/end",
			Summary:  "End an active listening room, with a reason kept in the audit log",
			Metadata: httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeAdminOnly}, 404: {app.CodeNotFound}, 422: {moderation.CodeReasonRequired, moderation.CodeReasonTooLong}}),
		}, func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body RoomEnding
		}) (*struct{ Body pgstore.RoomAdminRow }, error) {
			id, err := uuid.Parse(in.ID)
			if err != nil {
				return nil, errs.NotFound(app.CodeNotFound, app.MsgNotFound)
			}
			if err := end.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.Reason); err != nil {
				return nil, err
			}
			rows, _, err := store.AdminRows(ctx, adminkit.SQLQuery{IDs: []uuid.UUID{id}, Limit: 1})
			if err != nil || len(rows) == 0 {
				return nil, err
			}
			return &struct{ Body pgstore.RoomAdminRow }{Body: rows[0]}, nil
		})
	}}
}

// RoomEnding is why an administrator ends a room.
type RoomEnding struct {
	Reason string `json:"reason" maxLength:"2000" doc:"Kept in the audit log; required."`
}
