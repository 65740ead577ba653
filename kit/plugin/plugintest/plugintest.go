// Package plugintest has the fakes a plugin's use case tests share: the
// safety feature's block relations and a broadcaster that keeps what it
// heard, both in memory.
package plugintest

import (
	"context"

	"social/core/domain"
	"social/core/ports"
)

// Blocks are the safety feature's relations in memory (safety.Relations):
// each key is a pair (blocker, blocked).
type Blocks map[[2]domain.UserID]bool

// Block records that blocker blocks blocked.
func (b Blocks) Block(blocker, blocked domain.UserID) { b[[2]domain.UserID{blocker, blocked}] = true }

// EitherBlocks reports whether a blocks b or b blocks a.
func (b Blocks) EitherBlocks(_ context.Context, x, y domain.UserID) (bool, error) {
	return b[[2]domain.UserID{x, y}] || b[[2]domain.UserID{y, x}], nil
}

// BlockedAmong answers those of among in a block relation with member.
func (b Blocks) BlockedAmong(ctx context.Context, member domain.UserID, among []domain.UserID) ([]domain.UserID, error) {
	var out []domain.UserID
	for _, id := range among {
		if either, _ := b.EitherBlocks(ctx, member, id); either && id != member {
			out = append(out, id)
		}
	}
	return out, nil
}

// BlockersOf lists the members who block member.
func (b Blocks) BlockersOf(_ context.Context, member domain.UserID) ([]domain.UserID, error) {
	var out []domain.UserID
	for pair := range b {
		if pair[1] == member {
			out = append(out, pair[0])
		}
	}
	return out, nil
}

// HiddenFrom lists the members in a block relation with viewer (nobody
// is muted here).
func (b Blocks) HiddenFrom(_ context.Context, viewer domain.UserID) ([]domain.HiddenMember, error) {
	var out []domain.HiddenMember
	for pair := range b {
		switch viewer {
		case pair[0]:
			out = append(out, domain.HiddenMember{ID: pair[1], Blocked: true})
		case pair[1]:
			out = append(out, domain.HiddenMember{ID: pair[0], Blocked: true})
		}
	}
	return out, nil
}

// Heard is a ports.Broadcaster keeping each event by topic.
type Heard map[string][]ports.Event

// Publish keeps ev under topic.
func (h Heard) Publish(_ context.Context, topic string, ev ports.Event) error {
	h[topic] = append(h[topic], ev)
	return nil
}

// Types are the types of the events heard on topic, in order.
func (h Heard) Types(topic string) []string {
	var out []string
	for _, ev := range h[topic] {
		out = append(out, ev.Type)
	}
	return out
}
