// Package app holds the listening rooms' use cases, one per file: rooms tied
// to a live radio station (or a track the host plays), their participants,
// their chat, the host's playback control, presence over the realtime topic
// room:{id} and the sweep of stale participants and idle rooms. Events are
// published after the transaction commits.
package app
