// Package auth authenticates HTTP requests: it signs and checks access
// tokens (HS256 JWTs), puts the viewer (domain.Viewer) and the client's
// address in every request's context, and writes the refresh-token cookie.
package auth
