package httpapi

import (
	"context"
	"io"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	datarights "social/features/datarights/app"
	"social/kit/httpkit"
)

func registerDownloadDataExport(api huma.API, uc *datarights.DownloadExport) {
	huma.Register(api, huma.Operation{
		OperationID: "download-data-export", Method: http.MethodGet, Path: "/account/data-export/archive",
		Summary: "Download the viewer's latest data archive",
		Description: "The zip of the latest ready export, while it is kept, to the member whose session asks " +
			"(Authorization: Bearer): there is no link that works without the session, nor after sign-out. " +
			"Answered with Cache-Control: no-store.",
		Tags: []string{"account"}, Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(httpkit.Refusals{http.StatusNotFound: {datarights.CodeExportNotFound}}),
		Responses: map[string]*huma.Response{"200": {
			Description: "The archive (a zip file).",
			Content:     map[string]*huma.MediaType{"application/zip": {}},
			Headers: map[string]*huma.Param{
				"Cache-Control":       {Description: "no-store: nothing on the way keeps a copy.", Schema: &huma.Schema{Type: "string"}},
				"Content-Disposition": {Description: "attachment, with the file's name.", Schema: &huma.Schema{Type: "string"}},
			},
		}},
	}, func(ctx context.Context, _ *struct{}) (*huma.StreamResponse, error) {
		a, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hc huma.Context) {
			defer a.Body.Close()
			hc.SetHeader("Content-Type", "application/zip")
			hc.SetHeader("Content-Disposition", `attachment; filename="`+a.Name+`"`)
			hc.SetHeader("Cache-Control", "no-store")
			hc.SetHeader("Content-Length", strconv.FormatInt(a.Size, 10))
			hc.SetStatus(http.StatusOK)
			_, _ = io.Copy(hc.BodyWriter(), a.Body)
		}}, nil
	})
}
