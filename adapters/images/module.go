package images

import (
	"go.uber.org/fx"

	"social/core/ports"
)

// Module provides the ports.ImageCleaner with the default limits.
var Module = fx.Module("images", fx.Provide(
	fx.Annotate(func() *Cleaner { return New(Options{}) }, fx.As(new(ports.ImageCleaner))),
))
