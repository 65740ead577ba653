// Package httpapi is the HTTP face of member profiles (/api/v1/profiles):
// Huma operations that call features/profiles/app, one per file, and the
// Profile shape with signed media links.
package httpapi
