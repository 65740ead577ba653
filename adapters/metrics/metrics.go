package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"social/kit/httpkit"
)

// Metrics holds this process's registry and the collectors other parts
// feed. Every node has its own; Prometheus scrapes each node and sums.
type Metrics struct {
	Registry *prometheus.Registry

	requests    *prometheus.CounterVec
	reqDuration *prometheus.HistogramVec
	inFlight    prometheus.Gauge
	jobs        *prometheus.CounterVec
	jobDuration *prometheus.HistogramVec
	jobWait     *prometheus.HistogramVec
}

// New makes a registry with the Go runtime and process collectors and
// this package's request and job metrics.
func New() *Metrics {
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "social_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status code.",
		}, []string{"method", "route", "status"}),
		reqDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "social_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by method and route pattern (WebSocket upgrades excluded).",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "social_http_requests_in_flight",
			Help: "HTTP requests being answered now.",
		}),
		jobs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "social_jobs_total",
			Help: "Jobs this node worked, by kind and outcome (completed, failed, cancelled, snoozed).",
		}, []string{"kind", "outcome"}),
		jobDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "social_job_run_duration_seconds",
			Help:    "Time a job's worker ran, by kind.",
			Buckets: []float64{.01, .05, .1, .5, 1, 5, 15, 60, 300},
		}, []string{"kind"}),
		jobWait: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "social_job_queue_wait_seconds",
			Help:    "Time a job waited, available, before a worker took it, by kind.",
			Buckets: []float64{.01, .05, .1, .5, 1, 5, 15, 60, 300},
		}, []string{"kind"}),
	}
	m.Registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.reqDuration, m.inFlight, m.jobs, m.jobDuration, m.jobWait,
	)
	return m
}

// Observe counts and times each request. It must wrap the mux directly:
// the mux writes the matched pattern into the very request it was given,
// and the pattern (never the raw path) is the route label, so the number
// of series stays bounded.
func (m *Metrics) Observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		// A WebSocket's handler returns when the socket closes: sockets
		// are counted by social_realtime_sockets, not as requests in flight.
		upgrade := r.Header.Get("Upgrade") != ""
		if !upgrade {
			m.inFlight.Inc()
			defer m.inFlight.Dec()
		}
		rec := &httpkit.StatusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		method, route := methodLabel(r.Method), routeLabel(r.Pattern)
		status := rec.Status
		if status == 0 {
			// Hijacked (a WebSocket) or nothing written: net/http sends 200
			// for the latter; a socket's lifetime is no answer time.
			if upgrade {
				m.requests.WithLabelValues(method, route, "101").Inc()
				return
			}
			status = http.StatusOK
		}
		m.requests.WithLabelValues(method, route, statusLabel(status)).Inc()
		m.reqDuration.WithLabelValues(method, route).Observe(time.Since(start).Seconds())
	})
}

// Every label comes from a closed set: a client that makes up methods or
// paths must not be able to add series (each costs memory in this process
// and in every scrape). Methods outside the standard ones are "other";
// routes are the mux's registered patterns, "unmatched" otherwise; a status
// is its code when net/http knows it, else its class.
var knownMethods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPost: true, http.MethodPut: true,
	http.MethodPatch: true, http.MethodDelete: true, http.MethodOptions: true,
	http.MethodConnect: true, http.MethodTrace: true,
}

func methodLabel(method string) string {
	if knownMethods[method] {
		return method
	}
	return "other"
}

// routeLabel trusts r.Pattern because only patterns registered on the mux
// (a fixed list built at start) can appear there.
func routeLabel(pattern string) string {
	if pattern == "" {
		return "unmatched"
	}
	return pattern
}

func statusLabel(status int) string {
	if http.StatusText(status) != "" {
		return strconv.Itoa(status)
	}
	if status >= 100 && status < 600 {
		return strconv.Itoa(status/100) + "xx"
	}
	return "other"
}
