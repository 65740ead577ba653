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

// DeviceSession is one live session of the viewer.
type DeviceSession struct {
	ID         string    `json:"id" format:"uuid"`
	Device     string    `json:"device" doc:"Browser and system in pt-BR (\"Chrome no Android\"), read from the User-Agent; \"Dispositivo desconhecido\" when it says nothing known."`
	Network    *string   `json:"network" doc:"The network last used from: the client address's IPv4 /24 or IPv6 /48 prefix (\"198.51.100.0/24\"), never the address itself; null when unknown."`
	CreatedAt  time.Time `json:"created_at" doc:"When the member signed in."`
	LastUsedAt time.Time `json:"last_used_at" doc:"The last refresh of the session, to the minute."`
	ExpiresAt  time.Time `json:"expires_at" doc:"When the session ends however it is used."`
	Current    bool      `json:"current" doc:"The session of the access token of this request."`
}

// SessionList is the viewer's live sessions, the most recently used first.
type SessionList struct {
	Items []DeviceSession `json:"items"`
}

func registerListSessions(api huma.API, uc *accounts.ListSessions) {
	huma.Register(api, huma.Operation{
		OperationID: "list-sessions", Method: http.MethodGet, Path: "/auth/sessions",
		Summary: "List the viewer's live sessions", Tags: []string{"auth"}, Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body SessionList }, error) {
		list, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, problem(ctx, err)
		}
		out := &struct{ Body SessionList }{Body: SessionList{Items: make([]DeviceSession, 0, len(list))}}
		for _, s := range list {
			item := DeviceSession{ID: s.ID, Device: s.Device, CreatedAt: s.CreatedAt.UTC(), LastUsedAt: s.LastUsedAt.UTC(),
				ExpiresAt: s.ExpiresAt.UTC(), Current: s.Current}
			if s.Network != "" {
				network := s.Network
				item.Network = &network
			}
			out.Body.Items = append(out.Body.Items, item)
		}
		return out, nil
	})
}
