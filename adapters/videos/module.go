package videos

import (
	"go.uber.org/fx"

	"social/core/ports"
)

// Module provides the ports.VideoChecker with the default limits.
var Module = fx.Module("videos", fx.Provide(
	fx.Annotate(func() *Checker { return New(Options{}) }, fx.As(new(ports.VideoChecker))),
))
