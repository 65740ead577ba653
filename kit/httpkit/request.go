package httpkit

import (
	"context"
	"log/slog"
)

type ctxKey int

const (
	requestKey ctxKey = iota
	sessionUncheckedKey
	clientIPKey
	userAgentKey
)

// request is what WithRequest puts in a context.
type request struct {
	id     string
	logger *slog.Logger
}

// WithRequest puts the request's ID and the logger of its lines in ctx;
// the HTTP adapter's middleware calls it once per request.
func WithRequest(ctx context.Context, id string, logger *slog.Logger) context.Context {
	return context.WithValue(ctx, requestKey, request{id: id, logger: logger})
}

// RequestID is the ID of the request being served, or "".
func RequestID(ctx context.Context) string {
	r, _ := ctx.Value(requestKey).(request)
	return r.id
}

// LoggerFrom is the request's logger, carrying the request ID. It is made
// here, when something is logged, not for every request.
func LoggerFrom(ctx context.Context) *slog.Logger {
	if r, ok := ctx.Value(requestKey).(request); ok && r.logger != nil {
		return r.logger.With("request_id", r.id)
	}
	return slog.Default()
}

// WithSessionUnchecked marks a request whose bearer token was valid but
// whose session could not be checked (the database did not answer).
func WithSessionUnchecked(ctx context.Context) context.Context {
	return context.WithValue(ctx, sessionUncheckedKey, true)
}

// SessionUnchecked reports a request marked by WithSessionUnchecked. A
// refusal for want of a session is then a 503, not a 401: a database blip
// must not sign members out.
func SessionUnchecked(ctx context.Context) bool {
	v, _ := ctx.Value(sessionUncheckedKey).(bool)
	return v
}

// WithClient puts the client's address and User-Agent in ctx; the
// authenticator's middleware calls it once per request, having decided
// which address to believe (http.trusted_proxies).
func WithClient(ctx context.Context, ip, userAgent string) context.Context {
	ctx = context.WithValue(ctx, clientIPKey, ip)
	return context.WithValue(ctx, userAgentKey, userAgent)
}

// ClientIP is the address of the client of the request being served.
func ClientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey).(string)
	return ip
}

// UserAgent is the User-Agent header of the request being served (what a
// member's list of sessions names devices by).
func UserAgent(ctx context.Context) string {
	ua, _ := ctx.Value(userAgentKey).(string)
	return ua
}
