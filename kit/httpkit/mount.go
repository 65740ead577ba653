package httpkit

import (
	"net/http"

	"go.uber.org/fx"
)

// Mount is a plain handler outside the JSON API (served media, say),
// contributed through the http_mounts group with AsMount; the HTTP adapter
// serves it beside the API.
type Mount struct {
	// Pattern is a ServeMux pattern without a method, e.g. "/media/".
	Pattern string
	Handler http.Handler
	// OtherSites opens the handler to web apps on other sites (CORS for
	// any origin, without credentials; a cross-site write that carries no
	// cookie is let through): the protocols apps speak with a bearer token,
	// such as Mastodon's client API and OAuth's token endpoint.
	OtherSites bool
}

// AsMount contributes the Mount returned by constructor.
func AsMount(constructor any) any {
	return fx.Annotate(constructor, fx.ResultTags(`group:"http_mounts"`))
}
