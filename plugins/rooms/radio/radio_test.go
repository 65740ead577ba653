package radio_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"social/plugins/rooms/radio"
)

func body(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mirror serves one radio-browser mirror answering status and body to the
// jazz search, checking the request as radio-browser documents it.
func mirror(t *testing.T, status int, b []byte) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.Method != http.MethodGet || r.URL.Path != "/json/stations/search" {
			t.Errorf("%s %s", r.Method, r.URL.Path)
		}
		q := r.URL.Query()
		if q.Get("tag") != "jazz" || q.Get("limit") != "50" || q.Get("hidebroken") != "true" ||
			q.Get("order") != "clickcount" || q.Get("reverse") != "true" {
			t.Errorf("query %s", r.URL.RawQuery)
		}
		if r.Header.Get("User-Agent") != "social-test/1.0" {
			t.Errorf("User-Agent %q", r.Header.Get("User-Agent"))
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		_, _ = w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func newDir(mirrors ...string) *radio.Directory {
	return radio.New(radio.Options{Mirrors: mirrors, UserAgent: "social-test/1.0", Timeout: 2 * time.Second, CacheTTL: 5 * time.Minute})
}

func TestStationsWireFormatAndLastCheckFilter(t *testing.T) {
	srv, _ := mirror(t, http.StatusOK, body(t, "search_jazz.json"))
	list := newDir(srv.URL).Stations(context.Background(), " Jazz ")
	if list.Source != radio.SourceDirectory || len(list.Stations) != 2 {
		t.Fatalf("list %+v", list)
	}
	first := list.Stations[0]
	want := radio.Station{ID: "96202f73-0601-11e8-ae97-52543be04c81", Name: "Jazz24", Country: "The United States Of America",
		Tags: []string{"jazz", "smooth jazz", "bebop"}, StreamURL: "https://live.wostreaming.net/direct/ppm-jazz24aac-ibc1",
		Favicon: "https://www.jazz24.org/wp-content/uploads/2018/01/cropped-jazz24-icon-192x192.png"}
	if first.ID != want.ID || first.Name != want.Name || first.Country != want.Country || !slices.Equal(first.Tags, want.Tags) ||
		first.StreamURL != want.StreamURL || first.Favicon != want.Favicon {
		t.Fatalf("first %+v, want %+v", first, want)
	}
	// lastcheckok=0 is left out; the name is trimmed; url_resolved is used.
	if s := list.Stations[1]; s.Name != "Radio Swiss Jazz" || s.StreamURL != "https://stream.srg-ssr.ch/m/rsj/mp3_128" {
		t.Fatalf("second %+v", s)
	}
}

func TestFailOverToNextMirror(t *testing.T) {
	down, downHits := mirror(t, http.StatusBadGateway, []byte("<html>bad gateway</html>"))
	bad, badHits := mirror(t, http.StatusOK, body(t, "invalid.json"))
	good, goodHits := mirror(t, http.StatusOK, body(t, "search_jazz.json"))
	dir := newDir(down.URL, bad.URL, good.URL)
	list := dir.Stations(context.Background(), "jazz")
	if list.Source != radio.SourceDirectory || len(list.Stations) != 2 {
		t.Fatalf("list %+v", list)
	}
	if downHits.Load() != 1 || badHits.Load() != 1 || goodHits.Load() != 1 {
		t.Fatalf("hits %d %d %d", downHits.Load(), badHits.Load(), goodHits.Load())
	}
	// Cached per genre: no second request.
	dir.Stations(context.Background(), "jazz")
	if goodHits.Load() != 1 {
		t.Fatalf("not cached: %d", goodHits.Load())
	}
	// A station answered before is found by its ID without a request.
	if s, err := dir.Station(context.Background(), "78012206-1aa1-11e9-a80b-52543be04c81"); err != nil || s.Name != "Radio Swiss Jazz" {
		t.Fatalf("station %+v %v", s, err)
	}
}

func TestFallbackWhenEveryMirrorFails(t *testing.T) {
	for name, srvBody := range map[string][]byte{
		"invalid JSON":   []byte(`[{"stationuuid": "x", `),
		"not a list":     body(t, "invalid.json"),
		"no lastcheckok": []byte(`[{"stationuuid":"96202f73-0601-11e8-ae97-52543be04c81","name":"X","url_resolved":"https://x.example/s"}]`),
	} {
		t.Run(name, func(t *testing.T) {
			a, _ := mirror(t, http.StatusOK, srvBody)
			b, _ := mirror(t, http.StatusInternalServerError, nil)
			list := newDir(a.URL, b.URL).Stations(context.Background(), "jazz")
			if list.Source != radio.SourceFallback || len(list.Stations) != 5 {
				t.Fatalf("list %+v", list)
			}
			genres := []string{}
			for _, s := range list.Stations {
				genres = append(genres, s.Tags[0])
			}
			if !slices.Equal(genres, []string{"jazz", "classical", "rock", "pop", "electronic"}) {
				t.Fatalf("genres %v", genres)
			}
		})
	}
	// Unreachable mirror.
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	if list := newDir(srv.URL).Stations(context.Background(), "rock"); list.Source != radio.SourceFallback {
		t.Fatalf("closed server: %+v", list)
	}
}

func TestEmptyAnswerIsNotAFailure(t *testing.T) {
	srv, _ := mirror(t, http.StatusOK, []byte(`[]`))
	list := newDir(srv.URL).Stations(context.Background(), "jazz")
	if list.Source != radio.SourceDirectory || len(list.Stations) != 0 {
		t.Fatalf("list %+v", list)
	}
}

func TestStationByUUID(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/json/stations/byuuid/78012206-1aa1-11e9-a80b-52543be04c81" {
			t.Errorf("path %s", r.URL.Path)
		}
		_, _ = w.Write(body(t, "search_jazz.json"))
	}))
	defer srv.Close()
	dir := newDir(srv.URL)
	if s, err := dir.Station(context.Background(), "78012206-1aa1-11e9-a80b-52543be04c81"); err != nil || s.Country != "Switzerland" {
		t.Fatalf("station %+v %v", s, err)
	}
	if s, err := dir.Station(context.Background(), "fallback-rock"); err != nil || s.Name != "SomaFM Left Coast 70s" {
		t.Fatalf("fallback %+v %v", s, err)
	}
	if _, err := dir.Station(context.Background(), "nope"); err != radio.ErrUnknownStation {
		t.Fatalf("unknown: %v", err)
	}
}
