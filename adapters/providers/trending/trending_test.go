package trending_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"social/adapters/providers/trending"
	"social/core/errs"
	"social/core/ports"
)

func body(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type answer struct {
	status int
	body   []byte
}

// apple serves the feed and the lookup as Apple does, checking each request.
func apple(t *testing.T, feed, lookup answer) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			t.Errorf("method %s, want GET", r.Method)
		}
		var a answer
		switch r.URL.Path {
		case "/api/v2/br/music/most-played/10/songs.json":
			a = feed
		case "/lookup":
			q := r.URL.Query()
			if q.Get("id") != "1742345678,1751234567,1609876543" || q.Get("entity") != "song" || q.Get("country") != "br" {
				t.Errorf("lookup query = %s", r.URL.RawQuery)
			}
			a = lookup
		default:
			t.Errorf("unexpected path %s", r.URL.Path)
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(a.status)
		_, _ = w.Write(a.body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func source(srv *httptest.Server) *trending.Source {
	return trending.New(trending.Options{FeedURL: srv.URL + "/", LookupURL: srv.URL, Timeout: 300 * time.Millisecond})
}

func TestTopSongsMergesFeedAndPreviews(t *testing.T) {
	t.Parallel()
	srv := apple(t, answer{200, body(t, "feed_br_3.json")}, answer{200, body(t, "lookup_br_3.json")})
	got, err := source(srv).TopSongs(context.Background(), "BR", 10)
	if err != nil {
		t.Fatal(err)
	}
	want := []ports.TrendingTrack{
		{
			ID: "1742345678", Title: "Última Saudade (Ao Vivo)", Artist: "Henrique & Juliano",
			AlbumArt:   "https://is1-ssl.mzstatic.com/image/thumb/Music211/v4/aa/bb/cc/aabbcc00-1111-2222-3333-444455556666/196872000000.jpg/100x100bb.jpg",
			PreviewURL: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview221/v4/01/23/45/01234567-89ab-cdef-0123-456789abcdef/mzaf_1234567890123456789.plus.aac.p.m4a",
			Link:       "https://music.apple.com/br/album/%C3%BAltima-saudade-ao-vivo/1742345670?i=1742345678",
		},
		{
			ID: "1751234567", Title: "Funk Rave", Artist: "Anitta",
			AlbumArt:   "https://is1-ssl.mzstatic.com/image/thumb/Music116/v4/11/22/33/11223344-5555-6666-7777-888899990000/23UMGIM00000.rgb.jpg/100x100bb.jpg",
			PreviewURL: "", // the lookup does not know it
			Link:       "https://music.apple.com/br/album/funk-rave/1751234560?i=1751234567",
		},
		{
			ID: "1609876543", Title: "Leão", Artist: "Marília Mendonça",
			AlbumArt:   "https://is1-ssl.mzstatic.com/image/thumb/Music126/v4/99/88/77/99887766-5544-3322-1100-ffeeddccbbaa/cover.jpg/100x100bb.jpg",
			PreviewURL: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview112/v4/fe/dc/ba/fedcba98-7654-3210-fedc-ba9876543210/mzaf_9876543210987654321.plus.aac.p.m4a",
			Link:       "https://music.apple.com/br/album/le%C3%A3o/1609876540?i=1609876543",
		},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d tracks, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("track %d = %+v\nwant %+v", i, got[i], want[i])
		}
	}
}

func assertCode(t *testing.T, err error, code, message string) {
	t.Helper()
	e, ok := errs.As(err)
	if !ok || e.Code != code || e.Message != message {
		t.Fatalf("err = %v, want code %s with message %q", err, code, message)
	}
}

func TestTopSongsFailures(t *testing.T) {
	t.Parallel()
	feed := answer{200, body(t, "feed_br_3.json")}
	lookup := answer{200, body(t, "lookup_br_3.json")}
	invalid := func(s string) answer { return answer{200, []byte(s)} }
	cases := []struct {
		name         string
		feed, lookup answer
		code, msg    string
	}{
		{"feed without feed", invalid(`{"results":[]}`), lookup, ports.CodeInvalidResponseFormat, ports.MsgInvalidResponseFormat},
		{"feed without results", invalid(`{"feed":{"title":"Top Songs"}}`), lookup, ports.CodeInvalidResponseFormat, ports.MsgInvalidResponseFormat},
		{"results not a list", invalid(`{"feed":{"results":{"id":"1"}}}`), lookup, ports.CodeInvalidResponseFormat, ports.MsgInvalidResponseFormat},
		{"result without name", invalid(`{"feed":{"results":[{"id":"1","artistName":"A"}]}}`), lookup, ports.CodeInvalidResponseFormat, ports.MsgInvalidResponseFormat},
		{"result with a numeric id", invalid(`{"feed":{"results":[{"id":1,"name":"N","artistName":"A"}]}}`), lookup, ports.CodeInvalidResponseFormat, ports.MsgInvalidResponseFormat},
		{"feed not JSON", invalid(`<html>Maintenance</html>`), lookup, ports.CodeInvalidResponseFormat, ports.MsgInvalidResponseFormat},
		{"lookup without results", feed, invalid(`{"errorMessage":"Invalid value(s) for key(s): [id]"}`), ports.CodeInvalidResponseFormat, ports.MsgInvalidResponseFormat},
		{"lookup truncated", feed, invalid(`{"resultCount":2,"results":[{"trackId":`), ports.CodeInvalidResponseFormat, ports.MsgInvalidResponseFormat},
		{"feed down", answer{503, []byte("Service Unavailable")}, lookup, ports.CodeTrendingUnavailable, ports.MsgTrendingUnavailable},
		{"lookup down", feed, answer{500, []byte(`{}`)}, ports.CodeTrendingUnavailable, ports.MsgTrendingUnavailable},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := apple(t, c.feed, c.lookup)
			_, err := source(srv).TopSongs(context.Background(), "br", 10)
			assertCode(t, err, c.code, c.msg)
		})
	}
}

func TestTopSongsTimesOut(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	t.Cleanup(srv.Close)
	_, err := source(srv).TopSongs(context.Background(), "br", 10)
	assertCode(t, err, ports.CodeTrendingUnavailable, ports.MsgTrendingUnavailable)
}

func TestTopSongsRefusesABadCountry(t *testing.T) {
	t.Parallel()
	s := trending.New(trending.Options{FeedURL: "http://127.0.0.1:1", LookupURL: "http://127.0.0.1:1"})
	for _, country := range []string{"", "bra", "../x", strings.Repeat("b", 2) + "/"} {
		if _, err := s.TopSongs(context.Background(), country, 10); err == nil {
			t.Errorf("country %q accepted", country)
		}
	}
}
