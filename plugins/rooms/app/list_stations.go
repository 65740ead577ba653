package app

import (
	"context"
	"errors"

	"social/core/domain"
)

// Station is a live radio station a room can play.
type Station struct {
	ID        string
	Name      string
	Country   string
	Tags      []string
	StreamURL string
	Favicon   string
}

// StationList is a genre's stations and where they came from:
// "radio-browser" or "fallback" (the built-in list, the directory failed).
type StationList struct {
	Stations []Station
	Source   string
}

// ErrUnknownStation is a station the directory does not know.
var ErrUnknownStation = errors.New("unknown station")

// Directory is the radio station directory.
type Directory interface {
	// Stations never fails: without the directory it answers the
	// built-in list.
	Stations(ctx context.Context, genre string) StationList
	// Station finds one station by ID: ErrUnknownStation, or another
	// error when the directory cannot say.
	Station(ctx context.Context, id string) (Station, error)
}

// ListStations lists a genre's stations for the room creation dialog.
type ListStations struct{ Directory Directory }

// Handle answers genre's stations (jazz when empty). Their logos stay
// out: anyone may list a station in the directory, logo address included,
// and a browser loading fifty of them would tell those hosts who browses.
// A room made on a station shows the server's copy of its logo instead.
func (uc *ListStations) Handle(ctx context.Context, viewer domain.Viewer, genre string) (StationList, error) {
	if !viewer.SignedIn() {
		return StationList{}, unauthenticated()
	}
	list := uc.Directory.Stations(ctx, genre)
	for i := range list.Stations {
		list.Stations[i].Favicon = ""
	}
	return list, nil
}
