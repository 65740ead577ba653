package images

import (
	"go.uber.org/fx"

	"social/core/ports"
)

// Module provides the ports.ImageCleaner and the ports.ImageVariants with
// the default limits: one Cleaner, so that cleaning and copying share its
// decoding slots.
var Module = fx.Module("images", fx.Provide(
	fx.Annotate(func() *Cleaner { return New(Options{}) }, fx.As(new(ports.ImageCleaner)), fx.As(new(ports.ImageVariants))),
))
