package http

import (
	"github.com/danielgtaylor/huma/v2"

	"social/kit/httpkit"
)

// LimitUpload is the middleware of a multipart upload operation
// (httpkit.LimitUpload, which plugins use too).
func LimitUpload(api huma.API, maxFile int64, anonymous, tooLarge func() error) func(ctx huma.Context, next func(huma.Context)) {
	return httpkit.LimitUpload(api, maxFile, anonymous, tooLarge)
}
