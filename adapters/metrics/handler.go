package metrics

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"social/config"
	"social/core/errs"
	"social/kit/httpkit"
)

// Path is where the metrics are served.
const Path = "/metrics"

// Handler serves the registry in Prometheus' text format. With
// metrics.token set, only a request bearing it is served; without one the
// endpoint is open in development and closed in production, so a
// production node never shows its figures to the internet by default.
func (m *Metrics) Handler(cfg config.Metrics, mode string) http.Handler {
	serve := promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
	token := cfg.Token
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case token != "":
			got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
				httpkit.WriteProblem(w, httpkit.ProblemFrom(r.Context(), errs.Unauthenticated(codeMetricsUnauthorized, msgMetricsUnauthorized)))
				return
			}
		case mode == config.ModeProduction:
			httpkit.WriteProblem(w, httpkit.ProblemFrom(r.Context(), errs.Forbidden(codeMetricsClosed, msgMetricsClosed)))
			return
		}
		serve.ServeHTTP(w, r)
	})
}
