// Package app holds the use cases of following members, one per file:
// follow, unfollow, the followers and following lists, and a profile read
// with whether the viewer follows it. Each declares the small store
// interface it needs.
package app
