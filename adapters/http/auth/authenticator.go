package auth

import (
	"context"
	"crypto/sha256"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"social/config"
	"social/core/domain"
	"social/core/ports"
	"social/kit/httpkit"
)

// Authenticator puts the viewer and the client's address in each request's
// context. A request without a valid bearer token (none, malformed,
// expired, of an ended session) goes on as nobody: operations that need a
// member answer 401 themselves, and public ones keep working for a client
// holding a stale token.
type Authenticator struct {
	tokens   *Tokens
	apps     ports.AppTokenChecker // nil: apps' tokens are not accepted
	sessions ports.SessionChecker
	cache    *SessionCache
	proxies  []netip.Prefix
	log      *slog.Logger
}

// NewAuthenticator reads http.trusted_proxies. cache may be nil: every
// request then asks sessions.
func NewAuthenticator(cfg *config.Config, tokens *Tokens, sessions ports.SessionChecker, cache *SessionCache, logger *slog.Logger) (*Authenticator, error) {
	a := &Authenticator{tokens: tokens, sessions: sessions, cache: cache, log: logger}
	for _, p := range cfg.HTTP.TrustedProxies {
		prefix, err := config.ParseTrustedProxy(p)
		if err != nil {
			return nil, err
		}
		a.proxies = append(a.proxies, prefix)
	}
	return a, nil
}

type loopbackPeerKey struct{}

// AcceptAppTokens makes the middleware read OAuth apps' access tokens
// through apps.
func (a *Authenticator) AcceptAppTokens(apps ports.AppTokenChecker) { a.apps = apps }

// FromLoopback tells whether the request's socket peer is on this machine's
// loopback. It is the socket, never a header: what development opens
// without a session (the mail outbox) is for the developer's own machine,
// not for whoever shares its network.
func FromLoopback(ctx context.Context) bool {
	loopback, _ := ctx.Value(loopbackPeerKey{}).(bool)
	return loopback
}

func peerIsLoopback(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	return err == nil && peer.Unmap().IsLoopback()
}

// ClientIP is the address of the client of the request being served
// (httpkit.ClientIP).
func ClientIP(ctx context.Context) string { return httpkit.ClientIP(ctx) }

// Middleware wraps the whole HTTP handler: Huma operations and plain
// handlers alike read domain.ViewerFrom and ClientIP from the context.
func (a *Authenticator) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := httpkit.WithClient(r.Context(), a.clientIP(r), r.UserAgent())
		ctx = context.WithValue(ctx, loopbackPeerKey{}, peerIsLoopback(r))
		token := bearer(r)
		if token == "" && strings.HasPrefix(r.URL.Path, ConsoleCookiePath) {
			token = consoleCookie(r)
		}
		if token != "" && a.apps != nil && !jwtShaped(token) {
			switch v, ok, err := a.appViewer(ctx, token); {
			case err != nil:
				ctx = httpkit.WithSessionUnchecked(ctx)
			case ok:
				ctx = httpkit.WithAppGrant(ctx, v)
			}
		} else if token != "" {
			switch v, ok, err := a.viewer(ctx, token); {
			case err != nil:
				ctx = httpkit.WithSessionUnchecked(ctx)
			case ok:
				ctx = domain.WithViewer(ctx, v)
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// jwtShaped tells a session's access token (a JWT: three dot-separated
// parts) from an app's (an opaque string without dots).
func jwtShaped(token string) bool { return strings.Count(token, ".") == 2 }

// appViewer checks an app's access token, through the session cache as a
// session is: a revocation or a suspension sends the member's access
// notice, which makes every node forget the token, and an entry never
// outlives the token's expiry.
func (a *Authenticator) appViewer(ctx context.Context, token string) (domain.Viewer, bool, error) {
	sum := sha256.Sum256([]byte(token))
	if a.cache != nil {
		if v, ok := a.cache.lookupApp(sum[:]); ok {
			return v, true, nil
		}
	}
	var epoch uint64
	if a.cache != nil {
		epoch = a.cache.begin()
	}
	access, ok, err := a.apps.AppViewer(ctx, sum[:])
	if err != nil {
		a.logCheckFailure(ctx, "check app token", err)
	}
	if ok && a.cache != nil {
		a.cache.storeApp(epoch, sum[:], access)
	}
	return access.Viewer, ok, err
}

// Viewer checks an access token and its session: signature and expiry,
// then a live session, whose account's current role wins over the token's.
// The middleware uses it for bearer headers; the realtime gateway for the
// token a browser puts in the WebSocket URL.
func (a *Authenticator) Viewer(ctx context.Context, token string) (domain.Viewer, bool) {
	v, ok, _ := a.viewer(ctx, token)
	return v, ok
}

// viewer is Viewer with the reason a valid token's session could not be
// checked (the database is unreachable): the request is then not anonymous
// but undecided, and SessionUnchecked says so.
func (a *Authenticator) viewer(ctx context.Context, token string) (domain.Viewer, bool, error) {
	v, err := a.tokens.Parse(token)
	if err != nil {
		a.log.DebugContext(ctx, "bearer token refused", "err", err)
		return domain.Viewer{}, false, nil
	}
	role, live, err := a.activeRole(ctx, v.SessionID, v.UserID)
	if err != nil {
		a.logCheckFailure(ctx, "check session of bearer token", err)
		return domain.Viewer{}, false, err
	}
	if !live {
		return domain.Viewer{}, false, nil
	}
	v.Role = role
	return v, true, nil
}

// logCheckFailure logs a token check that could not be made: an error,
// unless the check stopped only because the request's client left (a
// wave of clients giving up is not a database fault, and a line each
// would bury the ones that are).
func (a *Authenticator) logCheckFailure(ctx context.Context, msg string, err error) {
	if httpkit.Abandoned(ctx, err) {
		a.log.DebugContext(ctx, msg, "err", err)
		return
	}
	a.log.ErrorContext(ctx, msg, "err", err)
}

// activeRole is the session check, through the cache when there is one.
func (a *Authenticator) activeRole(ctx context.Context, session string, member domain.UserID) (domain.Role, bool, error) {
	if a.cache == nil {
		return a.sessions.ActiveRole(ctx, session, member)
	}
	if role, ok := a.cache.lookup(session, member); ok {
		return role, true, nil
	}
	epoch := a.cache.begin()
	role, live, err := a.sessions.ActiveRole(ctx, session, member)
	if err == nil && live {
		a.cache.store(epoch, session, member, role)
	}
	return role, live, err
}

// SessionUnchecked reports a request whose bearer token was valid but whose
// session could not be checked. A refusal for want of a session is then a
// 503, not a 401: a database blip must not sign members out.
func SessionUnchecked(ctx context.Context) bool { return httpkit.SessionUnchecked(ctx) }

// Live reports whether v's session is still open (signing out ends it),
// from the database, never the cache: it is asked when a notice says
// sessions may have ended. It answers true when it cannot tell, so a
// database blip drops nobody from a long-lived connection.
func (a *Authenticator) Live(ctx context.Context, v domain.Viewer) bool {
	_, live, err := a.sessions.ActiveRole(ctx, v.SessionID, v.UserID)
	if err != nil {
		a.log.WarnContext(ctx, "recheck session", "err", err)
		return true
	}
	return live
}

// AppViewer checks an app's access token as the middleware does for a
// bearer header: for the realtime gateway, whose Mastodon clients send it
// in the handshake's query or subprotocol.
func (a *Authenticator) AppViewer(ctx context.Context, token string) (domain.Viewer, bool) {
	if a.apps == nil || token == "" {
		return domain.Viewer{}, false
	}
	v, ok, _ := a.appViewer(ctx, token)
	return v, ok
}

// AppLive reports whether an app's token still acts for its member: not
// revoked, not expired, its member not suspended. It answers true when it
// cannot tell, as Live does.
func (a *Authenticator) AppLive(ctx context.Context, token string) bool {
	if a.apps == nil {
		return false
	}
	sum := sha256.Sum256([]byte(token))
	_, ok, err := a.apps.AppViewer(ctx, sum[:])
	if err != nil {
		a.log.WarnContext(ctx, "recheck app token", "err", err)
		return true
	}
	return ok
}

// ConsoleCookie carries the console's access token to the job dashboard,
// which the browser opens as a page (no Authorization header). The console
// writes it for ConsoleCookiePath only, SameSite=Strict; it is read there
// and nowhere else, and checked like a bearer token.
const (
	ConsoleCookie     = "social_console"
	ConsoleCookiePath = "/admin/jobs"
)

func consoleCookie(r *http.Request) string {
	c, err := r.Cookie(ConsoleCookie)
	if err != nil {
		return ""
	}
	return c.Value
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// clientIP is the socket's peer, unless the peer is a trusted proxy: then
// X-Forwarded-For is read from the right, skipping trusted proxies, and the
// first other address is the client (entries further left are whatever the
// client claimed).
func (a *Authenticator) clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	peer = peer.Unmap().WithZone("")
	if !a.trusted(peer) {
		return peer.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			break
		}
		if !a.trusted(hop) {
			return hop.String()
		}
		peer = hop
	}
	return peer.String()
}

func (a *Authenticator) trusted(ip netip.Addr) bool {
	for _, p := range a.proxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// parseHop reads one X-Forwarded-For entry: an address, with a port or
// IPv6 brackets as some proxies write them.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	a, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}
