// Package wire is the session answer (schemas Session and SessionUser), its
// presenter and the cookies it sets: the same for every way a session
// opens, the password sign-in and the features that open one another way
// (the second step, passkeys).
package wire

import (
	"net/http"
	"strings"
	"time"

	"social/config"
	"social/core/ports"
)

// The refresh cookie of the SPA: HttpOnly (scripts never see the token),
// SameSite=Strict, sent only to the auth endpoints, Secure when the site is
// served over https.
const (
	RefreshCookie     = "social_refresh"
	RefreshCookiePath = "/api/v1/auth"
)

// The session-hint cookie: "1" beside the refresh cookie, with its lifetime,
// readable by the SPA's scripts. It says only that a refresh is worth
// trying, so the page's first script can start restoring the session while
// the app's code downloads; an anonymous visitor without it is spared a
// refresh that could only be refused. It carries no secret.
const (
	SessionHintCookie = "social_session"
	sessionHintPath   = "/"
)

// The known-device cookie: a random token a successful password sign-in
// sets for a year, HttpOnly, SameSite=Strict, sent only to the auth
// endpoints. A right password from a device carrying it passes the
// sign-in limits others' failures filled (accounts.SignInGuard).
const (
	DeviceCookie    = "social_device"
	deviceCookieAge = 365 * 24 * time.Hour
)

// Cookies writes the refresh and known-device cookies.
type Cookies struct {
	secure bool
	clock  ports.Clock
}

// NewCookies reads http.public_url.
func NewCookies(cfg *config.Config, clock ports.Clock) *Cookies {
	return &Cookies{secure: strings.HasPrefix(cfg.HTTP.PublicURL, "https://"), clock: clock}
}

// Refresh is the Set-Cookie values carrying token until the session ends:
// the refresh cookie and the session hint.
func (c *Cookies) Refresh(token string, sessionEnds time.Time) []string {
	age := max(int(sessionEnds.Sub(c.clock.Now()).Seconds()), 1)
	return []string{c.refresh(token, age).String(), c.hint("1", age).String()}
}

// Clear is the Set-Cookie values that remove the refresh cookie and the
// session hint.
func (c *Cookies) Clear() []string {
	return []string{c.refresh("", -1).String(), c.hint("", -1).String()}
}

func (c *Cookies) refresh(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: RefreshCookie, Value: value, Path: RefreshCookiePath, MaxAge: maxAge,
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode}
}

func (c *Cookies) hint(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: SessionHintCookie, Value: value, Path: sessionHintPath, MaxAge: maxAge,
		Secure: c.secure, SameSite: http.SameSiteLaxMode}
}

// SignedIn is the Set-Cookie values of a sign-in: the refresh cookies (if
// any) and the known-device cookie (if a token was given).
func (c *Cookies) SignedIn(refresh []string, deviceToken string) []string {
	out := append([]string(nil), refresh...)
	if deviceToken != "" {
		out = append(out, (&http.Cookie{Name: DeviceCookie, Value: deviceToken, Path: RefreshCookiePath,
			MaxAge: int(deviceCookieAge.Seconds()), HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode}).String())
	}
	return out
}
