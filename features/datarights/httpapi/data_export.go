package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	datarights "social/features/datarights/app"
	"social/kit/httpkit"
)

// DataExport is one export of the member's data, or null before the
// first (the schema says so through "_").
type DataExport struct {
	_           struct{}   `nullable:"true"`
	ID          string     `json:"id" format:"uuid"`
	Status      string     `json:"status" enum:"queued,building,ready,failed,expired" doc:"queued, building, ready (downloadable), failed (ask again), expired (the archive was removed)."`
	Step        *string    `json:"step" nullable:"true" doc:"What is being gathered while building: core, communities, stories, messages, rooms or archive."`
	Progress    int        `json:"progress" minimum:"0" maximum:"100"`
	SizeBytes   *int64     `json:"size_bytes" nullable:"true"`
	RequestedAt time.Time  `json:"requested_at"`
	FinishedAt  *time.Time `json:"finished_at" nullable:"true"`
	// ExpiresAt is when the archive is removed.
	ExpiresAt *time.Time `json:"expires_at" nullable:"true" doc:"When the archive is removed (ready exports)."`
}

// DataExportState is the member's latest export and what they may do.
type DataExportState struct {
	Export            *DataExport `json:"export" doc:"The latest export; null when none was asked for."`
	DownloadURL       *string     `json:"download_url" nullable:"true" doc:"Where the ready archive is downloaded (GET /api/v1/account/data-export/archive): it needs the member's session, like every account operation."`
	DownloadExpiresAt *time.Time  `json:"download_expires_at" nullable:"true" doc:"When the archive is removed and the download ends."`
	NextAt            *time.Time  `json:"next_at" nullable:"true" doc:"When a new export may be asked for; null when now (unless one is running)."`
}

func present(v datarights.ExportView) DataExportState {
	out := DataExportState{DownloadURL: v.DownloadURL, DownloadExpiresAt: v.DownloadExpiresAt, NextAt: v.NextAt}
	if e := v.Export; e != nil {
		d := &DataExport{ID: e.ID.String(), Status: string(e.Status), Progress: e.Progress, SizeBytes: e.SizeBytes,
			RequestedAt: e.RequestedAt, FinishedAt: e.FinishedAt, ExpiresAt: e.ExpiresAt}
		if e.Step != "" && e.Status.Running() {
			step := e.Step
			d.Step = &step
		}
		out.Export = d
	}
	return out
}

func registerGetDataExport(api huma.API, uc *datarights.GetExport) {
	huma.Register(api, huma.Operation{
		OperationID: "get-data-export", Method: http.MethodGet, Path: "/account/data-export",
		Summary:     "The viewer's latest export of their data",
		Description: "Its progress while it is built; where to download it (with the session) while its archive is kept.",
		Tags:        []string{"account"}, Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body DataExportState }, error) {
		v, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body DataExportState }{Body: present(v)}, nil
	})
}

func registerRequestDataExport(api huma.API, uc *datarights.RequestExport) {
	huma.Register(api, huma.Operation{
		OperationID: "request-data-export", Method: http.MethodPost, Path: "/account/data-export",
		DefaultStatus: http.StatusAccepted,
		Summary:       "Ask for an export of the viewer's data",
		Description: "A zip archive of the profile, posts, comments, likes, follows, communities, stories, " +
			"direct messages and uploaded files is built in the background; one at a time, and at most once per " +
			"data_rights.export_every.",
		Tags: []string{"account"}, Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(httpkit.Refusals{
			http.StatusConflict:        {datarights.CodeExportRunning},
			http.StatusTooManyRequests: {datarights.CodeExportRateLimited},
		}),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body DataExportState }, error) {
		e, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body DataExportState }{Body: present(datarights.ExportView{Export: &e})}, nil
	})
}
