package wire

import (
	"context"
	"time"

	accounts "social/features/accounts/app"
	profiles "social/features/profiles/wire"
	"social/kit/httpkit"
)

// SessionUser is who signed in.
type SessionUser struct {
	ID             string                `json:"id" format:"uuid"`
	Email          string                `json:"email"`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
	Role           string                `json:"role" enum:"member,moderator,admin"`
}

// Session is the answer of sign-in, refresh and confirmation.
type Session struct {
	AccessToken  string      `json:"access_token" doc:"JWT to send as Authorization: Bearer; short-lived."`
	ExpiresAt    time.Time   `json:"expires_at" doc:"When the access token expires."`
	RefreshToken string      `json:"refresh_token,omitempty" doc:"Only when token_transport is body: send it back to /auth/refresh."`
	User         SessionUser `json:"user"`
}

// Transports of the refresh token a client asks for.
const (
	TransportBody   = "body"
	TransportCookie = "cookie"
)

// SessionPresenter answers with a session the way sign-in does.
type SessionPresenter struct {
	Cookies *Cookies
	Links   profiles.Links
}

// NewSessionPresenter makes the presenter.
func NewSessionPresenter(cookies *Cookies, links profiles.Links) SessionPresenter {
	return SessionPresenter{Cookies: cookies, Links: links}
}

// Session is the answer's body for s and the refresh cookies that go with
// it: with the cookie transport the refresh token travels only in the
// cookie, otherwise only in the body (and there are no cookies).
func (p SessionPresenter) Session(ctx context.Context, s accounts.Session, transport string) (refreshCookies []string, body Session) {
	body = Session{
		AccessToken: s.AccessToken,
		ExpiresAt:   s.AccessExpiresAt.UTC(),
		User: SessionUser{ID: s.User.ID.String(), Email: s.User.Email, Handle: s.User.Handle,
			DisplayName: s.User.DisplayName, AvatarURL: p.Links.URL(ctx, s.User.AvatarPath), AvatarVariants: p.Links.Media.PictureCopies(ctx, s.User.AvatarPath), Role: string(s.User.Role)},
	}
	if transport == TransportCookie {
		return p.Cookies.Refresh(s.RefreshToken, s.ExpiresAt), body
	}
	body.RefreshToken = s.RefreshToken
	return nil, body
}

// Present is the Set-Cookie values (the refresh cookie for the cookie
// transport, the known-device cookie when the session remembered one) and
// the answer's body.
func (p SessionPresenter) Present(ctx context.Context, s accounts.Session, transport string) (setCookies []string, body Session) {
	refresh, body := p.Session(ctx, s, transport)
	return p.Cookies.SignedIn(refresh, s.DeviceToken), body
}
