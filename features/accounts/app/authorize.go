package app

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"

	"social/core/domain"
	"social/core/errs"
)

// AuthorizationRequest is what an app asks at /oauth/authorize (RFC 6749
// section 4.1.1, RFC 7636 section 4.3).
type AuthorizationRequest struct {
	ResponseType        string
	ClientID            string
	RedirectURI         string
	Scope               string
	State               string
	CodeChallenge       string
	CodeChallengeMethod string
}

// Authorization is a request found valid: the app, the redirect URI it
// will be sent to, the scopes it asks.
type Authorization struct {
	App             OAuthApp
	RedirectURI     string
	Scopes          domain.Scopes
	State           string
	Challenge       string
	ChallengeMethod string
}

// checkAuthorization validates a request. Its refusals are problems the
// consent screen shows: a request whose client or redirect URI is wrong is
// never redirected (RFC 6749 section 4.1.2.1), the others are shown too,
// so the member sees why the app failed.
func checkAuthorization(ctx context.Context, apps OAuthApps, in AuthorizationRequest) (Authorization, error) {
	app, _, err := apps.AppByClientID(ctx, in.ClientID)
	if errors.Is(err, domain.ErrNotFound) || in.ClientID == "" {
		return Authorization{}, errs.NotFound(CodeOAuthClientUnknown, MsgOAuthClientUnknown)
	} else if err != nil {
		return Authorization{}, fmt.Errorf("read app %q: %w", in.ClientID, err)
	}
	redirect := in.RedirectURI
	if redirect == "" && len(app.RedirectURIs) == 1 {
		redirect = app.RedirectURIs[0]
	}
	if !slices.Contains(app.RedirectURIs, redirect) {
		return Authorization{}, errs.Invalid(CodeOAuthRedirectInvalid, MsgOAuthRedirectInvalid, nil)
	}
	if in.ResponseType != "code" {
		return Authorization{}, errs.Invalid(CodeOAuthResponseType, MsgOAuthResponseType, nil)
	}
	scopes, unknown, ok := domain.ParseScopes(in.Scope)
	if !ok {
		return Authorization{}, errs.Invalid(CodeOAuthScopeInvalid, fmt.Sprintf(MsgOAuthScopeUnknown, unknown), nil)
	}
	if !scopes.Within(app.Scopes) {
		return Authorization{}, errs.Invalid(CodeOAuthScopeInvalid, MsgOAuthScopeNotAllowed, nil)
	}
	method := in.CodeChallengeMethod
	if in.CodeChallenge != "" && method == "" {
		method = "plain" // RFC 7636 section 4.3
	}
	if (in.CodeChallenge == "") != (method == "") || (method != "" && method != "S256" && method != "plain") ||
		(in.CodeChallenge != "" && !pkceString(in.CodeChallenge)) {
		return Authorization{}, errs.Invalid(CodeOAuthChallenge, MsgOAuthChallengeInvalid, nil)
	}
	return Authorization{App: app, RedirectURI: redirect, Scopes: scopes, State: in.State,
		Challenge: in.CodeChallenge, ChallengeMethod: method}, nil
}

// pkceString: 43 to 128 characters of RFC 3986's unreserved set, what a
// code verifier, and so a plain challenge, is (RFC 7636 section 4.1).
func pkceString(s string) bool {
	if len(s) < 43 || len(s) > 128 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.', r == '_', r == '~':
		default:
			return false
		}
	}
	return true
}

// redirectWith is the redirect URI with params added to its query (RFC
// 6749 section 3.1.2: the registered URI's own query is kept).
func redirectWith(redirect string, params url.Values) string {
	u, err := url.Parse(redirect)
	if err != nil {
		return redirect
	}
	q := u.Query()
	for k, vs := range params {
		for _, v := range vs {
			if v != "" {
				q.Set(k, v)
			}
		}
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// ReadAuthorization is what the consent screen shows before the member
// decides: the app, the scopes, where the member will be sent.
type ReadAuthorization struct {
	Apps OAuthApps
}

// Handle needs a signed-in member acting through our own app: an app's
// token never authorizes another app.
func (uc *ReadAuthorization) Handle(ctx context.Context, viewer domain.Viewer, in AuthorizationRequest) (Authorization, error) {
	if !viewer.SignedIn() || !viewer.FirstParty() {
		return Authorization{}, errs.Unauthenticated(CodeUnauthenticated, MsgOAuthNoMember)
	}
	return checkAuthorization(ctx, uc.Apps, in)
}
