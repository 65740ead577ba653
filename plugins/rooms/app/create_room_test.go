package app

import (
	"context"
	"errors"
	"strings"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// stations is a Directory with one station, or down.
type stations struct{ down bool }

func (s stations) Stations(context.Context, string) StationList { return StationList{} }
func (s stations) Station(_ context.Context, id string) (Station, error) {
	if s.down {
		return Station{}, errors.New("directory down")
	}
	if id != "samba-fm" {
		return Station{}, ErrUnknownStation
	}
	return Station{ID: id, Name: "Samba FM", Country: "Brasil", StreamURL: "https://radio.exemplo/samba", Favicon: "https://radio.exemplo/logo.png"}, nil
}

func ptr[T any](v T) *T { return &v }

// A room needs a name and a station or an allowed track address, each
// within its limits; a station's room plays it live and copies its logo.
func TestCreateRoomRules(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	host, orphan := member(), member()
	r.store.noProf[orphan.UserID] = true
	create := &CreateRoom{Rooms: r.deps, Directory: stations{}, Streams: NewStreamHosts("https://social.exemplo", []string{"musica.exemplo"}),
		Images: r.store}
	track := func(url string) NewRoom { return NewRoom{Name: "Sala", TrackPreviewURL: ptr(url)} }

	for _, c := range []struct {
		name   string
		viewer domain.Viewer
		in     NewRoom
		code   string
	}{
		{"signed out", domain.Viewer{}, NewRoom{Name: "Sala", StationID: "samba-fm"}, CodeUnauthenticated},
		{"no name", host, NewRoom{Name: " \u200b ", StationID: "samba-fm"}, CodeFieldsRequired},
		{"no track", host, NewRoom{Name: "Sala", TrackPreviewURL: ptr("  ")}, CodeFieldsRequired},
		{"long name", host, NewRoom{Name: strings.Repeat("a", MaxName+1), StationID: "samba-fm"}, CodeInvalid},
		{"long description", host, NewRoom{Name: "Sala", StationID: "samba-fm", Description: ptr(strings.Repeat("d", MaxDescription+1))}, CodeInvalid},
		{"unknown station", host, NewRoom{Name: "Sala", StationID: "rock-fm"}, CodeUnknownStation},
		{"not an address", host, track("javascript:alert(1)"), CodeInvalid},
		{"a picture that is no address", host, NewRoom{Name: "Sala", TrackPreviewURL: ptr("https://musica.exemplo/a.mp3"), TrackImageURL: ptr("ftp://x/y.png")}, CodeInvalid},
		{"a host not allowed", host, track("https://rastreador.exemplo/a.mp3"), CodeStreamNotAllowed},
		{"a look-alike host", host, track("https://musica.exemplo.rastreador.exemplo/a.mp3"), CodeStreamNotAllowed},
		{"no profile", orphan, NewRoom{Name: "Sala", StationID: "samba-fm"}, CodeNoProfile},
	} {
		if _, err := create.Handle(ctx, c.viewer, c.in); portstest.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if len(r.store.rooms) != 0 || len(r.heard) != 0 {
		t.Fatal("a refused room was stored or told")
	}
	down := &CreateRoom{Rooms: r.deps, Directory: stations{down: true}}
	if _, err := down.Handle(ctx, host, NewRoom{Name: "Sala", StationID: "samba-fm"}); portstest.CodeOf(err) != CodeUnknownStation {
		t.Fatalf("the directory down: %v", err)
	}

	radio, err := create.Handle(ctx, host, NewRoom{Name: "  Roda   de samba ", StationID: "samba-fm", IsPublic: ptr(false)})
	if err != nil || radio.Name != "Roda de samba" || !radio.Radio() || *radio.CurrentTrack != "Samba FM" ||
		*radio.TrackPreviewURL != "https://radio.exemplo/samba" || radio.IsPublic || !radio.IsActive || radio.HostID != host.UserID {
		t.Fatalf("a station's room %+v %v", radio, err)
	}
	if len(r.store.images) != 1 || r.store.images[0] != radio.ID || r.heard.Types(ListTopic)[0] != EventCreated {
		t.Fatalf("images %v, list heard %v", r.store.images, r.heard.Types(ListTopic))
	}
	own, err := create.Handle(ctx, host, NewRoom{Name: "Minha faixa", TrackPreviewURL: ptr(" https://social.exemplo/demo.mp3 "),
		CurrentTrack: ptr(strings.Repeat("t", 400))})
	if err != nil || own.Radio() || own.TrackSource != "preview" || *own.TrackPreviewURL != "https://social.exemplo/demo.mp3" ||
		len(*own.CurrentTrack) != 300 || !own.IsPublic || len(r.store.images) != 1 {
		t.Fatalf("the server's own track %+v %v", own, err)
	}
}
