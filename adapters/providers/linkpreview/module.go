package linkpreview

import (
	"go.uber.org/fx"

	"social/adapters/providers/safefetch"
	"social/core/ports"
)

// Module provides the SSRF-safe fetch client (for any server-side fetch of
// a member's URL) and the ports.LinkPreviewer built on it.
var Module = fx.Module("linkpreview",
	fx.Provide(
		func() *safefetch.Client { return safefetch.New(safefetch.Options{}) },
		fx.Annotate(func(c *safefetch.Client) *Previewer { return New(c, Options{}) }, fx.As(new(ports.LinkPreviewer))),
	),
)
