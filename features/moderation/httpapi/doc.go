// Package httpapi serves the console's moderation resources under
// /api/v1/admin (profiles, posts, reports, hashtags, audit) on
// core/app/moderation, and provides the audit log to plugins.
package httpapi
