// Package app holds the use cases of what only the Mastodon client API
// keeps: the instance's figures apps show and the markers (where a member
// stopped reading a timeline). Everything else is the core features'.
package app
