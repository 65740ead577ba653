// Package web exposes the built frontends (vite output under web/dist) to the
// HTTP adapter. They are embedded only in binaries built with the `embedui`
// tag (make build); other builds, such as plain `go test`, serve a notice.
package web

import "io/fs"

// App, Admin and APIDocs are the member SPA, the admin console and the API
// reference; nil when the binary was built without them.
var (
	App     fs.FS
	Admin   fs.FS
	APIDocs fs.FS
)
