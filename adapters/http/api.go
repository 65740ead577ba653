package http

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"social/config"
	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/platform/jsonwire"
)

// APIPrefix is where every operation lives.
const APIPrefix = "/api/v1"

// APIVersion is the document's version: the API's, which stays the same
// for every build of the same routes (the build's own version is served by
// GET /api/v1/meta), so that the document built from a source tree is the same
// whatever the build's flags.
const APIVersion = "1"

// NewAPI creates the Huma API on mux. The OpenAPI 3.1 document is served at
// /api/openapi.json; Huma's own docs page is off because it loads its
// renderer from a CDN (the embedded reference at /api/docs replaces it).
//
// Every operation states its security and its refusals; documentOperation
// completes its entry from them as it is registered, and the server is
// http.public_url. Operations need a bearer token unless they say
// otherwise (top-level security).
func NewAPI(mux *http.ServeMux, conf *config.Config, keys ports.IdempotencyKeys) huma.API {
	installHumaErrors()
	cfg := huma.DefaultConfig("social API", APIVersion)
	cfg.Info.Description = "API of social, a Brazilian-Portuguese social network. " +
		"Errors are application/problem+json with a stable `code` and a pt-BR `detail`; " +
		"each error response lists the codes it may carry (also in `x-error-codes`). " +
		"Operations need a session's access token as bearer unless they state otherwise; " +
		"staff-only operations say so and carry `x-staff-role`. Creating operations accept an " +
		"`Idempotency-Key` header; rate-limited ones send `RateLimit-Policy` and `RateLimit`."
	cfg.Servers = []*huma.Server{{URL: strings.TrimRight(conf.HTTP.PublicURL, "/"),
		Description: "This server (http.public_url)."}}
	cfg.Security = httpkit.Bearer
	cfg.OnAddOperation = append(cfg.OnAddOperation, documentOperation)
	cfg.OpenAPIPath = "/api/openapi"
	cfg.DocsPath = ""
	cfg.SchemasPath = ""
	// No $schema links in bodies: clients get plain objects.
	cfg.CreateHooks = nil
	// Answers are written as Huma's default writes them; the busiest ones
	// (a feed page) write themselves without reflection (jsonwire).
	wire := huma.Format{Marshal: jsonwire.Marshal, Unmarshal: huma.DefaultJSONFormat.Unmarshal}
	cfg.Formats = map[string]huma.Format{"application/json": wire, "json": wire}
	api := humago.New(mux, cfg)
	api.UseMiddleware(appScopes(api), refuseBodyEarly(api), storableBody(), idempotencyMiddleware(api, keys))
	return api
}

// appScopes lets an OAuth app's token act as its member only on the
// operations that name scopes it covers (httpkit.Scoped): a token without
// any of them is refused 403 insufficient_scope; on an operation that
// names none, the request stays anonymous, so an app's token reaches
// nothing but what was opened to apps. A member's own session is
// untouched.
func appScopes(api huma.API) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		v, ok := httpkit.AppGrant(ctx.Context())
		need := httpkit.ScopesOf(ctx.Operation().Metadata)
		if !ok || need == 0 {
			next(ctx)
			return
		}
		if !v.Scopes.Covers(need) {
			p := httpkit.ProblemFrom(ctx.Context(), errs.Forbidden(errs.CodeInsufficientScope, errs.MsgInsufficientScope))
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
			return
		}
		next(huma.WithContext(ctx, domain.WithViewer(ctx.Context(), v)))
	}
}

// AdminGate decides who may use the admin API and the job dashboard.
type AdminGate interface {
	// Allow returns nil, or the problem to answer with.
	Allow(ctx context.Context, req AdminRequest) error
}

// mountContributions registers core's and the plugins' routes and admin
// resources. A plugin's operations must carry its name as OperationID prefix.
func mountContributions(api huma.API, c plugin.Contributions, gate AdminGate) {
	for _, r := range c.Routes {
		prefix := APIPrefix
		if r.Plugin != "" {
			prefix += "/" + r.Plugin
		}
		g := huma.NewGroup(api, prefix)
		if r.Plugin != "" {
			g.UseSimpleModifier(requireOperationPrefix(r.Plugin))
		}
		r.Register(g)
	}
	for _, res := range c.AdminResources {
		g := huma.NewGroup(api, APIPrefix+"/admin/"+res.Name)
		g.UseMiddleware(adminMiddleware(api, gate, res))
		g.UseSimpleModifier(func(o *huma.Operation) {
			o.Tags = appendOnce(o.Tags, "admin")
			role := string(domain.RoleAdmin)
			if res.Moderators || plugin.OpenToModerators(o) {
				role = string(domain.RoleModerator)
			}
			staffOnly(o, role)
		})
		res.Register(g)
	}
}

func requireOperationPrefix(pluginName string) func(o *huma.Operation) {
	return func(o *huma.Operation) {
		if !strings.HasPrefix(o.OperationID, pluginName+"-") {
			panic(fmt.Sprintf("plugin %s: operation %q must have an OperationID starting with %q",
				pluginName, o.OperationID, pluginName+"-"))
		}
		o.Tags = appendOnce(o.Tags, pluginName)
	}
}

func appendOnce(tags []string, tag string) []string {
	if slices.Contains(tags, tag) {
		return tags
	}
	return append(tags, tag)
}

// adminMiddleware asks the gate before every admin operation: moderators
// when the resource or the operation is open to them, else administrators.
func adminMiddleware(api huma.API, gate AdminGate, res plugin.AdminResource) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		need := domain.RoleAdmin
		if res.Moderators || plugin.OpenToModerators(ctx.Operation()) {
			need = domain.RoleModerator
		}
		req := AdminRequest{Resource: res.Name, Need: need, Method: ctx.Method()}
		if err := gate.Allow(ctx.Context(), req); err != nil {
			p := httpkit.ProblemFrom(ctx.Context(), err)
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
			return
		}
		next(ctx)
	}
}
