// Package httpapi serves posts and the public feed under /api/v1 (posts,
// likes, shares, the feed, posts with an image or a video) and works the
// posts.fill_link_preview and posts.delete_media jobs.
package httpapi
