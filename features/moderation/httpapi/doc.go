// Package httpapi serves the console's moderation resources under
// /api/v1/admin (profiles, posts, reports, hashtags, audit) on
// features/moderation/app, and provides the audit log to plugins.
package httpapi
