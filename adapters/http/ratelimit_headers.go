package http

import (
	"fmt"
	"math"
	"net/http"
	"strings"

	"social/core/ports"
)

// withRateLimitHeaders lets an API request's rate limits speak: the
// limiter adds each rule a request counted against to the report in the
// context, and the answer carries them in the IETF httpapi headers
// (draft-ietf-httpapi-ratelimit-headers), besides the Retry-After of a 429:
//
//	RateLimit-Policy: "comment_create_member";q=20;w=60
//	RateLimit: "comment_create_member";r=19;t=60
//
// q attempts per w seconds; r attempts left, t seconds until the whole
// quota is back. The WebSocket path is left alone (it is hijacked).
func withRateLimitHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, APIPrefix+"/") || r.URL.Path == APIPrefix+"/realtime" {
			next.ServeHTTP(w, r)
			return
		}
		ctx, report := ports.WithRateReport(r.Context())
		next.ServeHTTP(&rateLimitWriter{ResponseWriter: w, report: report}, r.WithContext(ctx))
	})
}

type rateLimitWriter struct {
	http.ResponseWriter
	report  *ports.RateReport
	written bool
}

func (w *rateLimitWriter) WriteHeader(status int) {
	if !w.written {
		w.written = true
		if usage := w.report.Usage(); len(usage) > 0 {
			policies := make([]string, len(usage))
			left := make([]string, len(usage))
			for i, u := range usage {
				policies[i] = fmt.Sprintf("%q;q=%d;w=%d", u.Rule.Bucket, u.Rule.Limit, seconds(u.Rule.Window.Seconds()))
				left[i] = fmt.Sprintf("%q;r=%d;t=%d", u.Rule.Bucket, max(u.Remaining, 0), seconds(u.Reset.Seconds()))
			}
			w.Header().Set("RateLimit-Policy", strings.Join(policies, ", "))
			w.Header().Set("RateLimit", strings.Join(left, ", "))
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *rateLimitWriter) Write(b []byte) (int, error) {
	if !w.written {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach Flush.
func (w *rateLimitWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func seconds(s float64) int { return int(math.Ceil(max(s, 0))) }
