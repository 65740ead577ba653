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
	"social/plugins/federation/app"
	"social/plugins/federation/pgstore"
)

// PolicyInput is a domain's policy as the console sends it.
type PolicyInput struct {
	Domain      string `json:"domain,omitempty" maxLength:"300" doc:"The server's host, with its port when not the default; fixed once created."`
	Suspend     bool   `json:"suspend,omitempty" doc:"Nothing taken from it nor sent to it; its accounts removed here."`
	Silence     bool   `json:"silence,omitempty" doc:"Its accounts' posts reach their followers only."`
	RejectMedia bool   `json:"reject_media,omitempty" doc:"None of its pictures or videos copied here."`
	Reason      string `json:"reason" maxLength:"2000" doc:"Kept with the policy and in the audit log; required."`
}

// PolicyRemoval is why a policy is lifted.
type PolicyRemoval struct {
	Reason string `json:"reason" maxLength:"2000" doc:"Kept in the audit log; required."`
}

// NewPolicyAdminResource serves the console's instance policies, to
// administrators and moderators: GET /api/v1/admin/federation_policies
// (simple-rest: sort, range, filter {q, suspend, silence, reject_media,
// id}), /{id}, POST (create), PUT /{id} (change the measures) and DELETE
// /{id} with a reason. Every change is in the audit log.
func NewPolicyAdminResource(store *pgstore.Store, create *app.CreateInstancePolicy, update *app.UpdateInstancePolicy,
	remove *app.RemoveInstancePolicy) plugin.AdminResource {
	const name = "federation_policies"
	row := func(ctx context.Context, id uuid.UUID) (*struct{ Body pgstore.PolicyAdminRow }, error) {
		rows, _, err := store.PolicyAdminRows(ctx, adminkit.SQLQuery{IDs: []uuid.UUID{id}, Limit: 1})
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			return nil, errs.NotFound(app.CodePolicyNotFound, app.MsgPolicyNotFound)
		}
		return &struct{ Body pgstore.PolicyAdminRow }{Body: rows[0]}, nil
	}
	parseID := func(raw string) (uuid.UUID, error) {
		id, err := uuid.Parse(raw)
		if err != nil {
			return uuid.UUID{}, errs.NotFound(app.CodePolicyNotFound, app.MsgPolicyNotFound)
		}
		return id, nil
	}
	refuses := func(status int, code string) map[string]any {
		return httpkit.Refuses(httpkit.Refusals{403: {moderation.CodeStaffOnly}, 422: {moderation.CodeReasonRequired,
			moderation.CodeReasonTooLong, app.CodeBadDomain, app.CodePolicyEmpty}, status: {code}})
	}
	return plugin.AdminResource{Plugin: "federation", Name: name, Moderators: true, Register: func(api huma.API) {
		adminkit.RegisterSQLResource(api, adminkit.Resource(name, "federation_policy", pgstore.PolicyAdminList,
			store.PolicyAdminRows))
		huma.Register(api, huma.Operation{
			OperationID: "admin-create-federation-policy", Method: http.MethodPost, Path: "", DefaultStatus: http.StatusCreated,
			Summary:  "Set a policy (suspend, silence, reject media) on another server's domain, with a reason",
			Metadata: refuses(409, app.CodePolicyExists),
		}, func(ctx context.Context, in *struct{ Body PolicyInput }) (*struct{ Body pgstore.PolicyAdminRow }, error) {
			p, err := create.Handle(ctx, domain.ViewerFrom(ctx), app.PolicyInput(in.Body))
			if err != nil {
				return nil, err
			}
			return row(ctx, p.ID)
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-update-federation-policy", Method: http.MethodPut, Path: "/{id}",
			Summary:  "Change a domain's policy, with a reason",
			Metadata: refuses(404, app.CodePolicyNotFound),
		}, func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body PolicyInput
		}) (*struct{ Body pgstore.PolicyAdminRow }, error) {
			id, err := parseID(in.ID)
			if err != nil {
				return nil, err
			}
			if _, err := update.Handle(ctx, domain.ViewerFrom(ctx), id, app.PolicyInput(in.Body)); err != nil {
				return nil, err
			}
			return row(ctx, id)
		})
		huma.Register(api, huma.Operation{
			OperationID: "admin-remove-federation-policy", Method: http.MethodDelete, Path: "/{id}",
			Summary:  "Lift a domain's policy, with a reason",
			Metadata: refuses(404, app.CodePolicyNotFound),
		}, func(ctx context.Context, in *struct {
			ID   string `path:"id"`
			Body PolicyRemoval
		}) (*struct{}, error) {
			id, err := parseID(in.ID)
			if err != nil {
				return nil, err
			}
			return nil, remove.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.Reason)
		})
	}}
}
