package app

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// NewRoom is the creation form: a name and either a station of the
// directory or an explicit track.
type NewRoom struct {
	Name        string
	Description *string
	StationID   string
	IsPublic    *bool
	// An explicit track when StationID is empty; TrackPreviewURL (the
	// audio address) is then required.
	TrackSource     string
	TrackID         *string
	CurrentTrack    *string
	CurrentArtist   *string
	TrackPreviewURL *string
	TrackImageURL   *string
}

// CreateRoom opens a room hosted by the viewer.
type CreateRoom struct {
	*Rooms
	Directory Directory
	// Streams are the hosts an explicit track may play from.
	Streams StreamHosts
	// Images enqueues the copy of the room's picture; nil copies none.
	Images TrackImageQueue
}

// Handle stores the room and answers it. The host joins by entering it.
func (uc *CreateRoom) Handle(ctx context.Context, viewer domain.Viewer, in NewRoom) (Room, error) {
	if !viewer.SignedIn() {
		return Room{}, unauthenticated()
	}
	name := domain.CleanName(in.Name)
	station := strings.TrimSpace(in.StationID)
	explicit := in.TrackPreviewURL != nil && strings.TrimSpace(*in.TrackPreviewURL) != ""
	if name == "" || (station == "" && !explicit) {
		return Room{}, errs.Invalid(CodeFieldsRequired, MsgFieldsRequired, nil)
	}
	if utf8.RuneCountInString(name) > MaxName {
		return Room{}, errs.Invalid(CodeInvalid, MsgNameTooLong, map[string]string{"name": MsgNameTooLong})
	}
	desc := trimmed(in.Description)
	if desc != nil && utf8.RuneCountInString(*desc) > MaxDescription {
		return Room{}, errs.Invalid(CodeInvalid, MsgDescTooLong, map[string]string{"description": MsgDescTooLong})
	}
	now := uc.Clock.Now()
	r := Room{ID: uuid.Must(uuid.NewV7()), Name: name, Description: desc, HostID: viewer.UserID, IsPublic: true,
		IsActive: true, CreatedAt: now, UpdatedAt: now}
	if in.IsPublic != nil {
		r.IsPublic = *in.IsPublic
	}
	if station != "" {
		s, err := uc.Directory.Station(ctx, station)
		if errors.Is(err, ErrUnknownStation) {
			return Room{}, errs.Invalid(CodeUnknownStation, MsgUnknownStation, map[string]string{"station_id": MsgUnknownStation})
		}
		if err != nil {
			return Room{}, errs.Unavailable(CodeUnknownStation, MsgUnknownStation, err)
		}
		r.TrackSource = SourceRadio
		r.TrackID, r.CurrentTrack, r.TrackPreviewURL = &s.ID, &s.Name, &s.StreamURL
		artist := s.Country
		r.CurrentArtist = nonEmpty(&artist)
		r.TrackImageURL = nonEmpty(&s.Favicon)
	} else {
		r.TrackSource = strings.TrimSpace(in.TrackSource)
		if r.TrackSource == "" {
			r.TrackSource = "preview"
		}
		if len(r.TrackSource) > 30 || !audioURL(*in.TrackPreviewURL) || (in.TrackImageURL != nil && *in.TrackImageURL != "" && !audioURL(*in.TrackImageURL)) {
			return Room{}, errs.Invalid(CodeInvalid, MsgBadTrack, map[string]string{"track_preview_url": MsgBadTrack})
		}
		if !uc.Streams.Allow(*in.TrackPreviewURL) {
			return Room{}, errs.Invalid(CodeStreamNotAllowed, MsgStreamNotAllowed,
				map[string]string{"track_preview_url": MsgStreamNotAllowed})
		}
		r.TrackID, r.CurrentTrack, r.CurrentArtist = clip(in.TrackID, 200), clip(in.CurrentTrack, 300), clip(in.CurrentArtist, 300)
		r.TrackPreviewURL, r.TrackImageURL = trimmed(in.TrackPreviewURL), trimmed(in.TrackImageURL)
	}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.Store.InsertRoom(ctx, r); err != nil {
			return err
		}
		if r.TrackImageURL == nil || uc.Images == nil {
			return nil
		}
		return uc.Images.EnqueueTrackImage(ctx, r.ID)
	})
	if errors.Is(err, ErrNoProfile) {
		return Room{}, errs.Invalid(CodeNoProfile, MsgNoProfile, nil)
	}
	if err != nil {
		return Room{}, err
	}
	uc.publishList(ctx, EventCreated, CreatedEvent{RoomID: r.ID.String()})
	return uc.Store.Room(ctx, r.ID, false)
}

func trimmed(s *string) *string {
	if s == nil {
		return nil
	}
	t := strings.TrimSpace(*s)
	return nonEmpty(&t)
}

func nonEmpty(s *string) *string {
	if s == nil || *s == "" {
		return nil
	}
	return s
}

func clip(s *string, n int) *string {
	t := trimmed(s)
	if t != nil && utf8.RuneCountInString(*t) > n {
		c := string([]rune(*t)[:n])
		t = &c
	}
	return t
}

func audioURL(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && len(raw) <= 2000
}
