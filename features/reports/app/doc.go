// Package app holds the use cases of members reporting posts and
// comments to moderators, one per file, each declaring the small store
// interface it needs.
package app
