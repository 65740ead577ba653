package app

import "fmt"

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

// OAuthValidation is the code of a refused app registration, which
// Mastodon answers 422 {"error": "..."}.
const OAuthValidation = "validation_failed"
