package http

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.uber.org/fx"
	"riverqueue.com/riverui"

	"social/adapters/jobs"
	"social/config"
	"social/core/ports"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/web"
)

// Module provides the mux, the Huma API, the root handler and the server
// (and httpkit.Serving once the server is built). The media links it
// answers with come from the database graph (assembly.Database).
var Module = fx.Module("http",
	fx.Provide(
		http.NewServeMux,
		NewAPI,
		NewRoleAdminGate,
		newRootHandler,
		NewServer,
		func(*Server) httpkit.Serving { return httpkit.Serving{} },
		// Idempotency-Keys for every door that creates (the Mastodon
		// client API's statuses too).
		httpkit.NewIdempotency,
	),
)

type rootParams struct {
	fx.In
	Lifecycle fx.Lifecycle
	Config    *config.Config
	Logger    *slog.Logger
	Mux       *http.ServeMux
	API       huma.API
	Gate      AdminGate
	Catalog   plugin.Catalog
	Contrib   plugin.Contributions
	Pool      *pgxpool.Pool
	Jobs      *river.Client[pgx.Tx]
	JobStatus *jobs.Status
	Mounts    []httpkit.Mount `group:"http_mounts"`
	// Observer, when provided (metrics), sees every request right around
	// the mux, where the request carries its matched pattern.
	Observer RequestObserver `optional:"true"`
	// ReadRouting, when provided, marks each request for the read
	// replica's router (read-your-writes).
	ReadRouting ReadRouting          `optional:"true"`
	Ready       []httpkit.ReadyCheck `group:"readiness_checks"`
	// Blobs is the media store, whose links' origin the
	// Content-Security-Policy admits.
	Blobs ports.BlobStore `optional:"true"`
	// MediaSources are the plugins' audio and video origins the
	// Content-Security-Policy admits besides the media store.
	MediaSources []plugin.MediaSources `group:"csp_media_sources"`
}

// ReadRouting wraps the mux to tell the read replica's router what each
// request must see.
type ReadRouting interface {
	Wrap(next http.Handler) http.Handler
}

// RequestObserver wraps the mux to watch every request.
type RequestObserver interface {
	Observe(next http.Handler) http.Handler
}

// newRootHandler mounts everything on the mux and wraps it in the middleware
// every answer goes through.
func newRootHandler(p rootParams) (_ http.Handler, err error) {
	defer func() {
		// A contribution breaking the plugin contract (an OperationID
		// without its plugin prefix, a duplicate route) fails the start.
		if v := recover(); v != nil {
			err = fmt.Errorf("mount API routes: %v", v)
		}
	}()
	registerMeta(p.API, p.Config, p.Catalog)
	mountContributions(p.API, p.Contrib, p.Gate)

	jobsUI, err := riverui.NewHandler(&riverui.HandlerOpts{
		Endpoints: riverui.NewEndpoints(p.Jobs, nil),
		Logger:    p.Logger.With("component", "jobs-ui"),
		Prefix:    "/admin/jobs",
	})
	if err != nil {
		return nil, err
	}
	// The dashboard is not started: started, it counts every job of the
	// table by state every ten seconds on every node, for as long as the
	// process lives, whether anyone looks or not (a sequential scan of
	// the day's jobs, hundreds of milliseconds of the database's time at
	// a few hundred thousand). Not started, it counts when an operator
	// opens it.

	// Patterns without a method: a method-specific pattern would overlap the
	// path-specific ones (/api/, /admin/jobs/) and the mux refuses that.
	mux := p.Mux
	mux.HandleFunc("GET /healthz", healthz)
	mux.HandleFunc("GET /readyz", readyz(p.Pool, p.JobStatus, p.Ready))
	mux.HandleFunc("/api/", apiFallback(mux))
	mux.Handle("/api/docs/", frontend(web.APIDocs, "/api/docs"))
	mux.Handle("GET /api/docs", http.RedirectHandler("/api/docs/", http.StatusMovedPermanently))
	mux.Handle("/admin/jobs", guardHandler(p.Gate, "jobs", jobsUI))
	mux.Handle("/admin/jobs/", guardHandler(p.Gate, "jobs", jobsUI))
	mux.Handle("/admin/", frontend(web.Admin, "/admin"))
	mux.Handle("GET /admin", http.RedirectHandler("/admin/", http.StatusMovedPermanently))
	mux.Handle("/", frontend(web.App, ""))
	for _, m := range p.Mounts {
		mux.Handle(m.Pattern, m.Handler)
	}

	var h http.Handler = withReadDeadlineEndingWithBody(mux)
	if p.ReadRouting != nil {
		h = p.ReadRouting.Wrap(h)
	}
	h = withStorableText(h)
	open := newOpenEndpoints(p.Mounts)
	h = withSameOrigin(p.Config.HTTP.PublicURL, open, h)
	h = withOtherSites(open, h)
	if p.Observer != nil {
		h = p.Observer.Observe(h)
	}
	h = withChangesKeptWhenClientLeaves(changeAfterClientLeft, h)
	h = withCompressedReads(h)
	// Outside the observer: it gives the request a new context, and the
	// observer reads the pattern the mux writes on the request it gets.
	h = withRateLimitHeaders(h)
	h = withRecover(h)
	h = withAccessLog(p.Logger, p.Config.AllRequestsLogged(), h)
	h = withRequestID(p.Logger, h)
	origin, err := mediaOrigin(context.Background(), p.Blobs, p.Config.HTTP.PublicURL)
	if err != nil {
		return nil, err
	}
	var playFrom []string
	for _, m := range p.MediaSources {
		playFrom = append(playFrom, m.Sources...)
	}
	h = withSecurityHeaders(ContentSecurityPolicy(origin, playFrom...), h)
	return h, nil
}
