package http

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/config"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// ProductName is how the product names itself to members ("Instalar social").
const ProductName = "social"

type metaOutput struct {
	Body struct {
		Product         string   `json:"product" doc:"Product name shown to members."`
		Version         string   `json:"version" doc:"Server version."`
		Mode            string   `json:"mode" enum:"development,production" doc:"Running mode."`
		Plugins         []string `json:"plugins" doc:"Feature plugins switched on."`
		DisabledPlugins []string `json:"disabled_plugins" doc:"Feature plugins switched off: their screens are hidden."`
	}
}

func registerMeta(api huma.API, cfg *config.Config, catalog plugin.Catalog) {
	huma.Register(api, huma.Operation{
		OperationID: "get-meta",
		Method:      http.MethodGet,
		Path:        APIPrefix + "/meta",
		Summary:     "Product name, version and feature switches",
		Tags:        []string{"meta"},
		Security:    httpkit.Public, Metadata: httpkit.Refuses(nil),
	}, func(context.Context, *struct{}) (*metaOutput, error) {
		out := &metaOutput{}
		out.Body.Product = ProductName
		out.Body.Version = config.Version
		out.Body.Mode = cfg.Mode
		out.Body.Plugins = catalog.Enabled()
		out.Body.DisabledPlugins = catalog.Disabled()
		return out, nil
	})
}
