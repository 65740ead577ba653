// Package pgstore keeps two-step sign-in in PostgreSQL: authenticator-app
// secrets, recovery codes (hashed), passkeys, the single-use challenges of
// pending second steps and WebAuthn ceremonies, and wrong-code counts.
package pgstore
