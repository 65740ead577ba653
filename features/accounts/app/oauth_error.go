package app

import (
	"fmt"
	"time"
)

// OAuthError is a refusal of the OAuth endpoints: an RFC 6749 error code
// and a pt-BR description safe to show (RFC 6749 section 5.2).
type OAuthError struct {
	Code        string
	Description string
}

func (e *OAuthError) Error() string { return "oauth: " + e.Code + ": " + e.Description }

func oauthErr(code, description string, args ...any) *OAuthError {
	if len(args) > 0 {
		description = fmt.Sprintf(description, args...)
	}
	return &OAuthError{Code: code, Description: description}
}

// OAuthRateLimited is the code of a request over a rate limit, which the
// endpoints answer 429 with Retry-After (RFC 6749 has no code for it).
const OAuthRateLimited = "rate_limited"

// OAuthRateLimit is a refusal for too many requests: wait RetryAfter.
type OAuthRateLimit struct {
	OAuthError
	RetryAfter time.Duration
}

func oauthRateLimited(message string, retryAfter time.Duration) *OAuthRateLimit {
	return &OAuthRateLimit{OAuthError: OAuthError{Code: OAuthRateLimited, Description: message}, RetryAfter: retryAfter}
}

// OAuthValidation is the code of a refused app registration, which
// Mastodon answers 422 {"error": "..."}.
const OAuthValidation = "validation_failed"
