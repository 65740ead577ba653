// Package httpapi is the HTTP face of follows under /api/v1/profiles:
// follow and unfollow a handle, and a profile's followers and following,
// one Huma operation per file calling features/follows/app.
package httpapi
