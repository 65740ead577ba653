// Package httpapi serves the rooms plugin under /api/v1/rooms (handlers only
// translate: every rule is in app) and its admin resource.
package httpapi

import (
	"context"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/kit/httpkit"
	"social/plugins/rooms/app"
)

// RoomPlayback is where a non-radio room's track is: position_seconds at
// position_at, moving on when is_playing.
type RoomPlayback struct {
	IsPlaying       bool       `json:"is_playing"`
	PositionSeconds float64    `json:"position_seconds"`
	PositionAt      *time.Time `json:"position_at" doc:"When the host last played, paused or sought; null before."`
}

// ListeningRoom is one listening room.
type ListeningRoom struct {
	ID               string           `json:"id" format:"uuid"`
	Name             string           `json:"name"`
	Description      *string          `json:"description"`
	HostID           string           `json:"host_id" format:"uuid"`
	Host             app.EventProfile `json:"host"`
	IsPublic         bool             `json:"is_public" doc:"Stored; every room is listed whatever its value."`
	TrackSource      string           `json:"track_source" doc:"radio for a live station, else the source of the track (preview by default)."`
	TrackID          *string          `json:"track_id" doc:"For radio, the station ID."`
	CurrentTrack     *string          `json:"current_track" doc:"For radio, the station's name."`
	CurrentArtist    *string          `json:"current_artist" doc:"For radio, the station's country."`
	TrackPreviewURL  *string          `json:"track_preview_url" doc:"The audio address: the station's stream for radio."`
	TrackImageURL    *string          `json:"track_image_url" doc:"Signed link to the server's copy of the room's picture (for radio, the station's logo), or null: never the address the directory or the host gave. Null until the copy is made, or when the picture could not be had."`
	IsActive         bool             `json:"is_active"`
	ParticipantCount int              `json:"participant_count"`
	Playback         *RoomPlayback    `json:"playback" doc:"Null for radio rooms (they play live)."`
	CreatedAt        time.Time        `json:"created_at"`
	UpdatedAt        time.Time        `json:"updated_at"`
	EndedAt          *time.Time       `json:"ended_at"`
}

// TransformSchema says in the document that playback may be null: Huma
// cannot mark a field nullable when its schema is a reference, so the
// reference goes under allOf beside a nullable object type (which the
// document's 3.0 form turns into nullable: true).
func (ListeningRoom) TransformSchema(_ huma.Registry, s *huma.Schema) *huma.Schema {
	if p := s.Properties["playback"]; p != nil && p.Ref != "" {
		s.Properties["playback"] = &huma.Schema{Description: p.Description,
			Type: "object", Nullable: true, AllOf: []*huma.Schema{{Ref: p.Ref}}}
	}
	return s
}

// RoomParticipant is a member present in a room.
type RoomParticipant struct {
	UserID   string           `json:"user_id" format:"uuid"`
	IsHost   bool             `json:"is_host"`
	JoinedAt time.Time        `json:"joined_at"`
	Profile  app.EventProfile `json:"profile"`
}

// RoomStation is a live radio station.
type RoomStation struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Country   string   `json:"country"`
	Tags      []string `json:"tags"`
	StreamURL string   `json:"stream_url"`
}

// present turns use case results into answers with signed links.
type present struct{ media httpkit.MediaLinks }

func (p present) profile(ctx context.Context, pr domain.MemberCard) app.EventProfile {
	return app.EventProfile{ID: pr.ID.String(), Handle: pr.Handle, DisplayName: pr.DisplayName,
		AvatarURL: p.media.URL(ctx, pr.AvatarPath), AvatarVariants: p.media.PictureCopies(ctx, pr.AvatarPath)}
}

func (p present) room(ctx context.Context, r app.Room) ListeningRoom {
	out := ListeningRoom{ID: r.ID.String(), Name: r.Name, Description: r.Description, HostID: r.HostID.String(),
		Host: p.profile(ctx, r.Host), IsPublic: r.IsPublic, TrackSource: r.TrackSource, TrackID: r.TrackID,
		CurrentTrack: r.CurrentTrack, CurrentArtist: r.CurrentArtist, TrackPreviewURL: r.TrackPreviewURL,
		TrackImageURL: p.media.URL(ctx, r.TrackImagePath), IsActive: r.IsActive, ParticipantCount: r.ParticipantCount,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, EndedAt: r.EndedAt}
	if !r.Radio() {
		out.Playback = &RoomPlayback{IsPlaying: r.IsPlaying, PositionSeconds: r.PositionSeconds, PositionAt: r.PositionAt}
	}
	return out
}

func (p present) message(ctx context.Context, m app.Message) app.EventMessage {
	return app.EventMessage{ID: m.ID.String(), RoomID: m.RoomID.String(), UserID: m.UserID.String(), Text: m.Text,
		CreatedAt: m.CreatedAt, Author: p.profile(ctx, m.Author)}
}

// RoomPath is the {id} of a room route; a malformed ID is not found.
type RoomPath struct {
	ID string `path:"id" doc:"The room's ID."`
}

func (p RoomPath) id() (uuid.UUID, error) {
	id, err := uuid.Parse(p.ID)
	if err != nil {
		return uuid.UUID{}, errs.NotFound(app.CodeNotFound, app.MsgNotFound)
	}
	return id, nil
}
