package portstest

import (
	"context"
	"errors"

	"social/core/ports"
)

// Broadcasts is a ports.Broadcaster that keeps every topic and event it is
// given, in order, or refuses them all while Failing, as a broker that is
// down would.
type Broadcasts struct {
	Topics  []string
	Events  []ports.Event
	Failing bool
}

// Publish records topic and event, or fails.
func (b *Broadcasts) Publish(_ context.Context, topic string, event ports.Event) error {
	if b.Failing {
		return errors.New("broker down")
	}
	b.Topics, b.Events = append(b.Topics, topic), append(b.Events, event)
	return nil
}

// Heard tells whether an event of the type was published on topic.
func (b *Broadcasts) Heard(topic, eventType string) bool {
	for i, t := range b.Topics {
		if t == topic && b.Events[i].Type == eventType {
			return true
		}
	}
	return false
}
