package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	httpadapter "social/adapters/http"
	"social/adapters/jobs"
	"social/adapters/realtime"
	"social/config"
	"social/kit/httpkit"
)

// Option is the metrics module when metrics.enabled is on, else nothing.
func Option(cfg *config.Config) fx.Option {
	if !cfg.Metrics.Enabled {
		return fx.Options()
	}
	return Module
}

// Module provides the registry, observes every HTTP request (as
// httpadapter.RequestObserver), counts the jobs this node works, reads the
// queue's depth and the open sockets at each scrape, and mounts Path.
var Module = fx.Module("metrics",
	fx.Provide(
		New,
		func(m *Metrics) httpadapter.RequestObserver { return m },
		httpkit.AsMount(func(m *Metrics, cfg *config.Config) httpkit.Mount {
			return httpkit.Mount{Pattern: "GET " + Path, Handler: m.Handler(cfg.Metrics, cfg.Mode)}
		}),
	),
	fx.Invoke(register),
)

type registerParams struct {
	fx.In
	Lifecycle fx.Lifecycle
	Metrics   *Metrics
	Pool      *pgxpool.Pool
	Logger    *slog.Logger
	Jobs      *river.Client[pgx.Tx]
	JobStatus *jobs.Status
	Gateway   *realtime.Gateway
}

func register(p registerParams) {
	delivery := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "social_realtime_delivery_seconds",
		Help:    "Time from an event's publication, right after the write it reports committed, to its frame being written to a socket of this node.",
		Buckets: []float64{.001, .0025, .005, .01, .02, .03, .04, .05, .075, .1, .25, .5, 1, 2.5},
	})
	p.Gateway.ObserveDeliveries(func(d time.Duration) { delivery.Observe(d.Seconds()) })
	p.Metrics.Registry.MustRegister(
		delivery,
		newQueueDepth(p.Pool, p.Logger),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "social_realtime_sockets",
			Help: "WebSocket connections open on this node.",
		}, func() float64 { return float64(p.Gateway.Sockets()) }),
	)
	if !p.JobStatus.Works() {
		return // an insert-only client has no events
	}
	var cancel func()
	var done <-chan struct{}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			var events <-chan *river.Event
			events, cancel = p.Jobs.Subscribe(river.EventKindJobCompleted, river.EventKindJobFailed,
				river.EventKindJobCancelled, river.EventKindJobSnoozed)
			done = p.Metrics.WatchJobs(events)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			cancel()
			select {
			case <-done:
			case <-ctx.Done():
			}
			return nil
		},
	})
}
