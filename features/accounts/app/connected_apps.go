package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// ListConnectedApps lists the apps the viewer authorized and has not
// disconnected: settings' "Aplicativos conectados".
type ListConnectedApps struct {
	Grants OAuthGrants
	Clock  ports.Clock
}

// Handle lists, the most recently used first.
func (uc *ListConnectedApps) Handle(ctx context.Context, viewer domain.Viewer) ([]ConnectedApp, error) {
	if !viewer.SignedIn() || !viewer.FirstParty() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgOAuthNoMember)
	}
	apps, err := uc.Grants.ConnectedApps(ctx, viewer.UserID, uc.Clock.Now())
	if err != nil {
		return nil, fmt.Errorf("connected apps of %s: %w", viewer.UserID, err)
	}
	return apps, nil
}

// DisconnectApp is the member's "Revogar": every token of the app for
// the viewer ends at once.
type DisconnectApp struct {
	Grants OAuthGrants
	Clock  ports.Clock
	// Ends, when set, closes at once the app's streams on every node.
	Ends ports.SessionEnds
}

// Handle answers 404 oauth_app_not_connected when the viewer has no live
// token of that app (another member's app, one already revoked).
func (uc *DisconnectApp) Handle(ctx context.Context, viewer domain.Viewer, appID string) error {
	if !viewer.SignedIn() || !viewer.FirstParty() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgOAuthNoMember)
	}
	n, err := uc.Grants.RevokeApp(ctx, viewer.UserID, appID, uc.Clock.Now(), OAuthRevokedByMember)
	if err != nil {
		return fmt.Errorf("disconnect app %s: %w", appID, err)
	}
	if n == 0 {
		return errs.NotFound(CodeOAuthAppNotConnected, MsgOAuthConnectedAppMissing)
	}
	if uc.Ends != nil {
		uc.Ends.SessionsEnded(ctx, viewer.UserID)
	}
	return nil
}

// AppOfToken is the app whose token the request carries (GET
// /api/v1/apps/verify_credentials).
type AppOfToken struct {
	Apps OAuthApps
}

// Handle needs an app's token, with or without a member.
func (uc *AppOfToken) Handle(ctx context.Context, viewer domain.Viewer) (OAuthApp, error) {
	if viewer.FirstParty() {
		return OAuthApp{}, oauthErr(OAuthInvalidClient, MsgOAuthTokenRequired)
	}
	app, err := uc.Apps.AppByID(ctx, viewer.AppID)
	if err != nil {
		return OAuthApp{}, fmt.Errorf("app of token: %w", err)
	}
	return app, nil
}
