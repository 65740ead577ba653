// Package errs gives the core's errors a kind (what went wrong for the
// caller), a stable machine code and a pt-BR message safe to show a member,
// kept apart from the internal cause that only the logs see.
package errs

import (
	"errors"
	"fmt"
	"time"
)

// Kind is what the caller did wrong, or what the server could not do.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindUnauthenticated
	KindForbidden
	KindNotFound
	KindConflict
	KindTooLarge
	KindRateLimited
	KindUnavailable
)

// Error is an error the API may show. Message is the exact pt-BR text a
// member reads; Code never changes once published.
type Error struct {
	Kind    Kind
	Code    string
	Title   string // optional short pt-BR title (a toast's title), e.g. "Muitas tentativas"
	Message string
	// Fields holds per-field messages (field name -> pt-BR message) for forms.
	Fields map[string]string
	// RetryAfter tells a rate-limited caller when to try again.
	RetryAfter time.Duration
	// Cause is internal detail for the logs; never shown.
	Cause error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Cause)
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Cause }

// New makes an error of kind with a code and a pt-BR message.
func New(kind Kind, code, message string) *Error {
	return &Error{Kind: kind, Code: code, Message: message}
}

// Invalid is bad input; fields maps each field at fault to its message.
func Invalid(code, message string, fields map[string]string) *Error {
	return &Error{Kind: KindInvalid, Code: code, Message: message, Fields: fields}
}

// NotFound is a missing (or invisible to this viewer) resource.
func NotFound(code, message string) *Error { return New(KindNotFound, code, message) }

// Forbidden is a signed-in viewer acting beyond their rights.
func Forbidden(code, message string) *Error { return New(KindForbidden, code, message) }

// Unauthenticated is an action that needs a session.
func Unauthenticated(code, message string) *Error { return New(KindUnauthenticated, code, message) }

// Conflict is a write clashing with stored state (a duplicate name).
func Conflict(code, message string) *Error { return New(KindConflict, code, message) }

// RateLimited tells the caller to slow down and when to come back.
func RateLimited(code, title, message string, retryAfter time.Duration) *Error {
	return &Error{Kind: KindRateLimited, Code: code, Title: title, Message: message, RetryAfter: retryAfter}
}

// Unavailable is a dependency that is down; the caller may retry.
func Unavailable(code, message string, cause error) *Error {
	return &Error{Kind: KindUnavailable, Code: code, Message: message, Cause: cause}
}

// As finds an *Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
