// Package postsapi serves posts and the public feed under /api/v1 (posts,
// likes, shares, the feed) and works the posts.fill_link_preview job.
package postsapi
