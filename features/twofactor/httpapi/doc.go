// Package httpapi is the HTTP face of two-step sign-in: completing a
// pending second step, signing in with a passkey, and the viewer's own
// authenticator app, recovery codes and passkeys (/api/v1/auth/...).
package httpapi
