package httpapi

import (
	"net/http"
	"strings"
	"time"

	"social/core/ports"
	"social/internal/config"
)

// The refresh cookie of the SPA: HttpOnly (scripts never see the token),
// SameSite=Strict, sent only to the auth endpoints, Secure when the site is
// served over https.
const (
	RefreshCookie     = "social_refresh"
	RefreshCookiePath = "/api/v1/auth"
)

// Cookies writes the refresh cookie.
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
