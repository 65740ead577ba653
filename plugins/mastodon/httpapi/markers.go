package httpapi

import (
	"net/http"
	"time"

	"social/core/domain"
	notifications "social/features/notifications/app"
	"social/plugins/mastodon/app"
)

// MarkerEntity is Mastodon's Marker: where the member stopped reading.
type MarkerEntity struct {
	LastReadID string    `json:"last_read_id"`
	Version    int       `json:"version"`
	UpdatedAt  time.Time `json:"updated_at"`
}

func markerMap(list []app.Marker) map[string]MarkerEntity {
	out := make(map[string]MarkerEntity, len(list))
	for _, m := range list {
		out[m.Timeline] = MarkerEntity{LastReadID: m.LastReadID, Version: m.Version, UpdatedAt: m.UpdatedAt}
	}
	return out
}

// MarkerEndpoints are /api/v1/markers: the home timeline's and the
// notifications' reading positions, which apps carry across devices.
//
// Saving the notifications' marker at one of the member's notifications
// also marks it and the older ones read (the notifications feature), as
// Mastodon counts unread notifications from the marker: the badge then
// clears on every device and on our own app.
func MarkerEndpoints(get *app.GetMarkers, save *app.SaveMarkers, notes notifications.UseCases) []Endpoint {
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v1/markers", Scopes: domain.ScopeReadStatuses,
			Handle: func(r *Request) (any, error) {
				list, err := get.Handle(r.Context(), r.Viewer, r.Strings("timeline"))
				if err != nil {
					return nil, err
				}
				return markerMap(list), nil
			}},
		{Method: http.MethodPost, Path: "/api/v1/markers", Scopes: domain.ScopeWriteStatuses,
			Handle: func(r *Request) (any, error) {
				positions := map[string]string{}
				for _, t := range []string{app.MarkerHome, app.MarkerNotifications} {
					if r.Has(t + "[last_read_id]") {
						positions[t] = r.String(t + "[last_read_id]")
					}
				}
				list, err := save.Handle(r.Context(), r.Viewer, positions)
				if err != nil {
					return nil, err
				}
				if id, err := domain.ParseNotificationID(positions[app.MarkerNotifications]); err == nil {
					if _, err := notes.ReadUpTo.Handle(r.Context(), r.Viewer, id); err != nil {
						return nil, err
					}
				}
				return markerMap(list), nil
			}},
	}
}
