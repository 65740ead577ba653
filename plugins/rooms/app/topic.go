package app

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// TopicPrefix begins every room topic: room:{id}.
const TopicPrefix = "room:"

// Topic is the realtime topic of room id.
func Topic(id uuid.UUID) string { return TopicPrefix + id.String() }

// ListTopicPrefix and ListTopic: the one topic telling every signed-in
// member on the rooms list that a room opened, ended or changed its count.
const (
	ListTopicPrefix = "rooms:"
	ListTopic       = ListTopicPrefix + "list"
)

// RoomOf parses a room topic.
func RoomOf(topic string) (uuid.UUID, bool) {
	rest, ok := strings.CutPrefix(topic, TopicPrefix)
	if !ok {
		return uuid.UUID{}, false
	}
	id, err := uuid.Parse(rest)
	if err != nil || id.String() != rest {
		return uuid.UUID{}, false
	}
	return id, true
}

// Events on room:{id}.
const (
	EventParticipantJoined = "room.participant_joined"
	EventParticipantLeft   = "room.participant_left"
	EventChat              = "room.message"
	EventPlayback          = "room.playback"
	EventEnded             = "room.ended"
	// EventParticipantRemoved: the host took a member out (banned or not);
	// the member's own screen says so.
	EventParticipantRemoved = "room.participant_removed"
)

// Events on rooms:list (room.ended too, with EndedEvent).
const (
	EventCreated = "room.created"
	EventCounted = "room.participant_count"
)

// CreatedEvent is the data of room.created: clients read the room over HTTP.
type CreatedEvent struct {
	RoomID string `json:"room_id"`
}

// CountEvent is the data of room.participant_count.
type CountEvent struct {
	RoomID           string `json:"room_id"`
	ParticipantCount int    `json:"participant_count"`
}

// EventProfile is a member's profile in events, as in the HTTP answers.
type EventProfile struct {
	ID          string  `json:"id"`
	Handle      string  `json:"handle"`
	DisplayName string  `json:"display_name"`
	AvatarURL   *string `json:"avatar_url"`
	// AvatarVariants let a participant's small circle load a copy its size.
	AvatarVariants []ports.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
}

// ParticipantEvent is the data of room.participant_joined and _left.
type ParticipantEvent struct {
	UserID           string       `json:"user_id"`
	ParticipantCount int          `json:"participant_count"`
	Profile          EventProfile `json:"profile"`
}

// EventMessage is a chat message in events, as in the HTTP answers.
type EventMessage struct {
	ID        string       `json:"id"`
	RoomID    string       `json:"room_id"`
	UserID    string       `json:"user_id"`
	Text      string       `json:"text"`
	CreatedAt time.Time    `json:"created_at"`
	Author    EventProfile `json:"author"`
}

// RemovedEvent is the data of room.participant_removed.
type RemovedEvent struct {
	UserID string `json:"user_id"`
	Banned bool   `json:"banned"`
}

// MessageEvent is the data of room.message.
type MessageEvent struct {
	Message EventMessage `json:"message"`
}

// PlaybackEvent is the data of room.playback.
type PlaybackEvent struct {
	Action          string    `json:"action"`
	PositionSeconds float64   `json:"position_seconds"`
	At              time.Time `json:"at"`
}

// EndedEvent is the data of room.ended.
type EndedEvent struct {
	RoomID  string    `json:"room_id"`
	EndedAt time.Time `json:"ended_at"`
}

// AvatarLinks signs profile pictures' storage paths (nil for none) and
// their square copies'.
type AvatarLinks interface {
	URL(ctx context.Context, path *string) *string
	PictureCopies(ctx context.Context, path *string) []ports.PictureCopy
}

func (r *Rooms) eventProfile(ctx context.Context, p domain.MemberCard) EventProfile {
	out := EventProfile{ID: p.ID.String(), Handle: p.Handle, DisplayName: p.DisplayName,
		AvatarVariants: []ports.PictureCopy{}}
	if r.Links != nil {
		out.AvatarURL = r.Links.URL(ctx, p.AvatarPath)
		out.AvatarVariants = r.Links.PictureCopies(ctx, p.AvatarPath)
	}
	return out
}

func (r *Rooms) eventMessage(ctx context.Context, m Message) EventMessage {
	return EventMessage{ID: m.ID.String(), RoomID: m.RoomID.String(), UserID: m.UserID.String(), Text: m.Text,
		CreatedAt: m.CreatedAt, Author: r.eventProfile(ctx, m.Author)}
}

// AuthorizeTopic decides who may follow room:{id}: any signed-in member,
// while the room is active (every room is public), but a member in a block
// relation with its host and one the host removed (until they join again
// over HTTP) or banned.
type AuthorizeTopic struct{ *Rooms }

var errRefused = errors.New("room topic refused")

// Handle is nil when the viewer in ctx may subscribe to topic.
func (uc *AuthorizeTopic) Handle(ctx context.Context, topic string) error {
	id, ok := RoomOf(topic)
	if !ok || !domain.ViewerFrom(ctx).SignedIn() {
		return errRefused
	}
	viewer := domain.ViewerFrom(ctx).UserID
	if _, err := uc.roomFor(ctx, id, viewer, false); err != nil {
		return err
	}
	excluded, _, err := uc.Store.Exclusion(ctx, id, viewer)
	if err != nil {
		return err
	}
	if excluded {
		return errRefused
	}
	return nil
}

// AuthorizeListTopic lets any signed-in member follow rooms:list.
type AuthorizeListTopic struct{}

// Handle is nil when the viewer in ctx may subscribe to topic.
func (AuthorizeListTopic) Handle(ctx context.Context, topic string) error {
	if topic != ListTopic || !domain.ViewerFrom(ctx).SignedIn() {
		return errRefused
	}
	return nil
}
