package app

import (
	"context"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// The timelines a marker may be kept for.
const (
	MarkerHome          = "home"
	MarkerNotifications = "notifications"
)

// MaxMarkerID bounds a saved position (our IDs are 36 characters).
const MaxMarkerID = 64

// Codes and pt-BR messages of the markers' refusals.
const (
	CodeUnauthenticated = "unauthenticated"
	MsgUnauthenticated  = "Você precisa estar logado."
	CodeInvalid         = "invalid_input"
	MsgMarkerID         = "Posição de leitura inválida."
	MsgMarkerTimeline   = "Linha do tempo inválida: use home ou notifications."
)

// Marker is where a member stopped reading a timeline; Version counts the
// saves.
type Marker struct {
	Timeline   string
	LastReadID string
	Version    int
	UpdatedAt  time.Time
}

// MarkerStore keeps the markers (mastodon_markers).
type MarkerStore interface {
	Markers(ctx context.Context, member domain.UserID, timelines []string) ([]Marker, error)
	// SaveMarker stores the position and answers the marker with its
	// version one more than before (1 for the first save).
	SaveMarker(ctx context.Context, member domain.UserID, timeline, lastReadID string, at time.Time) (Marker, error)
}

// GetMarkers reads the viewer's markers of the timelines asked (those
// never saved are left out).
type GetMarkers struct{ Store MarkerStore }

// Handle reads them; unknown timelines are ignored, as Mastodon does.
func (uc *GetMarkers) Handle(ctx context.Context, viewer domain.Viewer, timelines []string) ([]Marker, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgUnauthenticated)
	}
	known := make([]string, 0, 2)
	for _, t := range timelines {
		if t == MarkerHome || t == MarkerNotifications {
			known = append(known, t)
		}
	}
	if len(known) == 0 {
		return []Marker{}, nil
	}
	m, err := uc.Store.Markers(ctx, viewer.UserID, known)
	if err != nil {
		return nil, fmt.Errorf("markers of %s: %w", viewer.UserID, err)
	}
	return m, nil
}

// SaveMarkers keeps where the viewer stopped reading.
type SaveMarkers struct {
	Store MarkerStore
	Tx    ports.Transactor
	Clock ports.Clock
}

// Handle saves each timeline's position (timeline -> last read ID), all
// or none.
func (uc *SaveMarkers) Handle(ctx context.Context, viewer domain.Viewer, positions map[string]string) ([]Marker, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgUnauthenticated)
	}
	for t, id := range positions {
		if t != MarkerHome && t != MarkerNotifications {
			return nil, errs.Invalid(CodeInvalid, errs.MsgFixErrors, map[string]string{t: MsgMarkerTimeline})
		}
		if id == "" || len(id) > MaxMarkerID {
			return nil, errs.Invalid(CodeInvalid, errs.MsgFixErrors, map[string]string{t + "[last_read_id]": MsgMarkerID})
		}
	}
	out := make([]Marker, 0, len(positions))
	now := uc.Clock.Now()
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		for _, t := range []string{MarkerHome, MarkerNotifications} {
			id, ok := positions[t]
			if !ok {
				continue
			}
			m, err := uc.Store.SaveMarker(ctx, viewer.UserID, t, id, now)
			if err != nil {
				return fmt.Errorf("save marker %s of %s: %w", t, viewer.UserID, err)
			}
			out = append(out, m)
		}
		return nil
	})
	return out, err
}
