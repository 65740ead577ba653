// Package httpapi serves GET /api/v1/trending from the database.
package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/ports"
	trending "social/features/trending/app"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// UseCases are the trending operations.
type UseCases struct {
	Refresh *trending.Refresh
	List    *trending.List
}

// Track is one song of the chart.
type Track struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Artist     string `json:"artist"`
	AlbumArt   string `json:"albumArt" doc:"The server's copy of the album cover (a signed media link); empty when it could not be copied."`
	PreviewURL string `json:"previewUrl" doc:"The provider's https address of a 30-second clip the member app plays on a press; empty when the song has none."`
	Link       string `json:"link"`
}

// Trending is the chart: its tracks and when it was fetched.
type Trending struct {
	Items     []Track    `json:"items"`
	UpdatedAt *time.Time `json:"updatedAt" doc:"When the chart was fetched."`
}

// NewRoutes serves the chart; covers are signed media links.
func NewRoutes(uc UseCases, media httpkit.MediaLinks) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "list-trending", Method: http.MethodGet, Path: "/trending",
			Summary: "Trending music (Brazil's most played songs, refreshed hourly)", Tags: []string{"trending"},
			Description: "503 trending_unavailable while no chart has ever been fetched from the source.",
			Security:    httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{503: {ports.CodeTrendingUnavailable}}),
		}, func(ctx context.Context, _ *struct{}) (*struct{ Body Trending }, error) {
			c, err := uc.List.Handle(ctx)
			if err != nil {
				return nil, httpkit.ProblemFrom(ctx, err)
			}
			out := Trending{Items: make([]Track, 0, len(c.Tracks)), UpdatedAt: c.UpdatedAt}
			for _, t := range c.Tracks {
				art := ""
				if t.AlbumArt != "" {
					if u := media.URL(ctx, &t.AlbumArt); u != nil {
						art = *u
					}
				}
				out.Items = append(out.Items, Track{ID: t.ID, Title: t.Title, Artist: t.Artist,
					AlbumArt: art, PreviewURL: t.PreviewURL, Link: t.Link})
			}
			return &struct{ Body Trending }{Body: out}, nil
		})
	}}
}
