package app

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// TokenRequest is a token endpoint request (RFC 6749 sections 4.1.3,
// 4.4.2 and 6), the client's credentials already taken from the body or
// the Basic header.
type TokenRequest struct {
	GrantType    string
	ClientID     string
	ClientSecret string
	Code         string
	RedirectURI  string
	CodeVerifier string
	RefreshToken string
	Scope        string
	ClientIP     string
}

// MemberStatus tells whether a member may hold app tokens (neither
// suspended nor deleted).
type MemberStatus interface {
	MayAuthorize(ctx context.Context, member domain.UserID) (bool, error)
}

// IssueToken is the token endpoint: authorization_code (with or without
// PKCE), client_credentials and refresh_token (rotating). A client address
// makes at most PerIP requests in TokenWindow, whatever their outcome:
// an app asks for a token when a member signs in and when its token
// expires, so only a machine reaches the limit.
type IssueToken struct {
	Tx      ports.Transactor
	Apps    OAuthApps
	Grants  OAuthGrants
	Members MemberStatus
	Clock   ports.Clock
	Limiter ports.RateLimiter
	PerIP   int
	// Ends, when set, tells every node that the tokens a grant ended (a
	// refreshed token, those of a code used twice) no longer act, so that
	// no node's cache keeps them.
	Ends ports.SessionEnds
}

// TokenWindow is the window of IssueToken's limit, named by MsgWaitToken.
const TokenWindow = 5 * time.Minute

// Handle authenticates the app, then runs the grant.
func (uc *IssueToken) Handle(ctx context.Context, in TokenRequest) (IssuedToken, error) {
	switch in.GrantType {
	case "authorization_code", "client_credentials", "refresh_token":
	case "":
		return IssuedToken{}, oauthErr(OAuthInvalidRequest, MsgOAuthMissing, "grant_type")
	default:
		return IssuedToken{}, oauthErr(OAuthUnsupportedGrantType, MsgOAuthGrantType)
	}
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "oauth_token_ip", Key: domain.ClientNetwork(in.ClientIP),
		Limit: uc.PerIP, Window: TokenWindow})
	if err != nil {
		return IssuedToken{}, fmt.Errorf("token rate limit: %w", err)
	}
	if wait > 0 {
		return IssuedToken{}, oauthRateLimited(MsgWaitToken, wait)
	}
	app, err := authenticateClient(ctx, uc.Apps, in.ClientID, in.ClientSecret)
	if err != nil {
		return IssuedToken{}, err
	}
	switch in.GrantType {
	case "authorization_code":
		return uc.exchangeCode(ctx, app, in)
	case "client_credentials":
		return uc.clientCredentials(ctx, app, in)
	default:
		return uc.refresh(ctx, app, in)
	}
}

// authenticateClient checks the app's credentials (RFC 6749 section
// 2.3.1); every failure is the same invalid_client.
func authenticateClient(ctx context.Context, apps OAuthApps, clientID, secret string) (OAuthApp, error) {
	if clientID == "" || secret == "" {
		return OAuthApp{}, oauthErr(OAuthInvalidClient, MsgOAuthClientUnknown)
	}
	app, hash, err := apps.AppByClientID(ctx, clientID)
	if errors.Is(err, domain.ErrNotFound) {
		return OAuthApp{}, oauthErr(OAuthInvalidClient, MsgOAuthClientUnknown)
	} else if err != nil {
		return OAuthApp{}, fmt.Errorf("read app: %w", err)
	}
	if !sameSecret(secret, hash) {
		return OAuthApp{}, oauthErr(OAuthInvalidClient, MsgOAuthClientUnknown)
	}
	return app, nil
}

func (uc *IssueToken) exchangeCode(ctx context.Context, app OAuthApp, in TokenRequest) (IssuedToken, error) {
	if in.Code == "" {
		return IssuedToken{}, oauthErr(OAuthInvalidRequest, MsgOAuthMissing, "code")
	}
	var out IssuedToken
	hash := HashSecret(in.Code)
	reused := false
	var reusedBy domain.UserID
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		now := uc.Clock.Now()
		code, err := uc.Grants.UseCode(ctx, hash, now)
		if errors.Is(err, ErrCodeUsed) {
			reused, reusedBy = code.AppID == app.ID, code.AccountID
			return oauthErr(OAuthInvalidGrant, MsgOAuthCodeInvalid)
		} else if errors.Is(err, domain.ErrNotFound) {
			return oauthErr(OAuthInvalidGrant, MsgOAuthCodeInvalid)
		} else if err != nil {
			return fmt.Errorf("use authorization code: %w", err)
		}
		if code.AppID != app.ID || !now.Before(code.ExpiresAt) {
			return oauthErr(OAuthInvalidGrant, MsgOAuthCodeInvalid)
		}
		if in.RedirectURI != code.RedirectURI && !(in.RedirectURI == "" && len(app.RedirectURIs) == 1) {
			return oauthErr(OAuthInvalidGrant, MsgOAuthRedirectMismatch)
		}
		if !verifierMatches(code.Challenge, code.ChallengeMethod, in.CodeVerifier) {
			return oauthErr(OAuthInvalidGrant, MsgOAuthVerifierInvalid)
		}
		if ok, err := uc.Members.MayAuthorize(ctx, code.AccountID); err != nil {
			return err
		} else if !ok {
			return oauthErr(OAuthInvalidGrant, MsgOAuthMemberUnavailable)
		}
		out, err = issue(ctx, uc.Grants, app, code.AccountID, code.Scopes, hash, now, now, true)
		return err
	})
	if reused {
		// A code presented twice may have been stolen: what it was traded
		// for ends too (RFC 6749 section 4.1.2).
		if rerr := uc.Grants.RevokeFromCode(ctx, hash, uc.Clock.Now(), OAuthRevokedCodeReused); rerr != nil {
			return IssuedToken{}, rerr
		}
		uc.tokensEnded(ctx, reusedBy)
	}
	return out, err
}

// verifierMatches checks a PKCE verifier against the code's challenge
// (RFC 7636 section 4.6). A code without a challenge takes no verifier.
func verifierMatches(challenge, method, verifier string) bool {
	if challenge == "" {
		return verifier == ""
	}
	if !pkceString(verifier) {
		return false
	}
	if method == "S256" {
		sum := sha256.Sum256([]byte(verifier))
		verifier = base64.RawURLEncoding.EncodeToString(sum[:])
	}
	return subtle.ConstantTimeCompare([]byte(verifier), []byte(challenge)) == 1
}

func (uc *IssueToken) clientCredentials(ctx context.Context, app OAuthApp, in TokenRequest) (IssuedToken, error) {
	scopes := app.Scopes
	if in.Scope != "" {
		s, unknown, ok := domain.ParseScopes(in.Scope)
		if !ok {
			return IssuedToken{}, oauthErr(OAuthInvalidScope, MsgOAuthScopeUnknown, unknown)
		}
		if !s.Within(app.Scopes) {
			return IssuedToken{}, oauthErr(OAuthInvalidScope, MsgOAuthScopeNotAllowed)
		}
		scopes = s
	} else if domain.DefaultScopes.Within(app.Scopes) {
		scopes = domain.DefaultScopes
	}
	now := uc.Clock.Now()
	return issue(ctx, uc.Grants, app, domain.UserID{}, scopes, nil, now, now, false)
}

func (uc *IssueToken) refresh(ctx context.Context, app OAuthApp, in TokenRequest) (IssuedToken, error) {
	if in.RefreshToken == "" {
		return IssuedToken{}, oauthErr(OAuthInvalidRequest, MsgOAuthMissing, "refresh_token")
	}
	var out IssuedToken
	var refreshed domain.UserID
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		now := uc.Clock.Now()
		old, err := uc.Grants.LockRefresh(ctx, HashSecret(in.RefreshToken))
		if errors.Is(err, domain.ErrNotFound) {
			return oauthErr(OAuthInvalidGrant, MsgOAuthRefreshInvalid)
		} else if err != nil {
			return fmt.Errorf("read refresh token: %w", err)
		}
		if old.AppID != app.ID || old.RevokedAt != nil || old.RefreshExpiresAt == nil || !now.Before(*old.RefreshExpiresAt) {
			return oauthErr(OAuthInvalidGrant, MsgOAuthRefreshInvalid)
		}
		scopes := old.Scopes
		if in.Scope != "" {
			s, unknown, ok := domain.ParseScopes(in.Scope)
			if !ok {
				return oauthErr(OAuthInvalidScope, MsgOAuthScopeUnknown, unknown)
			}
			if !s.Within(old.Scopes) { // RFC 6749 section 6: never more than granted
				return oauthErr(OAuthInvalidScope, MsgOAuthScopeNotAllowed)
			}
			scopes = s
		}
		if ok, err := uc.Members.MayAuthorize(ctx, old.AccountID); err != nil {
			return err
		} else if !ok {
			return oauthErr(OAuthInvalidGrant, MsgOAuthMemberUnavailable)
		}
		if err := uc.Grants.RevokeToken(ctx, old.ID, now, OAuthRevokedRefreshed); err != nil {
			return err
		}
		refreshed = old.AccountID
		out, err = issue(ctx, uc.Grants, app, old.AccountID, scopes, old.FromCode, old.AuthorizedAt, now, true)
		return err
	})
	if err == nil {
		uc.tokensEnded(ctx, refreshed)
	}
	return out, err
}

// tokensEnded tells every node that member's token ended (its access
// token, on refresh, is no longer good).
func (uc *IssueToken) tokensEnded(ctx context.Context, member domain.UserID) {
	if uc.Ends != nil && !member.IsZero() {
		uc.Ends.SessionsEnded(ctx, member)
	}
}

// issue stores a new access token (and a refresh token for a member's).
func issue(ctx context.Context, grants OAuthGrants, app OAuthApp, member domain.UserID, scopes domain.Scopes,
	fromCode []byte, authorizedAt, now time.Time, withRefresh bool) (IssuedToken, error) {
	access, accessHash := newSecret()
	t := OAuthToken{ID: uuid.Must(uuid.NewV7()).String(), Hash: accessHash, AppID: app.ID, AccountID: member,
		Scopes: scopes, FromCode: fromCode, AuthorizedAt: authorizedAt, CreatedAt: now, ExpiresAt: now.Add(OAuthAccessTTL)}
	out := IssuedToken{AccessToken: access, Scopes: scopes, CreatedAt: now, ExpiresIn: OAuthAccessTTL}
	if withRefresh {
		refresh, refreshHash := newSecret()
		until := now.Add(OAuthRefreshTTL)
		t.RefreshHash, t.RefreshExpiresAt, out.RefreshToken = refreshHash, &until, refresh
	}
	if err := grants.CreateToken(ctx, t); err != nil {
		return IssuedToken{}, fmt.Errorf("store access token: %w", err)
	}
	return out, nil
}
