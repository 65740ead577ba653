// Package app holds the use cases of what only the Mastodon client API
// keeps: the markers (where a member stopped reading a timeline).
// Everything else is the core features', the instance's figures included.
package app
