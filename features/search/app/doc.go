// Package app holds the use cases of search: answering a member's query
// with users, communities and public posts, bringing one document of the
// index up to date with the database, and rebuilding the whole index.
package app
