package httpkit

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"social/core/errs"
)

// Problem is the body of every error answer (RFC 9457 problem+json) with a
// stable machine code and a pt-BR detail a member may read.
type Problem struct {
	Title     string       `json:"title" doc:"Short pt-BR summary, fit for a toast title."`
	Status    int          `json:"status" doc:"HTTP status code."`
	Detail    string       `json:"detail" doc:"pt-BR message to show."`
	Code      string       `json:"code" doc:"Stable machine-readable code."`
	RequestID string       `json:"request_id,omitempty" doc:"ID of the request, also in the X-Request-ID header and the logs."`
	Errors    []FieldError `json:"errors,omitempty" doc:"Per-field problems of a form."`
	headers   http.Header
}

// FieldError is one field's problem.
type FieldError struct {
	Location string `json:"location" doc:"Where the problem is, e.g. body.handle."`
	Message  string `json:"message" doc:"pt-BR message for that field."`
}

func (p *Problem) Error() string                { return p.Code + ": " + p.Detail }
func (p *Problem) GetStatus() int               { return p.Status }
func (p *Problem) GetHeaders() http.Header      { return p.headers }
func (p *Problem) ContentType(ct string) string { return problemContentType(ct) }

func problemContentType(ct string) string {
	if ct == "application/json" {
		return "application/problem+json"
	}
	return ct
}

var statusCodes = map[int]struct{ code, title, detail string }{
	http.StatusBadRequest:            {"bad_request", "Erro", errs.MsgBadRequest},
	http.StatusUnauthorized:          {"unauthenticated", "Erro", errs.MsgUnauthenticated},
	http.StatusForbidden:             {"forbidden", "Erro", errs.MsgForbidden},
	http.StatusNotFound:              {"not_found", "Erro", errs.MsgNotFound},
	http.StatusMethodNotAllowed:      {"method_not_allowed", "Erro", errs.MsgMethod},
	http.StatusConflict:              {"conflict", "Erro", errs.MsgConflict},
	http.StatusRequestEntityTooLarge: {"too_large", errs.MsgTooLarge, errs.MsgTooLarge},
	http.StatusUnsupportedMediaType:  {"unsupported_media_type", "Erro", errs.MsgUnsupportedType},
	http.StatusUnprocessableEntity:   {"invalid_input", errs.MsgInvalidInput, errs.MsgFixErrors},
	http.StatusTooManyRequests:       {"rate_limited", errs.MsgRateLimited, errs.MsgRateLimited},
	http.StatusInternalServerError:   {"internal", "Erro", errs.MsgUnexpected},
	http.StatusServiceUnavailable:    {"unavailable", "Erro", errs.MsgUnavailable},
	statusClientClosedRequest:        {"client_closed_request", "Erro", errs.MsgBadRequest},
}

// statusClientClosedRequest answers a request whose client went away before
// the answer was ready (the status nginx logs for it). Nobody reads it and
// it is no fault of the server's, so the access log has it as information,
// not as a 500 error.
const statusClientClosedRequest = 499

// Abandoned reports an error that is only the request's context ending
// because its client disconnected.
func Abandoned(ctx context.Context, err error) bool {
	return errors.Is(err, context.Canceled) && errors.Is(ctx.Err(), context.Canceled)
}

// StatusProblem is the generic problem for a status, in pt-BR.
func StatusProblem(ctx context.Context, status int) *Problem {
	s, ok := statusCodes[status]
	if !ok {
		s = statusCodes[http.StatusInternalServerError]
		if status < 500 {
			s = statusCodes[http.StatusBadRequest]
		}
	}
	return &Problem{Title: s.title, Status: status, Detail: s.detail, Code: s.code, RequestID: RequestID(ctx)}
}

var kindStatus = map[errs.Kind]int{
	errs.KindInvalid:         http.StatusUnprocessableEntity,
	errs.KindUnauthenticated: http.StatusUnauthorized,
	errs.KindForbidden:       http.StatusForbidden,
	errs.KindNotFound:        http.StatusNotFound,
	errs.KindConflict:        http.StatusConflict,
	errs.KindTooLarge:        http.StatusRequestEntityTooLarge,
	errs.KindRateLimited:     http.StatusTooManyRequests,
	errs.KindUnavailable:     http.StatusServiceUnavailable,
	errs.KindInternal:        http.StatusInternalServerError,
}

// ProblemFrom maps any error a use case returns to the problem the client
// sees. Errors without a kind become a 500 whose detail says nothing
// internal; the cause goes to the log only.
func ProblemFrom(ctx context.Context, err error) *Problem {
	var p *Problem
	if errors.As(err, &p) {
		return p
	}
	e, ok := errs.As(err)
	if !ok && databaseDown(err) {
		e, ok = errs.Unavailable(CodeDatabaseDown, errs.MsgUnavailable, err), true
	}
	if !ok && Abandoned(ctx, err) {
		return StatusProblem(ctx, statusClientClosedRequest)
	}
	if !ok {
		LoggerFrom(ctx).Error("unexpected error", "err", err)
		return StatusProblem(ctx, http.StatusInternalServerError)
	}
	if e.Kind == errs.KindUnauthenticated && SessionUnchecked(ctx) {
		// The session check failed. When the client left meanwhile, its
		// own leaving is what stopped the check: nobody reads the answer,
		// and the database is not down.
		if errors.Is(ctx.Err(), context.Canceled) {
			return StatusProblem(ctx, statusClientClosedRequest)
		}
		e = errs.Unavailable(CodeDatabaseDown, errs.MsgUnavailable, err)
	}
	status := kindStatus[e.Kind]
	p = StatusProblem(ctx, status)
	p.Code, p.Detail = e.Code, e.Message
	if e.Title != "" {
		p.Title = e.Title
	}
	for field, msg := range e.Fields {
		p.Errors = append(p.Errors, FieldError{Location: "body." + field, Message: msg})
	}
	if e.RetryAfter == 0 && e.Code == CodeDatabaseDown {
		e.RetryAfter = DatabaseRetryAfter
	}
	if e.RetryAfter > 0 {
		secs := int(e.RetryAfter.Seconds() + 0.999)
		p.headers = http.Header{"Retry-After": {strconv.Itoa(secs)}}
	}
	if status >= 500 {
		LoggerFrom(ctx).Error("request failed", "code", e.Code, "err", err)
	}
	return p
}

// NoContent is the answer of an operation that answers 204 No Content when
// its use case succeeds: no body, or the use case's error as a problem.
func NoContent(ctx context.Context, err error) (*struct{}, error) {
	if err != nil {
		return nil, ProblemFrom(ctx, err)
	}
	return nil, nil
}

// WriteProblem answers a plain (non-Huma) handler's request with a problem.
func WriteProblem(w http.ResponseWriter, p *Problem) {
	for k, v := range p.headers {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(p)
}
