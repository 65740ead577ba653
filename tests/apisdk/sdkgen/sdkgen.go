// Package sdkgen generates the Go client of the API (package apisdk) from
// the OpenAPI document the server builds, with oapi-codegen, the way an
// integrator would generate theirs.
package sdkgen

import (
	"fmt"
	"io"
	"log/slog"

	"github.com/danielgtaylor/huma/v2"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
	"go.uber.org/fx"

	"social/assembly"
	"social/config"
	"social/kit/plugin"
	"social/plugins"
)

// Source is the client's Go source, generated from the document of the
// default configuration with every plugin (as `social openapi` prints it),
// downgraded to OpenAPI 3.0, which oapi-codegen reads.
func Source() ([]byte, error) {
	cfg, err := config.Load("", plugin.ConfigSections(plugins.All())...)
	if err != nil {
		return nil, err
	}
	var api huma.API
	// Building the app without starting it registers every route.
	app := fx.New(assembly.Server(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), plugins.All()),
		fx.Populate(&api), fx.NopLogger)
	if err := app.Err(); err != nil {
		return nil, err
	}
	raw, err := api.OpenAPI().Downgrade()
	if err != nil {
		return nil, fmt.Errorf("downgrade the document: %w", err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		return nil, fmt.Errorf("load the document: %w", err)
	}
	code, err := codegen.Generate(doc, codegen.Configuration{
		PackageName: "apisdk",
		Generate:    codegen.GenerateOptions{Client: true, Models: true},
	})
	if err != nil {
		return nil, fmt.Errorf("generate the client: %w", err)
	}
	return []byte(code), nil
}
