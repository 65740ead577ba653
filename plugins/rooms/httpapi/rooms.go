package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/kit/httpkit"
	"social/plugins/rooms/app"
)

type roomListOutput struct {
	Body struct {
		Items []ListeningRoom `json:"items" doc:"Active rooms, newest first; at most 100."`
	}
}

type roomCreateInput struct {
	Body struct {
		Name            string  `json:"name" required:"false" maxLength:"1000" doc:"Trimmed; required, at most 100 characters."`
		Description     *string `json:"description,omitempty" nullable:"true" maxLength:"5000" doc:"Optional; trimmed, at most 500 characters."`
		StationID       string  `json:"station_id,omitempty" maxLength:"100" doc:"A station ID from GET /rooms/stations: the room plays it live (track_source radio)."`
		IsPublic        *bool   `json:"is_public,omitempty" doc:"Default true."`
		TrackSource     string  `json:"track_source,omitempty" maxLength:"30" doc:"Without station_id: the track's source (default preview)."`
		TrackID         *string `json:"track_id,omitempty" maxLength:"1000"`
		CurrentTrack    *string `json:"current_track,omitempty" maxLength:"1000"`
		CurrentArtist   *string `json:"current_artist,omitempty" maxLength:"1000"`
		TrackPreviewURL *string `json:"track_preview_url,omitempty" maxLength:"2000" doc:"Without station_id: the audio address (http or https), required; its host must be the server's own or one of rooms.stream_hosts (else 422 room_stream_not_allowed)."`
		TrackImageURL   *string `json:"track_image_url,omitempty" maxLength:"2000" doc:"Without station_id: the track's picture (http or https); the server fetches a copy once, and rooms show that copy."`
	}
}

type roomOutput struct{ Body ListeningRoom }

type playbackInput struct {
	RoomPath
	Body struct {
		Action          string  `json:"action" required:"false" doc:"play, pause or seek."`
		PositionSeconds float64 `json:"position_seconds" required:"false" doc:"The host's position in the track."`
	}
}

type playbackOutput struct{ Body app.PlaybackEvent }

func registerRooms(api huma.API, uc UseCases, p present) {
	huma.Register(api, huma.Operation{
		OperationID: "rooms-list", Method: http.MethodGet, Path: "",
		Summary: "Active listening rooms", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*roomListOutput, error) {
		list, err := uc.List.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &roomListOutput{}
		out.Body.Items = make([]ListeningRoom, 0, len(list))
		for _, r := range list {
			out.Body.Items = append(out.Body.Items, p.room(ctx, r))
		}
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "rooms-create", Method: http.MethodPost, Path: "", DefaultStatus: http.StatusCreated,
		Summary: "Open a room hosted by the viewer", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{422: {app.CodeFieldsRequired, app.CodeInvalid, app.CodeNoProfile, app.CodeStreamNotAllowed, app.CodeUnknownStation}, 503: {app.CodeUnknownStation}}),
	}, func(ctx context.Context, in *roomCreateInput) (*roomOutput, error) {
		b := in.Body
		r, err := uc.Create.Handle(ctx, domain.ViewerFrom(ctx), app.NewRoom{Name: b.Name, Description: b.Description,
			StationID: b.StationID, IsPublic: b.IsPublic, TrackSource: b.TrackSource, TrackID: b.TrackID,
			CurrentTrack: b.CurrentTrack, CurrentArtist: b.CurrentArtist, TrackPreviewURL: b.TrackPreviewURL,
			TrackImageURL: b.TrackImageURL})
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &roomOutput{Body: p.room(ctx, r)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "rooms-get", Method: http.MethodGet, Path: "/{id}",
		Summary: "One active room (not found when its host and the viewer are in a block relation)", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeBanned}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *RoomPath) (*roomOutput, error) {
		id, err := in.id()
		var r app.Room
		if err == nil {
			r, err = uc.Get.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &roomOutput{Body: p.room(ctx, r)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "rooms-end", Method: http.MethodPost, Path: "/{id}/end", DefaultStatus: http.StatusNoContent,
		Summary: "End a room (host only); subscribers get room.ended", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeHostOnly}, 404: {app.CodeNotFound}}),
	}, func(ctx context.Context, in *RoomPath) (*struct{}, error) {
		id, err := in.id()
		if err == nil {
			err = uc.End.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		return httpkit.NoContent(ctx, err)
	})
	huma.Register(api, huma.Operation{
		OperationID: "rooms-playback", Method: http.MethodPost, Path: "/{id}/playback",
		Summary: "Play, pause or seek a non-radio room (host only); the room gets room.playback", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeHostOnly}, 404: {app.CodeNotFound}, 422: {app.CodeInvalid, app.CodeRadioLive}}),
	}, func(ctx context.Context, in *playbackInput) (*playbackOutput, error) {
		id, err := in.id()
		var ev app.PlaybackEvent
		if err == nil {
			ev, err = uc.Playback.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.Action, in.Body.PositionSeconds)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &playbackOutput{Body: ev}, nil
	})
}
