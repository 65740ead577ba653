package rooms_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/fx"

	"social/adapters/providers/safefetch"
	"social/config"
	"social/plugins/rooms"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

// pictureMirror is a radio-browser mirror answering the recorded jazz
// search (and each station by ID) with the first station's logo at first
// and every other's at other.
func pictureMirror(t *testing.T, first, other string) string {
	t.Helper()
	raw, err := os.ReadFile("testdata/search_jazz.json")
	if err != nil {
		t.Fatal(err)
	}
	var stations []map[string]any
	if err := json.Unmarshal(raw, &stations); err != nil {
		t.Fatal(err)
	}
	for i := range stations {
		stations[i]["favicon"] = other
	}
	stations[0]["favicon"] = first
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/json/stations/search" && r.URL.Query().Get("tag") == "jazz":
			_ = json.NewEncoder(w).Encode(stations)
		case strings.HasPrefix(r.URL.Path, "/json/stations/byuuid/"):
			id := strings.TrimPrefix(r.URL.Path, "/json/stations/byuuid/")
			out := []map[string]any{}
			for _, s := range stations {
				if s["stationuuid"] == id {
					out = append(out, s)
				}
			}
			_ = json.NewEncoder(w).Encode(out)
		default:
			http.Error(w, "down", http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// The pictures of rooms are the server's copies, station logos never reach
// the picker, and an explicit track plays only from an allowed host.
func TestRoomPicturesAreTheServersCopiesAndStreamsComeFromAllowedHosts(t *testing.T) {
	logo := fixtures.PNG(t, 24, 24)
	var canaryHits atomic.Int64
	images := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/logo.png", "/capa.png":
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(logo)
		case "/falsa.png":
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write([]byte("<html><script>alert(1)</script></html>"))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(images.Close)
	// Stands for an internal address: never to be reached.
	canary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		canaryHits.Add(1)
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(logo)
	}))
	t.Cleanup(canary.Close)
	mirror := pictureMirror(t, images.URL+"/logo.png", canary.URL+"/logo.png")
	imagesAddr := strings.TrimPrefix(images.URL, "http://")
	app := at.StartWith(t, func(c *config.Config) {
		rooms.ConfigOf(c).Radio.Mirrors = []string{mirror}
		rooms.ConfigOf(c).Rooms.StreamHosts = []string{"audio.example", "radio.exemplo.com.br:8443"}
	}, fx.Decorate(func(*safefetch.Client) *safefetch.Client {
		return safefetch.New(safefetch.Options{AllowedTestAddrs: []string{imagesAddr}, AnyPort: true, Timeout: 3 * time.Second})
	}))
	ana, bia := app.Member("ana"), app.Member("bia")
	outside := []string{imagesAddr, strings.TrimPrefix(canary.URL, "http://")}
	noOutside := func(what string, body []byte) {
		t.Helper()
		for _, host := range outside {
			if bytes.Contains(body, []byte(host)) {
				t.Fatalf("%s names the outside host %s: %s", what, host, body)
			}
		}
	}

	// The picker lists the stations without their logos.
	stations := bia.Do(http.MethodGet, "/api/v1/rooms/stations?genre=jazz", nil).Expect(t, http.StatusOK).Body
	noOutside("the stations", stations)
	if bytes.Contains(stations, []byte("favicon")) {
		t.Fatalf("stations carry logos: %s", stations)
	}

	// An explicit track plays only from the server or an allowed host.
	const notAllowed = "Este endereço de áudio não é permitido. Escolha uma estação de rádio da lista."
	for _, track := range []string{"https://rastreador.example/faixa.mp3", "https://audio.example.rastreador.example/faixa.mp3",
		"https://radio.exemplo.com.br/faixa.mp3", "https://radio.exemplo.com.br:9000/faixa.mp3", images.URL + "/faixa.mp3"} {
		at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Faixa", "track_preview_url": track}),
			http.StatusUnprocessableEntity, "room_stream_not_allowed", notAllowed)
	}
	var n int
	if err := app.DB.NewRaw(`SELECT count(*) FROM listening_rooms`).Scan(context.Background(), &n); err != nil || n != 0 {
		t.Fatalf("%d rooms stored after refusals (%v)", n, err)
	}
	create := func(body map[string]any) string {
		t.Helper()
		var r room
		ana.Do(http.MethodPost, "/api/v1/rooms", body).Expect(t, http.StatusCreated).JSON(t, &r)
		return r.ID
	}
	ids := map[string]string{
		"logo":     create(map[string]any{"name": "Rádio com logo", "station_id": "96202f73-0601-11e8-ae97-52543be04c81"}),
		"interna":  create(map[string]any{"name": "Rádio com logo interno", "station_id": stationID(t, stations, 1)}),
		"capa":     create(map[string]any{"name": "Faixa", "track_preview_url": "https://AUDIO.example/faixa.mp3", "track_image_url": images.URL + "/capa.png"}),
		"falsa":    create(map[string]any{"name": "Faixa falsa", "track_preview_url": "https://radio.exemplo.com.br:8443/f.mp3", "track_image_url": images.URL + "/falsa.png"}),
		"servidor": create(map[string]any{"name": "Demo", "track_preview_url": app.Config.HTTP.PublicURL + "/api/v1/rooms/demo-track.wav"}),
	}

	// Wait for every copy job to end.
	deadline := time.Now().Add(30 * time.Second)
	for {
		var open int
		if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'rooms.copy_track_image' AND state <> 'completed'`).
			Scan(context.Background(), &open); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			break
		}
		if time.Now().After(deadline) {
			var errors []string
			_ = app.DB.NewRaw(`SELECT errors::text FROM river_job WHERE kind = 'rooms.copy_track_image' AND state <> 'completed'`).
				Scan(context.Background(), &errors)
			t.Fatalf("%d copy jobs still open: %v", open, errors)
		}
		time.Sleep(50 * time.Millisecond)
	}
	type pictured struct {
		TrackImageURL *string `json:"track_image_url"`
	}
	for name, id := range ids {
		r := bia.Do(http.MethodGet, "/api/v1/rooms/"+id, nil).Expect(t, http.StatusOK)
		noOutside("room "+name, r.Body)
		var got pictured
		r.JSON(t, &got)
		copied := name == "logo" || name == "capa"
		if !copied {
			if got.TrackImageURL != nil {
				t.Fatalf("%s: picture %s, want none", name, *got.TrackImageURL)
			}
			continue
		}
		if got.TrackImageURL == nil || !strings.HasPrefix(*got.TrackImageURL, "/media/rooms/"+id+"/track.png?") {
			t.Fatalf("%s: picture %v, want the server's copy", name, got.TrackImageURL)
		}
		resp, err := http.Get(app.URL + *got.TrackImageURL)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s: read the copy: %v", name, err)
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(body)); resp.StatusCode != http.StatusOK || err != nil || cfg.Width != 24 {
			t.Fatalf("%s: copy answers %d, %v", name, resp.StatusCode, err)
		}
	}
	noOutside("the rooms list", bia.Do(http.MethodGet, "/api/v1/rooms", nil).Expect(t, http.StatusOK).Body)
	if canaryHits.Load() != 0 {
		t.Fatalf("the internal address was asked %d times", canaryHits.Load())
	}
}

// stationID is the ID of the i-th station of a stations answer.
func stationID(t *testing.T, body []byte, i int) string {
	t.Helper()
	var st struct {
		Stations []struct {
			ID string `json:"id"`
		} `json:"stations"`
	}
	if err := json.Unmarshal(body, &st); err != nil || len(st.Stations) <= i {
		t.Fatalf("stations %s: %v", body, err)
	}
	return st.Stations[i].ID
}
