package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/rooms/app"
)

// UseCases are the plugin's operations.
type UseCases struct {
	Stations     *app.ListStations
	List         *app.ListRooms
	Create       *app.CreateRoom
	Get          *app.GetRoom
	End          *app.EndRoom
	Join         *app.JoinRoom
	Leave        *app.LeaveRoom
	Participants *app.ListParticipants
	Messages     *app.ListMessages
	Send         *app.SendMessage
	Playback     *app.ControlPlayback
	Remove       *app.RemoveParticipant
}

// NewRoutes contributes the operations under /api/v1/rooms.
func NewRoutes(uc UseCases, media httpkit.MediaLinks) plugin.Routes {
	p := present{media: media}
	return plugin.Routes{Plugin: "rooms", Register: func(api huma.API) {
		registerStations(api, uc)
		registerRooms(api, uc, p)
		registerPresence(api, uc, p)
		registerRemovals(api, uc)
		registerChat(api, uc, p)
	}}
}
