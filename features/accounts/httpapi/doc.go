// Package httpapi is the HTTP face of accounts and sessions
// (/api/v1/auth): Huma operations that call features/accounts/app, one per
// file, the session shape and the refresh-token transports (cookie for the
// SPA, body for API clients).
package httpapi
