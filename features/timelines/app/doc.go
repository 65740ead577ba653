// Package app keeps the 'Seguindo' feed: each member's timeline holds
// the posts of the people they follow and their own, written when a post is
// made (fan-out on write) rather than gathered when read, so reading stays
// one index range however many people a member follows.
//
// Every use case here runs as an idempotent job: the writes that cause them
// (a post, a follow, an unfollow) enqueue them in their own transaction.
package app

// Cap is how many posts a member's timeline keeps; older ones are trimmed.
const Cap = 800

// BackfillPosts is how many of a newly followed member's recent posts join
// the follower's timeline at once.
const BackfillPosts = 100

// FanOutBatch is how many followers one fan-out statement writes.
const FanOutBatch = 5000
