package remoteimage

import (
	"go.uber.org/fx"

	"social/core/ports"
)

// Module provides the ports.RemoteImageFetcher on the one SSRF-safe client
// (provided by the link-preview module).
var Module = fx.Module("remoteimage",
	fx.Provide(fx.Annotate(New, fx.As(new(ports.RemoteImageFetcher)))),
)
