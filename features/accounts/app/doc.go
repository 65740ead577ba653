// Package app holds the use cases of member accounts: sign-up, e-mail
// confirmation, sign-in, sessions (rotating refresh tokens with reuse
// detection, absolute lifetime), sign-out and password recovery. Each use
// case is one file and declares the small store interfaces it needs.
package app
