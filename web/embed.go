//go:build embedui

package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist/app all:dist/admin all:dist/apidocs
var dist embed.FS

func init() {
	App = sub("dist/app")
	Admin = sub("dist/admin")
	APIDocs = sub("dist/apidocs")
}

func sub(dir string) fs.FS {
	f, err := fs.Sub(dist, dir)
	if err != nil {
		panic(err)
	}
	return f
}
