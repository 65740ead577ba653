// Package app holds the use cases of two-step sign-in: the authenticator
// app (TOTP) with its recovery codes, passkeys (WebAuthn) as a second step
// and as a sign-in of their own, and the pending second step a right
// password earns. One use case per file; the store they share is in
// store.go.
package app
