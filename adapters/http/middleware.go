package http

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"social/core/ports"
	"social/kit/httpkit"
)

// withRequestID keeps a sane incoming X-Request-ID (a proxy's) or makes one,
// echoes it in the answer and puts it, with the logger that will carry it,
// in the context. It runs on every request, so it costs little: the logger
// carrying the ID is made only when something is logged
// (httpkit.LoggerFrom).
func withRequestID(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-ID")
		if !validRequestID(id) {
			id = newRequestID()
		}
		w.Header().Set("X-Request-ID", id)
		ctx := httpkit.WithRequest(r.Context(), id, logger)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// validRequestID reports an ID of 1 to 64 letters, digits, dots, dashes
// and underscores: what a proxy's ID may be to be logged as it is.
func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := range len(id) {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// newRequestID is 24 hex digits. It only has to tell requests apart in
// logs, not to be unguessable, so it comes from the runtime's fast
// generator rather than the kernel's.
func newRequestID() string {
	var b [12]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
	binary.LittleEndian.PutUint32(b[8:], rand.Uint32())
	return hex.EncodeToString(b[:])
}

// withAccessLog logs one line per request; health probes only at debug
// level. With all false (log.requests, quiet by default in development)
// a successful answer (below 400) goes to debug too, so that only
// refusals (info) and server errors (error) fill the terminal. The request
// ID is one of the line's attributes rather than carried by a logger made
// for each request. A 503 with Retry-After is the server turning work away
// on purpose (more than it takes at once, as the federation inbox does
// under a flood): it goes to debug like a success, or a flood would
// become as many error lines; the metrics count it by route and status.
func withAccessLog(logger *slog.Logger, all bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &httpkit.StatusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := slog.LevelInfo
		if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" || (!all && rec.Status < 400) {
			level = slog.LevelDebug
		}
		switch {
		case turnedAway(rec):
			level = slog.LevelDebug
		case rec.Status >= 500:
			level = slog.LevelError
		}
		if !logger.Enabled(r.Context(), level) {
			return
		}
		logger.LogAttrs(r.Context(), level, "http request", slog.String("request_id", httpkit.RequestID(r.Context())),
			slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Int("status", rec.Status),
			slog.Int64("bytes", int64(rec.Bytes)), slog.Int64("duration_ms", time.Since(start).Milliseconds()),
			slog.String("remote", r.RemoteAddr))
	})
}

// turnedAway reports whether the answer is a deliberate 503: the server
// asks the client to come back after Retry-After.
func turnedAway(rec *httpkit.StatusRecorder) bool {
	return rec.Status == http.StatusServiceUnavailable && rec.Header().Get("Retry-After") != ""
}

// withRecover turns a panic into a 500 problem; the stack goes to the log only.
func withRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				httpkit.LoggerFrom(r.Context()).Error("panic serving request", "panic", v, "stack", string(debug.Stack()))
				httpkit.WriteProblem(w, statusProblem(r.Context(), http.StatusInternalServerError))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// ContentSecurityPolicy allows no inline script and no framing. Inline styles
// stay allowed: component libraries set style attributes. Images and media
// come from this server only (and data:/blob: addresses the app makes
// itself), plus mediaOrigin when the media store's links point at another
// origin (an S3 service or a CDN): a picture or a stream from anywhere else
// would tell its host who looks at what, so outside pictures (link
// previews, chart artwork) are copied into the store first. playFrom are
// further media-src sources features and plugins need (plugin.MediaSources:
// a live radio stream or a chart's preview clip plays only from its own
// host, on a member's press); images never get them. A source named twice
// is written once.
func ContentSecurityPolicy(mediaOrigin string, playFrom ...string) string {
	media := ""
	if mediaOrigin != "" {
		media = " " + mediaOrigin
	}
	played := media
	seen := map[string]bool{}
	for _, s := range playFrom {
		if !seen[s] {
			seen[s] = true
			played += " " + s
		}
	}
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:" + media + "; media-src 'self' blob:" + played + "; font-src 'self' data:; connect-src 'self'; " +
		"worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
}

// mediaOrigin is the origin of the media store's links when it is not the
// server's own (publicURL): the store is asked for a link, computed
// locally, so the answer is the origin browsers will really load. Empty
// when the links are relative or on publicURL.
func mediaOrigin(ctx context.Context, blobs ports.BlobStore, publicURL string) (string, error) {
	if blobs == nil {
		return "", nil
	}
	link, err := blobs.SignedURL(ctx, "origin-probe/probe.jpg", time.Minute)
	if err != nil {
		return "", fmt.Errorf("media store link: %w", err)
	}
	u, err := url.Parse(link)
	if err != nil {
		return "", fmt.Errorf("media store link: %w", err)
	}
	if u.Scheme == "" || u.Host == "" {
		return "", nil
	}
	origin := strings.ToLower(u.Scheme + "://" + u.Host)
	if own, err := url.Parse(publicURL); err == nil && strings.ToLower(own.Scheme+"://"+own.Host) == origin {
		return "", nil
	}
	return origin, nil
}

// withSecurityHeaders sets the headers every answer carries, errors included.
func withSecurityHeaders(csp string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}
