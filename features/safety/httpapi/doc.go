// Package httpapi is the HTTP face of blocks, mutes and muted words:
// block and mute a handle under /api/v1/profiles, and the viewer's own
// lists under /api/v1/safety, one Huma operation per file calling
// features/safety/app.
package httpapi
