// Package httpapi serves comments on posts under /api/v1: a post's
// thread, commenting, and deleting a comment.
package httpapi
