package app

import (
	"context"
	"fmt"
	"net/url"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Decision is where the consent screen sends the member: to RedirectTo,
// or, for an app without a redirect (OOB), nowhere, showing Code.
type Decision struct {
	RedirectTo string // "" for OOB
	Code       string // the authorization code for OOB; "" otherwise
}

// ApproveAuthorization is the member's "Autorizar": a one-time code
// bound to the app, the redirect URI, the scopes and the PKCE challenge.
type ApproveAuthorization struct {
	Apps   OAuthApps
	Grants OAuthGrants
	Clock  ports.Clock
}

// Handle checks the request again (the screen's copy may be stale) and
// stores the code.
func (uc *ApproveAuthorization) Handle(ctx context.Context, viewer domain.Viewer, in AuthorizationRequest) (Decision, error) {
	if !viewer.SignedIn() || !viewer.FirstParty() {
		return Decision{}, errs.Unauthenticated(CodeUnauthenticated, MsgOAuthNoMember)
	}
	a, err := checkAuthorization(ctx, uc.Apps, in)
	if err != nil {
		return Decision{}, err
	}
	code, hash := newSecret()
	now := uc.Clock.Now()
	err = uc.Grants.SaveCode(ctx, OAuthCode{Hash: hash, AppID: a.App.ID, AccountID: viewer.UserID,
		RedirectURI: a.RedirectURI, Scopes: a.Scopes, Challenge: a.Challenge, ChallengeMethod: a.ChallengeMethod,
		CreatedAt: now, ExpiresAt: now.Add(OAuthCodeTTL)})
	if err != nil {
		return Decision{}, fmt.Errorf("save authorization code: %w", err)
	}
	if a.RedirectURI == OOB {
		return Decision{Code: code}, nil
	}
	return Decision{RedirectTo: redirectWith(a.RedirectURI, url.Values{"code": {code}, "state": {a.State}})}, nil
}

// DenyAuthorization is the member's "Negar": the app is told
// access_denied at its redirect URI (RFC 6749 section 4.1.2.1), which is
// checked first, so a made-up request cannot turn the screen into an open
// redirect.
type DenyAuthorization struct {
	Apps OAuthApps
}

// Handle answers where to send the member; nothing is stored.
func (uc *DenyAuthorization) Handle(ctx context.Context, viewer domain.Viewer, in AuthorizationRequest) (Decision, error) {
	if !viewer.SignedIn() || !viewer.FirstParty() {
		return Decision{}, errs.Unauthenticated(CodeUnauthenticated, MsgOAuthNoMember)
	}
	a, err := checkAuthorization(ctx, uc.Apps, in)
	if err != nil {
		return Decision{}, err
	}
	if a.RedirectURI == OOB {
		return Decision{}, nil
	}
	return Decision{RedirectTo: redirectWith(a.RedirectURI, url.Values{"error": {OAuthAccessDenied}, "state": {a.State}})}, nil
}
