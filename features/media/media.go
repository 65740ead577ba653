// Package media is the media feature: signed links to stored files, many at once.
// Its use cases are in app/, its route in httpapi/; this file wires them.
package media

import (
	"go.uber.org/fx"

	"social/features/media/httpapi"
	"social/kit/plugin"
)

// Module contributes the operation.
var Module = fx.Module("mediaapi", fx.Provide(plugin.AsRoutes(httpapi.NewRoutes)))
