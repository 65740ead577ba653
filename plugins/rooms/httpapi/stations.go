package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/kit/httpkit"
)

type stationsInput struct {
	Genre string `query:"genre" maxLength:"100" doc:"A radio-browser tag; jazz when empty."`
}

type stationsOutput struct {
	Body struct {
		Stations []RoomStation `json:"stations" doc:"At most radio.limit (50), most clicked first, only stations whose last check was good."`
		Source   string        `json:"source" enum:"radio-browser,fallback" doc:"fallback: the directory failed and these are the five built-in stations."`
	}
}

func registerStations(api huma.API, uc UseCases) {
	huma.Register(api, huma.Operation{
		OperationID: "rooms-stations", Method: http.MethodGet, Path: "/stations",
		Summary: "Radio stations of a genre for a new room", Tags: []string{"rooms"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, in *stationsInput) (*stationsOutput, error) {
		list, err := uc.Stations.Handle(ctx, domain.ViewerFrom(ctx), in.Genre)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &stationsOutput{}
		out.Body.Source = list.Source
		out.Body.Stations = make([]RoomStation, 0, len(list.Stations))
		for _, s := range list.Stations {
			out.Body.Stations = append(out.Body.Stations, RoomStation{ID: s.ID, Name: s.Name, Country: s.Country,
				Tags: append([]string{}, s.Tags...), StreamURL: s.StreamURL})
		}
		return out, nil
	})
}
