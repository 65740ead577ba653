package httpapi

import (
	"context"
	"net/http"
	"time"

	"social/core/errs"
	accounts "social/features/accounts/app"
	profiles "social/features/profiles/wire"
	"social/kit/httpkit"
)

// SessionUser is who signed in.
type SessionUser struct {
	ID          string  `json:"id" format:"uuid"`
	Email       string  `json:"email"`
	Handle      string  `json:"handle"`
	DisplayName string  `json:"display_name"`
	AvatarURL   *string `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
	Role        string  `json:"role" enum:"member,moderator,admin"`
}

// Session is the answer of sign-in, refresh and confirmation.
type Session struct {
	AccessToken  string      `json:"access_token" doc:"JWT to send as Authorization: Bearer; short-lived."`
	ExpiresAt    time.Time   `json:"expires_at" doc:"When the access token expires."`
	RefreshToken string      `json:"refresh_token,omitempty" doc:"Only when token_transport is body: send it back to /auth/refresh."`
	User         SessionUser `json:"user"`
}

type sessionOutput struct {
	SetCookie string `header:"Set-Cookie" doc:"The refresh cookie, when the refresh token travels in it."`
	Body      Session
}

// MessageResponse is an answer that is only a pt-BR text to show.
type MessageResponse struct {
	Message string `json:"message" doc:"pt-BR text to show."`
}

type messageOutput struct {
	Body MessageResponse
}

func message(m string) *messageOutput {
	return &messageOutput{Body: MessageResponse{Message: m}}
}

// Transports of the refresh token.
const (
	transportBody   = "body"
	transportCookie = "cookie"
)

// presenter shapes sessions and errors.
type presenter struct {
	cookies *Cookies
	links   profiles.Links
}

// session answers with s, its refresh token in the cookie or in the body.
func (p presenter) session(ctx context.Context, s accounts.Session, transport string) *sessionOutput {
	out := &sessionOutput{Body: Session{
		AccessToken: s.AccessToken,
		ExpiresAt:   s.AccessExpiresAt.UTC(),
		User: SessionUser{ID: s.User.ID.String(), Email: s.User.Email, Handle: s.User.Handle,
			DisplayName: s.User.DisplayName, AvatarURL: p.links.URL(ctx, s.User.AvatarPath), Role: string(s.User.Role)},
	}}
	if transport == transportCookie {
		out.SetCookie = p.cookies.Refresh(s.RefreshToken, s.ExpiresAt)
	} else {
		out.Body.RefreshToken = s.RefreshToken
	}
	return out
}

// device is where the request being served came from.
func device(ctx context.Context) accounts.Device {
	return accounts.Device{UserAgent: httpkit.UserAgent(ctx), IP: httpkit.ClientIP(ctx)}
}

// problem is the answer for err. A bad e-mail link is a 400, the one
// invalid input that is no form field.
func problem(ctx context.Context, err error) error {
	p := httpkit.ProblemFrom(ctx, err)
	if e, ok := errs.As(err); ok && e.Code == accounts.CodeInvalidToken {
		p.Status, p.Title = http.StatusBadRequest, "Erro"
	}
	return p
}
