// Package app holds the direct messages' use cases, one per file: starting
// (or finding) the one conversation of a pair, the inbox, a conversation's
// messages, sending, the read marker, the unread total, the member's
// setting of who may message them, and who may follow the per-member
// realtime topic messages:{id}. Events are published after the
// transaction commits.
package app
