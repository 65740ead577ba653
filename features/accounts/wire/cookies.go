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

// Refresh is the Set-Cookie value carrying token until the session ends.
func (c *Cookies) Refresh(token string, sessionEnds time.Time) string {
	age := int(sessionEnds.Sub(c.clock.Now()).Seconds())
	return c.cookie(token, max(age, 1)).String()
}

// Clear is the Set-Cookie value that removes the refresh cookie.
func (c *Cookies) Clear() string { return c.cookie("", -1).String() }

func (c *Cookies) cookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: RefreshCookie, Value: value, Path: RefreshCookiePath, MaxAge: maxAge,
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode}
}

// SignedIn is the Set-Cookie values of a sign-in: the refresh cookie (if
// any) and the known-device cookie (if a token was given).
func (c *Cookies) SignedIn(refresh, deviceToken string) []string {
	var out []string
	if refresh != "" {
		out = append(out, refresh)
	}
	if deviceToken != "" {
		out = append(out, (&http.Cookie{Name: DeviceCookie, Value: deviceToken, Path: RefreshCookiePath,
			MaxAge: int(deviceCookieAge.Seconds()), HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode}).String())
	}
	return out
}
