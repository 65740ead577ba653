package httpapi_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/adapters/providers/safefetch"
	trendingsrc "social/adapters/providers/trending"
	"social/config"
	trending "social/features/trending/app"
	trendingstore "social/features/trending/pgstore"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// apple serves Apple's RSS feed and the iTunes lookup in their real wire
// format (the adapter's recorded answers), or a 500 while failing.
type apple struct {
	mu      sync.Mutex
	failing bool
	hits    int
}

func (a *apple) start(t *testing.T) *httptest.Server {
	feed, err := os.ReadFile("../../../adapters/providers/trending/testdata/feed_br_3.json")
	if err != nil {
		t.Fatal(err)
	}
	lookup, err := os.ReadFile("../../../adapters/providers/trending/testdata/lookup_br_3.json")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		failing := a.failing
		a.hits++
		a.mu.Unlock()
		if failing {
			http.Error(w, "unavailable", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		switch r.URL.Path {
		case "/api/v2/br/music/most-played/10/songs.json":
			_, _ = w.Write(feed)
		case "/lookup":
			_, _ = w.Write(lookup)
		default:
			t.Errorf("unexpected path %s", r.URL.Path)
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (a *apple) fail(on bool) { a.mu.Lock(); a.failing = on; a.mu.Unlock() }

type chart struct {
	Items []struct {
		ID         string `json:"id"`
		Title      string `json:"title"`
		Artist     string `json:"artist"`
		AlbumArt   string `json:"albumArt"`
		PreviewURL string `json:"previewUrl"`
		Link       string `json:"link"`
	} `json:"items"`
	UpdatedAt *time.Time `json:"updatedAt"`
}

func TestTrendingRefreshAndList(t *testing.T) {
	t.Parallel()
	ap := &apple{failing: true}
	srv := ap.start(t)
	app := at.Start(t, func(c *config.Config) {
		c.Trending.FeedURL = srv.URL
		c.Trending.LookupURL = srv.URL
	})
	ctx := context.Background()

	// Before any good refresh: the chart's failure text (not an empty list,
	// which would leave the panel bare), and a refresh job enqueued at start.
	var problem struct {
		Code   string `json:"code"`
		Detail string `json:"detail"`
	}
	app.Client().Do(http.MethodGet, "/api/v1/trending", nil).Expect(t, http.StatusServiceUnavailable).JSON(t, &problem)
	if problem.Code != "trending_unavailable" || problem.Detail != "Não foi possível carregar as músicas trending" {
		t.Fatalf("no chart = %+v", problem)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		var n int
		if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'trending.refresh'`).Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no trending.refresh job enqueued at start")
		}
		time.Sleep(100 * time.Millisecond)
	}

	// The real worker on the real adapter (without a cover copier: covers
	// are left out, see TestTrendingShowsOnlyTheServersCopies).
	src := trendingsrc.New(trendingsrc.Options{FeedURL: srv.URL, LookupURL: srv.URL, Timeout: 5 * time.Second})
	w := &trendingstore.RefreshTrendingWorker{Refresh: &trending.Refresh{Source: src,
		Store: trendingstore.NewTrendingTracks(app.DB), Clock: app.Clock}}
	job := &river.Job[trendingstore.RefreshTrendingArgs]{}
	if err := w.Work(ctx, job); err == nil {
		t.Fatal("refresh against a failing feed succeeded")
	}
	ap.fail(false)
	for range 2 { // idempotent
		if err := w.Work(ctx, job); err != nil {
			t.Fatal(err)
		}
	}
	fetched := app.Clock.Now()
	var c chart
	app.Client().Do(http.MethodGet, "/api/v1/trending", nil).Expect(t, http.StatusOK).JSON(t, &c)
	if len(c.Items) != 3 || c.UpdatedAt == nil || !c.UpdatedAt.Equal(fetched) {
		t.Fatalf("chart = %+v", c)
	}
	first, second := c.Items[0], c.Items[1]
	if first.ID != "1742345678" || first.Title != "Última Saudade (Ao Vivo)" || first.Artist != "Henrique & Juliano" ||
		!strings.HasPrefix(first.PreviewURL, "https://") || first.AlbumArt != "" || first.Link == "" || second.Title != "Funk Rave" || second.PreviewURL != "" {
		t.Fatalf("items = %+v", c.Items)
	}

	// A failed refresh keeps the previous chart.
	ap.fail(true)
	app.Clock.Advance(time.Hour)
	if err := w.Work(ctx, job); err == nil {
		t.Fatal("refresh against a failing feed succeeded")
	}
	var after chart
	app.Client().Do(http.MethodGet, "/api/v1/trending", nil).Expect(t, http.StatusOK).JSON(t, &after)
	if len(after.Items) != 3 || after.UpdatedAt == nil || !after.UpdatedAt.Equal(fetched) {
		t.Fatalf("after a failure = %+v", after)
	}
}

// The chart named the provider's covers and preview clips, which every
// member's browser then loaded from the provider's hosts. The app's own
// refresh job now keeps copies of the covers in media storage (through the
// SSRF-safe client) and the chart answers only links to those copies, and
// no preview clip.
func TestTrendingShowsOnlyTheServersCopies(t *testing.T) {
	t.Parallel()
	cover := fixtures.PNG(t, 20, 20)
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/image/") {
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(cover)
			return
		}
		name := map[string]string{"/api/v2/br/music/most-played/10/songs.json": "feed_br_3.json", "/lookup": "lookup_br_3.json"}[r.URL.Path]
		if name == "" {
			http.NotFound(w, r)
			return
		}
		b, err := os.ReadFile("../../../adapters/providers/trending/testdata/" + name)
		if err != nil {
			t.Error(err)
			return
		}
		// The covers live on this server, standing for the provider's.
		b = bytes.ReplaceAll(b, []byte("https://is1-ssl.mzstatic.com"), []byte(srv.URL))
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = w.Write(b)
	}))
	t.Cleanup(srv.Close)
	app := at.StartWith(t, func(c *config.Config) {
		c.Trending.FeedURL = srv.URL
		c.Trending.LookupURL = srv.URL
	}, fx.Decorate(func(*safefetch.Client) *safefetch.Client {
		return safefetch.New(safefetch.Options{AllowedTestAddrs: []string{strings.TrimPrefix(srv.URL, "http://")},
			AnyPort: true, Timeout: 3 * time.Second})
	}))

	// The refresh enqueued at start runs in the app.
	var c chart
	deadline := time.Now().Add(30 * time.Second)
	for {
		r := app.Client().Do(http.MethodGet, "/api/v1/trending", nil)
		if r.Status == http.StatusOK {
			r.JSON(t, &c)
			if len(c.Items) == 3 && c.Items[0].AlbumArt != "" {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no chart with covers within 30 s: %d %s", r.Status, r.Body)
		}
		time.Sleep(200 * time.Millisecond)
	}
	own := strings.TrimRight(app.Config.HTTP.PublicURL, "/") + "/media/"
	for _, it := range c.Items {
		if !strings.HasPrefix(it.AlbumArt, own) && !strings.HasPrefix(it.AlbumArt, "/media/") {
			t.Errorf("%s: albumArt %q is not the server's copy (%s...)", it.Title, it.AlbumArt, own)
		}
		if it.PreviewURL != "" && !strings.HasPrefix(it.PreviewURL, "https://") {
			t.Errorf("%s: previewUrl %q is not https", it.Title, it.PreviewURL)
		}
		if strings.Contains(it.AlbumArt, srv.URL) || strings.Contains(it.AlbumArt, "mzstatic") {
			t.Errorf("%s: albumArt %q names the provider", it.Title, it.AlbumArt)
		}
	}
	// The copy is served by the app, cleaned (a PNG still).
	u, err := url.Parse(c.Items[0].AlbumArt)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(app.URL + u.RequestURI())
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.HasPrefix(body, []byte("\x89PNG")) {
		t.Fatalf("GET the cover copy = %d, %d bytes", resp.StatusCode, len(body))
	}
}
