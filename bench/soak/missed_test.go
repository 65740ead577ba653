package soak

import (
	"testing"
	"time"
)

// A missed live event names the node its member's socket was on when it
// left (or that the socket was down) and the fault step nearest in time.
func TestAMissedEventSaysWhereItsSocketWasAndTheNearestFault(t *testing.T) {
	start := time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)
	s := &soak{start: start}
	w := &watcher{post: "p1", sockets: []socketSpan{
		{node: "node2", from: start, to: start.Add(60 * time.Second)},
		{node: "node1", from: start.Add(60*time.Second + 70*time.Millisecond)},
	}}
	faults := []FaultEvent{{AtS: 60, Action: "kill node2"}, {AtS: 150, Action: "kill nats1"}}

	on := s.missed(sentComment{watcher: w, id: "c1", acked: start.Add(152 * time.Second)}, faults)
	if on.Node != "node1" || on.NearestFault != "kill nats1" || on.FromFaultS != 2 || on.Kind != "comment.created" ||
		on.PostID != "p1" || on.CommentID != "c1" || on.AtS != 152 {
		t.Fatalf("event on an open socket: %+v", on)
	}
	gap := s.missed(sentComment{watcher: w, id: "c2", acked: start.Add(60*time.Second + 30*time.Millisecond)}, faults)
	if gap.Node != "no socket (reconnecting)" || gap.NearestFault != "kill node2" || gap.FromFaultS != 0 {
		t.Fatalf("event while the socket was down: %+v", gap)
	}
	before := s.missed(sentComment{watcher: w, id: "c3", acked: start.Add(58 * time.Second)}, faults)
	if before.Node != "node2" || before.FromFaultS != -2 {
		t.Fatalf("event before the fault: %+v", before)
	}
}
