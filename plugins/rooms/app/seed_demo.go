package app

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Demo rooms: one on a built-in station, and one playing the built-in
// track (plugins/rooms/demotrack), whose playback the host leads, so both
// kinds of room can be tried without internet access for the track.
const (
	DemoStationID      = "fallback-jazz"
	DemoRadioName      = "Jazz ao Vivo"
	DemoRadioAbout     = "Uma rádio de jazz para ouvir junto e conversar no chat."
	DemoTrackName      = "Sessão Acústica"
	DemoTrackAbout     = "Uma faixa curta em que o host controla a reprodução: todos ouvem o mesmo trecho."
	DemoTrackTitle     = "Melodia de Demonstração"
	DemoTrackArtist    = "Social"
	DemoTrackSourceTag = "demo"
)

// DemoKind is the kind of the demo rooms' marks in DemoRows.
const DemoKind = "room"

// DemoRows records the rows a member's demo data created, by kind
// (plugin.DemoRows), in the transaction of ctx.
type DemoRows interface {
	Record(ctx context.Context, member domain.UserID, kind string, id uuid.UUID) error
	Take(ctx context.Context, member domain.UserID, kind string) ([]uuid.UUID, error)
}

// SeedDemo opens a member's demo rooms, hosted by them. Like every room,
// they end once left empty for rooms.idle_after. It joins the transaction
// of ctx (the core's demo seeding) and publishes nothing.
type SeedDemo struct {
	Store     Store
	Directory Directory
	Clock     ports.Clock
	// TrackURL is the built-in track's absolute address.
	TrackURL string
	// Rows marks each demo room, so that ClearDemo finds them.
	Rows DemoRows
}

// Handle creates the rooms and answers a one-line summary.
func (uc *SeedDemo) Handle(ctx context.Context, member domain.UserID) (string, error) {
	station, err := uc.Directory.Station(ctx, DemoStationID)
	if err != nil {
		return "", fmt.Errorf("demo room station: %w", err)
	}
	now := uc.Clock.Now()
	radioAbout, trackAbout := DemoRadioAbout, DemoTrackAbout
	title, artist, source := DemoTrackTitle, DemoTrackArtist, DemoTrackSourceTag
	country := station.Country
	rooms := []Room{
		{Name: DemoRadioName, Description: &radioAbout, TrackSource: SourceRadio, TrackID: &station.ID,
			CurrentTrack: &station.Name, CurrentArtist: nonEmpty(&country), TrackPreviewURL: &station.StreamURL,
			TrackImageURL: nonEmpty(&station.Favicon)},
		{Name: DemoTrackName, Description: &trackAbout, TrackSource: DemoTrackSourceTag, TrackID: &source,
			CurrentTrack: &title, CurrentArtist: &artist, TrackPreviewURL: &uc.TrackURL},
	}
	for i, r := range rooms {
		r.ID, r.HostID, r.IsPublic, r.IsActive = uuid.Must(uuid.NewV7()), member, true, true
		// The radio room is the newer one: it heads the list.
		r.CreatedAt = now.Add(-time.Duration(i) * time.Second)
		r.UpdatedAt = r.CreatedAt
		if err := uc.Store.InsertRoom(ctx, r); err != nil {
			return "", fmt.Errorf("demo room %q: %w", r.Name, err)
		}
		if err := uc.Rows.Record(ctx, member, DemoKind, r.ID); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("rooms: %d demo rooms opened (%s, %s)", len(rooms), DemoRadioName, DemoTrackName), nil
}

// DemoRoomDeleter deletes a room with its participants and chat.
type DemoRoomDeleter interface {
	// DeleteRoom answers false when the room was gone already.
	DeleteRoom(ctx context.Context, id uuid.UUID) (bool, error)
}

// ClearDemo deletes the demo rooms SeedDemo opened for a member that are
// still there; rooms the member opened themselves stay. A demo room still
// open first ends as its host ending it does (End), so whoever is inside
// hears room.ended, once the clearing commits. It joins the transaction
// of ctx (the core's demo clearing).
type ClearDemo struct {
	End   *EndRoom
	Rooms DemoRoomDeleter
	Rows  DemoRows
}

// Handle ends and deletes them and answers a one-line summary.
func (uc *ClearDemo) Handle(ctx context.Context, member domain.UserID) (string, error) {
	ids, err := uc.Rows.Take(ctx, member, DemoKind)
	if err != nil {
		return "", err
	}
	deleted := 0
	for _, id := range ids {
		// Not found: the room had ended already (left empty), or is gone.
		err := uc.End.Handle(ctx, domain.Viewer{UserID: member}, id)
		if e, ok := errs.As(err); err != nil && !(ok && e.Kind == errs.KindNotFound) {
			return "", fmt.Errorf("end demo room %s: %w", id, err)
		}
		gone, err := uc.Rooms.DeleteRoom(ctx, id)
		if err != nil {
			return "", fmt.Errorf("delete demo room %s: %w", id, err)
		}
		if gone {
			deleted++
		}
	}
	return fmt.Sprintf("rooms: %d demo rooms deleted", deleted), nil
}
