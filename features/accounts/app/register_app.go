package app

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// RegisterApp registers an OAuth app (POST /api/v1/apps). Anyone may, as
// on Mastodon: an app is nothing until a member authorizes it. A client
// address registers at most PerIP apps an hour (AppRegistrationWindow).
type RegisterApp struct {
	Apps    OAuthApps
	Clock   ports.Clock
	Limiter ports.RateLimiter
	PerIP   int
}

// AppRegistrationWindow is the window of RegisterApp's limit, named by
// MsgWaitAppRegistration.
const AppRegistrationWindow = time.Hour

// RegisterAppInput is the registration form.
type RegisterAppInput struct {
	Name         string
	Website      string
	RedirectURIs []string // each one URI; the handler splits Mastodon's whitespace-separated form
	Scopes       string
	ClientIP     string
}

// RegisteredApp is the app and its client secret, shown once.
type RegisteredApp struct {
	App          OAuthApp
	ClientSecret string
}

// Handle validates and stores the app.
func (uc *RegisterApp) Handle(ctx context.Context, in RegisterAppInput) (RegisteredApp, error) {
	name := strings.TrimSpace(in.Name)
	if name == "" || utf8.RuneCountInString(name) > 100 || !utf8.ValidString(name) {
		return RegisteredApp{}, oauthErr(OAuthValidation, MsgOAuthAppNameRequired)
	}
	website := strings.TrimSpace(in.Website)
	if website != "" && !webURL(website) {
		return RegisteredApp{}, oauthErr(OAuthValidation, MsgOAuthWebsiteInvalid)
	}
	uris, ok := redirectURIs(in.RedirectURIs)
	if !ok {
		return RegisteredApp{}, oauthErr(OAuthValidation, MsgOAuthRedirectURIs)
	}
	scopes, unknown, ok := domain.ParseScopes(in.Scopes)
	if !ok {
		return RegisteredApp{}, oauthErr(OAuthInvalidScope, MsgOAuthScopeUnknown, unknown)
	}
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "oauth_app_ip", Key: domain.ClientNetwork(in.ClientIP),
		Limit: uc.PerIP, Window: AppRegistrationWindow})
	if err != nil {
		return RegisteredApp{}, fmt.Errorf("app registration rate limit: %w", err)
	}
	if wait > 0 {
		return RegisteredApp{}, oauthRateLimited(MsgWaitAppRegistration, wait)
	}
	clientID, _ := newSecret()
	secret, secretHash := newSecret()
	app := OAuthApp{ID: uuid.Must(uuid.NewV7()).String(), ClientID: clientID, Name: name, Website: website,
		RedirectURIs: uris, Scopes: scopes, CreatedAt: uc.Clock.Now()}
	if err := uc.Apps.CreateApp(ctx, app, secretHash); err != nil {
		return RegisteredApp{}, fmt.Errorf("register app: %w", err)
	}
	return RegisteredApp{App: app, ClientSecret: secret}, nil
}

// redirectURIs checks each URI: absolute, without fragment (RFC 6749
// section 3.1.2), never a scheme that runs or reads something in the
// member's browser; an app's own scheme (tusky://oauth) is fine, as is OOB.
func redirectURIs(in []string) ([]string, bool) {
	var out []string
	for _, raw := range in {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		if raw == OOB {
			out = append(out, raw)
			continue
		}
		u, err := url.Parse(raw)
		if err != nil || len(raw) > 2048 || !u.IsAbs() || u.Fragment != "" || strings.Contains(raw, "#") {
			return nil, false
		}
		switch strings.ToLower(u.Scheme) {
		case "javascript", "data", "vbscript", "file", "blob", "about":
			return nil, false
		case "http", "https":
			if u.Host == "" {
				return nil, false
			}
		}
		out = append(out, raw)
	}
	return out, len(out) >= 1 && len(out) <= 10
}

func webURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && len(s) <= 2048 && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
