package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

// ConnectedApp is an app the viewer authorized.
type ConnectedApp struct {
	ID           string     `json:"id" format:"uuid"`
	Name         string     `json:"name"`
	Website      *string    `json:"website"`
	Scopes       []string   `json:"scopes" doc:"Every scope the app's live tokens carry."`
	AuthorizedAt time.Time  `json:"authorized_at" doc:"When the member first authorized it."`
	LastUsedAt   *time.Time `json:"last_used_at" doc:"The app's last request, to the minute; null when never used."`
}

// ConnectedAppList is the viewer's connected apps, the most recently used first.
type ConnectedAppList struct {
	Items []ConnectedApp `json:"items"`
}

func registerListConnectedApps(api huma.API, uc *accounts.ListConnectedApps) {
	huma.Register(api, huma.Operation{
		OperationID: "list-connected-apps", Method: http.MethodGet, Path: "/oauth/connected-apps",
		Summary: "List the apps the viewer authorized", Tags: []string{"oauth"}, Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body ConnectedAppList }, error) {
		list, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, problem(ctx, err)
		}
		out := &struct{ Body ConnectedAppList }{Body: ConnectedAppList{Items: make([]ConnectedApp, 0, len(list))}}
		for _, a := range list {
			item := ConnectedApp{ID: a.AppID, Name: a.Name, Scopes: a.Scopes.Names(), AuthorizedAt: a.AuthorizedAt.UTC()}
			if a.Website != "" {
				site := a.Website
				item.Website = &site
			}
			if a.LastUsedAt != nil {
				t := a.LastUsedAt.UTC()
				item.LastUsedAt = &t
			}
			out.Body.Items = append(out.Body.Items, item)
		}
		return out, nil
	})
}

func registerDisconnectApp(api huma.API, uc *accounts.DisconnectApp) {
	huma.Register(api, huma.Operation{
		OperationID: "disconnect-app", Method: http.MethodDelete, Path: "/oauth/connected-apps/{id}",
		Summary:     "Revoke an app's access (settings' 'Revogar')",
		Description: "Every token of the app for the viewer ends at once; the app must ask again.",
		Tags:        []string{"oauth"}, Security: httpkit.Bearer, DefaultStatus: http.StatusNoContent,
		Metadata: httpkit.Refuses(httpkit.Refusals{http.StatusNotFound: {accounts.CodeOAuthAppNotConnected}}),
	}, func(ctx context.Context, in *struct {
		ID string `path:"id" maxLength:"64"`
	}) (*struct{}, error) {
		if err := uc.Handle(ctx, domain.ViewerFrom(ctx), in.ID); err != nil {
			return nil, problem(ctx, err)
		}
		return nil, nil
	})
}
