// Package app keeps the 'Seguindo' feed: each member's timeline holds
// the posts of the people they follow and their own, written when a post is
// made (fan-out on write) rather than gathered when read, so reading stays
// one index range however many people a member follows.
//
// The exception is an author with more followers than the setting
// timelines.pull_above_followers (PlaceNewPost.PullAbove): writing
// each of their posts into every follower's timeline took 20 to 30 s at
// 100,000 followers, and their followers waited that long to see it. Such
// an author is pulled: their posts are read from the posts table when a
// follower reads 'Seguindo' (one index range per pulled author followed),
// and are visible to every follower at the post's commit.
//
// A new post by an author with a small audience is written into every
// timeline by its own transaction (PlaceNewPost); every other use case here
// runs as an idempotent job, enqueued by the write that causes it (a post
// with a large audience, a follow, an unfollow) in its own transaction.
package app

// Cap is how many posts a member's timeline keeps; older ones are trimmed.
const Cap = 800

// BackfillPosts is how many of a newly followed member's recent posts join
// the follower's timeline at once.
const BackfillPosts = 100

// FanOutBatch is how many followers one fan-out statement writes.
const FanOutBatch = 5000
