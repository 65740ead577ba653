package app

import (
	"context"
	"fmt"

	"social/core/ports"
)

// RevokeToken is the revocation endpoint (RFC 7009): the app ends one of
// its access or refresh tokens. An unknown token, or another app's, is
// answered like a revoked one (section 2.2), so the answer tells nothing.
type RevokeToken struct {
	Apps   OAuthApps
	Grants OAuthGrants
	Clock  ports.Clock
	// Ends, when set, closes at once the streams the token holds open on
	// every node (Mastodon's streaming API).
	Ends ports.SessionEnds
}

// Handle authenticates the app and ends the token.
func (uc *RevokeToken) Handle(ctx context.Context, clientID, clientSecret, token string) error {
	app, err := authenticateClient(ctx, uc.Apps, clientID, clientSecret)
	if err != nil {
		return err
	}
	if token == "" {
		return oauthErr(OAuthInvalidRequest, MsgOAuthMissing, "token")
	}
	member, err := uc.Grants.RevokeByHash(ctx, app.ID, HashSecret(token), uc.Clock.Now(), OAuthRevokedByApp)
	if err != nil {
		return fmt.Errorf("revoke token: %w", err)
	}
	if !member.IsZero() && uc.Ends != nil {
		uc.Ends.SessionsEnded(ctx, member)
	}
	return nil
}
