package httpapi

import (
	"context"
	"net/http"

	"social/core/errs"
	accounts "social/features/accounts/app"
	"social/features/accounts/wire"
	"social/kit/httpkit"
)

type sessionOutput struct {
	SetCookie []string `header:"Set-Cookie" doc:"The refresh cookie and the session hint social_session, when the refresh token travels in the cookie."`
	Body      wire.Session
}

// MessageResponse is an answer that is only a pt-BR text to show.
type MessageResponse struct {
	Message string `json:"message" doc:"pt-BR text to show."`
}

type messageOutput struct {
	Body MessageResponse
}

// messageAnswer answers a use case that returns the text to show: the text,
// or the problem of err.
func messageAnswer(ctx context.Context, msg string, err error) (*messageOutput, error) {
	if err != nil {
		return nil, problem(ctx, err)
	}
	return &messageOutput{Body: MessageResponse{Message: msg}}, nil
}

// sessionAnswer answers with s, its refresh token in the cookie or in the
// body.
func sessionAnswer(ctx context.Context, p wire.SessionPresenter, s accounts.Session, transport string) *sessionOutput {
	cookies, body := p.Session(ctx, s, transport)
	return &sessionOutput{SetCookie: cookies, Body: body}
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
