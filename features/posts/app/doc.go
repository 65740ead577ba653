// Package app holds the use cases of posts and the public feed, one per
// file, each declaring the small store interface it needs.
package app
