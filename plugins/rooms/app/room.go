package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	safety "social/features/safety/app"
)

// SourceRadio is the track_source of a room playing a live station.
const SourceRadio = "radio"

// Room is one listening room with its host's profile.
type Room struct {
	ID              uuid.UUID
	Name            string
	Description     *string
	HostID          domain.UserID
	Host            domain.MemberCard
	IsPublic        bool
	TrackSource     string
	TrackID         *string
	CurrentTrack    *string
	CurrentArtist   *string
	TrackPreviewURL *string
	// TrackImageURL is where the picture came from, for the server only;
	// TrackImagePath is the key of its copy, the one members see.
	TrackImageURL    *string
	TrackImagePath   *string
	IsActive         bool
	ParticipantCount int
	// Playback of a room that is not radio: the host's last command.
	IsPlaying       bool
	PositionSeconds float64
	PositionAt      *time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
	EndedAt         *time.Time
}

// Radio reports whether the room plays a live station (no playback state).
func (r Room) Radio() bool { return r.TrackSource == SourceRadio }

// Participant is a member present in a room.
type Participant struct {
	RoomID   uuid.UUID
	UserID   domain.UserID
	JoinedAt time.Time
	LastSeen time.Time
	Profile  domain.MemberCard
}

// Message is one chat message with its author's profile.
type Message struct {
	ID        uuid.UUID
	RoomID    uuid.UUID
	UserID    domain.UserID
	Text      string
	CreatedAt time.Time
	Author    domain.MemberCard
}

// Rooms are the dependencies the use cases share, and the join and leave
// every path (HTTP, presence, sweep) goes through.
type Rooms struct {
	Tx          ports.Transactor
	Store       Store
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
	Links       AvatarLinks
	// Committed, when set, holds what a room's end announces until the
	// transaction it ran in commits (the clearing of a member's demo data
	// ends their rooms in a larger one); without it, at once.
	Committed ports.AfterCommit
	// Access, when set, ends an ended room's live subscriptions once the
	// end was announced to them, and a removed member's.
	Access ports.AccessChanges
	// Safety tells which members a block keeps apart: a room is not
	// shown to a member in a block relation with its host, and chat lines
	// and participants are not shown across a block.
	Safety safety.Relations
}

// activeRoom reads room id, locked when lock, and answers 404 for a missing
// or ended room.
func (r *Rooms) activeRoom(ctx context.Context, id uuid.UUID, lock bool) (Room, error) {
	room, err := r.Store.Room(ctx, id, lock)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && !room.IsActive) {
		return Room{}, notFound()
	}
	return room, err
}

// roomFor reads room id (locked when lock) as member sees it: missing,
// ended or hosted by a member in a block relation with them, it is not
// found; a member banned from it is refused.
func (r *Rooms) roomFor(ctx context.Context, id uuid.UUID, member domain.UserID, lock bool) (Room, error) {
	room, err := r.activeRoom(ctx, id, lock)
	if err != nil || room.HostID == member {
		return room, err
	}
	blocked, err := r.Safety.EitherBlocks(ctx, room.HostID, member)
	if err != nil {
		return Room{}, err
	}
	if blocked {
		return Room{}, notFound()
	}
	_, banned, err := r.Store.Exclusion(ctx, id, member)
	if err != nil {
		return Room{}, err
	}
	if banned {
		return Room{}, errs.Forbidden(CodeBanned, MsgBanned)
	}
	return room, nil
}

// participantCountAfter runs move, a signed-in viewer's join or leave of
// room id, and answers the room's participant count.
func participantCountAfter(ctx context.Context, viewer domain.Viewer, id uuid.UUID,
	move func(ctx context.Context, id uuid.UUID, user domain.UserID) (count int, moved bool, err error)) (int, error) {
	if !viewer.SignedIn() {
		return 0, unauthenticated()
	}
	n, _, err := move(ctx, id, viewer.UserID)
	return n, err
}

// join adds user to the active room id; a member already there changes
// nothing (joined false). It is the member asking: one the host removed
// comes back (a banned one is refused). Events go out after the commit.
func (r *Rooms) join(ctx context.Context, id uuid.UUID, user domain.UserID) (count int, joined bool, err error) {
	return r.joinWith(ctx, id, user, true, nil)
}

// joinWith is join running also, first, inTx in its transaction on the
// locked room. Unless readmit, a member the host removed stays out.
func (r *Rooms) joinWith(ctx context.Context, id uuid.UUID, user domain.UserID, readmit bool, inTx func(ctx context.Context) error) (count int, joined bool, err error) {
	now := r.Clock.Now()
	var profile domain.MemberCard
	err = r.Tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := r.roomFor(ctx, id, user, true); err != nil {
			return err
		}
		excluded, _, err := r.Store.Exclusion(ctx, id, user)
		if err != nil {
			return err
		}
		if excluded && !readmit {
			return errs.Forbidden(CodeRemoved, MsgRemoved)
		}
		if excluded {
			if err := r.Store.Readmit(ctx, id, user); err != nil {
				return err
			}
		}
		if inTx != nil {
			if err := inTx(ctx); err != nil {
				return err
			}
		}
		added, err := r.Store.AddParticipant(ctx, id, user, now)
		if err != nil {
			return err
		}
		if !added {
			count, err = r.Store.Count(ctx, id)
			return err
		}
		joined = true
		if count, err = r.Store.Recount(ctx, id, now); err != nil {
			return err
		}
		profile, err = r.Store.Card(ctx, user)
		return err
	})
	if err != nil || !joined {
		return count, false, err
	}
	r.publish(ctx, id, EventParticipantJoined, ParticipantEvent{UserID: user.String(), ParticipantCount: count, Profile: r.eventProfile(ctx, profile)})
	r.publishList(ctx, EventCounted, CountEvent{RoomID: id.String(), ParticipantCount: count})
	return count, true, nil
}

// leave removes user from room id (active or not); a member not there
// changes nothing.
func (r *Rooms) leave(ctx context.Context, id uuid.UUID, user domain.UserID) (count int, left bool, err error) {
	return r.leaveUnless(ctx, id, user, nil)
}

// leaveUnless is leave, unless stay, asked in its transaction on the
// locked room, says the member stays.
func (r *Rooms) leaveUnless(ctx context.Context, id uuid.UUID, user domain.UserID, stay func(ctx context.Context) (bool, error)) (count int, left bool, err error) {
	now := r.Clock.Now()
	var profile domain.MemberCard
	err = r.Tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := r.Store.Room(ctx, id, true); err != nil {
			if errors.Is(err, domain.ErrNotFound) {
				return notFound()
			}
			return err
		}
		if stay != nil {
			if kept, err := stay(ctx); err != nil || kept {
				return err
			}
		}
		removed, err := r.Store.RemoveParticipant(ctx, id, user)
		if err != nil {
			return err
		}
		if !removed {
			count, err = r.Store.Count(ctx, id)
			return err
		}
		left = true
		if count, err = r.Store.Recount(ctx, id, now); err != nil {
			return err
		}
		profile, err = r.Store.Card(ctx, user)
		return err
	})
	if err != nil || !left {
		return count, false, err
	}
	r.publish(ctx, id, EventParticipantLeft, ParticipantEvent{UserID: user.String(), ParticipantCount: count, Profile: r.eventProfile(ctx, profile)})
	r.publishList(ctx, EventCounted, CountEvent{RoomID: id.String(), ParticipantCount: count})
	return count, true, nil
}

// end marks room id ended and empties it, then tells its subscribers.
// check runs in the transaction, on the locked room.
func (r *Rooms) end(ctx context.Context, id uuid.UUID, check func(ctx context.Context, room Room) error) error {
	now := r.Clock.Now()
	err := r.Tx.InTx(ctx, func(ctx context.Context) error {
		room, err := r.activeRoom(ctx, id, true)
		if err != nil {
			return err
		}
		if check != nil {
			if err := check(ctx, room); err != nil {
				return err
			}
		}
		return r.Store.End(ctx, id, now)
	})
	if err != nil {
		return err
	}
	announce := func(ctx context.Context) {
		ended := EndedEvent{RoomID: id.String(), EndedAt: now}
		r.publish(ctx, id, EventEnded, ended)
		r.publishList(ctx, EventEnded, ended)
		if r.Access != nil {
			r.Access.TopicAccessChanged(ctx, Topic(id))
		}
	}
	if r.Committed != nil {
		r.Committed.AfterCommit(ctx, announce)
	} else {
		announce(ctx)
	}
	return nil
}

// publish tells room id's subscribers, but those hidden from a member of
// about (a chat line's writer); a failure is only logged (clients resync
// over HTTP).
func (r *Rooms) publish(ctx context.Context, id uuid.UUID, typ string, data any, about ...domain.UserID) {
	if err := r.Broadcaster.Publish(context.WithoutCancel(ctx), Topic(id), ports.Event{Type: typ, Data: data, About: about}); err != nil {
		r.Log.Warn("rooms: publish", "event", typ, "room", id.String(), "err", err)
	}
}

// publishList tells the members on the rooms list.
func (r *Rooms) publishList(ctx context.Context, typ string, data any) {
	if err := r.Broadcaster.Publish(context.WithoutCancel(ctx), ListTopic, ports.Event{Type: typ, Data: data}); err != nil {
		r.Log.Warn("rooms: publish list", "event", typ, "err", err)
	}
}

func errf(format string, args ...any) error { return fmt.Errorf("rooms: "+format, args...) }
