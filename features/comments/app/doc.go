// Package app holds the use cases of comments on posts, one per file,
// each declaring the small store interface it needs.
package app
