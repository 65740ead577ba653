// Package app holds the use cases of search: answering a member's query
// with users, public posts and the kinds plugins contribute, bringing the
// queued documents of the index up to date with the database, and
// rebuilding the whole index.
package app
