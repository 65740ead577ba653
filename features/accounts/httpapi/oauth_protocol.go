package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"social/core/domain"
	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

// OAuthUseCases are the OAuth protocol's use cases.
type OAuthUseCases struct {
	Register *accounts.RegisterApp
	AppOf    *accounts.AppOfToken
	Issue    *accounts.IssueToken
	Revoke   *accounts.RevokeToken
}

// The protocol endpoints speak OAuth's and Mastodon's wire formats (form
// or JSON bodies, {"error", "error_description"} answers), not this API's
// problem+json, so they are plain handlers beside the API.
const (
	appsPath          = "/api/v1/apps"
	appCredentials    = "/api/v1/apps/verify_credentials"
	tokenPath         = "/oauth/token"
	revokePath        = "/oauth/revoke"
	authorizePath     = "/oauth/authorize"
	serverMetadata    = "/.well-known/oauth-authorization-server"
	maxOAuthFormBytes = 64 << 10
)

// NewOAuthMounts contributes the OAuth and app registration endpoints.
func NewOAuthMounts(uc OAuthUseCases, publicURL string, logger *slog.Logger) []httpkit.Mount {
	h := oauthHandlers{uc: uc, base: strings.TrimRight(publicURL, "/"), log: logger}
	// Web apps on other sites (Elk, Phanpy) register, trade codes and
	// revoke from the browser: open to them (CORS, no cookies).
	return []httpkit.Mount{
		{Pattern: "POST " + appsPath, Handler: http.HandlerFunc(h.registerApp), OtherSites: true},
		{Pattern: "GET " + appCredentials, Handler: http.HandlerFunc(h.appCredentials), OtherSites: true},
		{Pattern: "POST " + tokenPath, Handler: http.HandlerFunc(h.token), OtherSites: true},
		{Pattern: "POST " + revokePath, Handler: http.HandlerFunc(h.revoke), OtherSites: true},
		{Pattern: "GET " + serverMetadata, Handler: http.HandlerFunc(h.metadata), OtherSites: true},
	}
}

type oauthHandlers struct {
	uc   OAuthUseCases
	base string
	log  *slog.Logger
}

// params reads a form-encoded or JSON body into flat values; a JSON
// array (redirect_uris) becomes several values.
func params(r *http.Request) (url.Values, error) {
	body := http.MaxBytesReader(nil, r.Body, maxOAuthFormBytes)
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		var raw map[string]any
		if err := json.NewDecoder(body).Decode(&raw); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		out := url.Values{}
		for k, v := range raw {
			switch v := v.(type) {
			case string:
				out.Add(k, v)
			case []any:
				for _, e := range v {
					if s, ok := e.(string); ok {
						out.Add(k, s)
					}
				}
			}
		}
		return out, nil
	case "multipart/form-data":
		if err := r.ParseMultipartForm(maxOAuthFormBytes); err != nil {
			return nil, err
		}
		return r.PostForm, nil
	default:
		raw, err := io.ReadAll(body)
		if err != nil {
			return nil, err
		}
		return url.ParseQuery(string(raw))
	}
}

type oauthErrorBody struct {
	Error       string `json:"error"`
	Description string `json:"error_description,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// fail answers an OAuth error (RFC 6749 section 5.2): invalid_client 401
// (with a Basic challenge when the client used Basic), a refused app
// registration 422 in Mastodon's {"error"} shape, the others 400. Any
// other error is logged and answered 500 without its text.
func (h oauthHandlers) fail(w http.ResponseWriter, r *http.Request, err error) {
	var limited *accounts.OAuthRateLimit
	if errors.As(err, &limited) {
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(limited.RetryAfter.Seconds())))))
		writeJSON(w, http.StatusTooManyRequests, oauthErrorBody{Error: limited.Code, Description: limited.Description})
		return
	}
	var oe *accounts.OAuthError
	if !errors.As(err, &oe) {
		h.log.ErrorContext(r.Context(), "oauth endpoint", "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusInternalServerError, oauthErrorBody{Error: "server_error", Description: "Erro inesperado. Tente novamente."})
		return
	}
	switch oe.Code {
	case accounts.OAuthInvalidClient:
		if _, _, basic := r.BasicAuth(); basic {
			w.Header().Set("WWW-Authenticate", `Basic realm="social"`)
		}
		writeJSON(w, http.StatusUnauthorized, oauthErrorBody{Error: oe.Code, Description: oe.Description})
	case accounts.OAuthValidation:
		writeJSON(w, http.StatusUnprocessableEntity, oauthErrorBody{Error: oe.Description})
	default:
		writeJSON(w, http.StatusBadRequest, oauthErrorBody{Error: oe.Code, Description: oe.Description})
	}
}

func (h oauthHandlers) badBody(w http.ResponseWriter) {
	writeJSON(w, http.StatusBadRequest, oauthErrorBody{Error: accounts.OAuthInvalidRequest, Description: "Corpo da requisição inválido."})
}

// MastodonApp is Mastodon's Application entity (CredentialApplication
// when registered: with the client's credentials, shown once).
type MastodonApp struct {
	ID                    string   `json:"id"`
	Name                  string   `json:"name"`
	Website               *string  `json:"website"`
	Scopes                []string `json:"scopes"`
	RedirectURI           string   `json:"redirect_uri"`
	RedirectURIs          []string `json:"redirect_uris"`
	VapidKey              string   `json:"vapid_key,omitempty"`
	ClientID              string   `json:"client_id,omitempty"`
	ClientSecret          string   `json:"client_secret,omitempty"`
	ClientSecretExpiresAt *int     `json:"client_secret_expires_at,omitempty"`
}

func mastodonApp(a accounts.OAuthApp) MastodonApp {
	out := MastodonApp{ID: a.ID, Name: a.Name, Scopes: a.Scopes.Names(), RedirectURI: strings.Join(a.RedirectURIs, "\n"),
		RedirectURIs: a.RedirectURIs}
	if a.Website != "" {
		site := a.Website
		out.Website = &site
	}
	return out
}

// registerApp is POST /api/v1/apps (Mastodon): redirect_uris as one
// value separated by whitespace or as several values.
func (h oauthHandlers) registerApp(w http.ResponseWriter, r *http.Request) {
	p, err := params(r)
	if err != nil {
		h.badBody(w)
		return
	}
	var uris []string
	for _, v := range append(p["redirect_uris"], p["redirect_uris[]"]...) {
		uris = append(uris, strings.Fields(v)...)
	}
	reg, err := h.uc.Register.Handle(r.Context(), accounts.RegisterAppInput{Name: p.Get("client_name"),
		Website: p.Get("website"), RedirectURIs: uris, Scopes: p.Get("scopes"), ClientIP: httpkit.ClientIP(r.Context())})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out := mastodonApp(reg.App)
	never := 0
	out.ClientID, out.ClientSecret, out.ClientSecretExpiresAt = reg.App.ClientID, reg.ClientSecret, &never
	writeJSON(w, http.StatusOK, out)
}

// appCredentials is GET /api/v1/apps/verify_credentials: the app whose
// token (any scope, with or without a member) the request carries.
func (h oauthHandlers) appCredentials(w http.ResponseWriter, r *http.Request) {
	v, ok := httpkit.AppGrant(r.Context())
	if !ok {
		writeJSON(w, http.StatusUnauthorized, oauthErrorBody{Error: accounts.MsgOAuthTokenRequired})
		return
	}
	app, err := h.uc.AppOf.Handle(r.Context(), v)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, mastodonApp(app))
}

// clientCredentials takes the client's credentials from HTTP Basic (RFC
// 6749 section 2.3.1: each part form-encoded) or else the body.
func clientCredentials(r *http.Request, p url.Values) (id, secret string) {
	if u, pw, ok := r.BasicAuth(); ok {
		id, _ = url.QueryUnescape(u)
		secret, _ = url.QueryUnescape(pw)
		return id, secret
	}
	return p.Get("client_id"), p.Get("client_secret")
}

// TokenAnswer is the token endpoint's answer (RFC 6749 section 5.1, with
// Mastodon's created_at).
type TokenAnswer struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	Scope        string `json:"scope"`
	CreatedAt    int64  `json:"created_at"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token,omitempty"`
}

func (h oauthHandlers) token(w http.ResponseWriter, r *http.Request) {
	p, err := params(r)
	if err != nil {
		h.badBody(w)
		return
	}
	id, secret := clientCredentials(r, p)
	t, err := h.uc.Issue.Handle(r.Context(), accounts.TokenRequest{GrantType: p.Get("grant_type"), ClientID: id,
		ClientSecret: secret, Code: p.Get("code"), RedirectURI: p.Get("redirect_uri"), CodeVerifier: p.Get("code_verifier"),
		RefreshToken: p.Get("refresh_token"), Scope: p.Get("scope"), ClientIP: httpkit.ClientIP(r.Context())})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, TokenAnswer{AccessToken: t.AccessToken, TokenType: "Bearer", Scope: t.Scopes.String(),
		CreatedAt: t.CreatedAt.Unix(), ExpiresIn: int64(t.ExpiresIn.Seconds()), RefreshToken: t.RefreshToken})
}

// revoke is RFC 7009's endpoint: 200 with an empty object whether or not
// the token was known.
func (h oauthHandlers) revoke(w http.ResponseWriter, r *http.Request) {
	p, err := params(r)
	if err != nil {
		h.badBody(w)
		return
	}
	id, secret := clientCredentials(r, p)
	if err := h.uc.Revoke.Handle(r.Context(), id, secret, p.Get("token")); err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct{}{})
}

// ServerMetadata is RFC 8414's document, with the fields Mastodon 4.3
// publishes.
type ServerMetadata struct {
	Issuer                            string   `json:"issuer"`
	ServiceDocumentation              string   `json:"service_documentation"`
	AuthorizationEndpoint             string   `json:"authorization_endpoint"`
	TokenEndpoint                     string   `json:"token_endpoint"`
	AppRegistrationEndpoint           string   `json:"app_registration_endpoint"`
	RevocationEndpoint                string   `json:"revocation_endpoint"`
	ScopesSupported                   []string `json:"scopes_supported"`
	ResponseTypesSupported            []string `json:"response_types_supported"`
	ResponseModesSupported            []string `json:"response_modes_supported"`
	CodeChallengeMethodsSupported     []string `json:"code_challenge_methods_supported"`
	GrantTypesSupported               []string `json:"grant_types_supported"`
	TokenEndpointAuthMethodsSupported []string `json:"token_endpoint_auth_methods_supported"`
}

func (h oauthHandlers) metadata(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_ = json.NewEncoder(w).Encode(ServerMetadata{
		Issuer: h.base + "/", ServiceDocumentation: h.base + "/api/docs/",
		AuthorizationEndpoint: h.base + authorizePath, TokenEndpoint: h.base + tokenPath,
		AppRegistrationEndpoint: h.base + appsPath, RevocationEndpoint: h.base + revokePath,
		ScopesSupported: domain.AllScopeNames(), ResponseTypesSupported: []string{"code"},
		ResponseModesSupported: []string{"query"}, CodeChallengeMethodsSupported: []string{"S256", "plain"},
		GrantTypesSupported:               []string{"authorization_code", "client_credentials", "refresh_token"},
		TokenEndpointAuthMethodsSupported: []string{"client_secret_basic", "client_secret_post"},
	})
}
