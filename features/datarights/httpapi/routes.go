package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	datarights "social/features/datarights/app"
	"social/kit/plugin"
)

// EraseBatch is how many rows one erasing transaction removes: small
// enough to hold row locks briefly, large enough to finish quickly.
const EraseBatch = 500

// UseCases are the data-rights operations and jobs.
type UseCases struct {
	Request *datarights.RequestExport
	Get     *datarights.GetExport
	// Download streams the ready archive to the signed-in member.
	Download *datarights.DownloadExport
	Build    *datarights.BuildExport
	Prune    *datarights.Prune
	Delete   *datarights.DeleteAccount
	Erase    *datarights.EraseMember
}

// NewRoutes contributes the /api/v1/account operations.
func NewRoutes(uc UseCases) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerGetDataExport(api, uc.Get)
		registerRequestDataExport(api, uc.Request)
		registerDownloadDataExport(api, uc.Download)
		registerDeleteAccount(api, uc.Delete)
	}}
}
