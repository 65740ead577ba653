// Package radio is the directory of live radio stations behind the rooms'
// station picker: the radio-browser.info API (GET
// <mirror>/json/stations/search?tag=<genre>&limit=50&hidebroken=true&
// order=clickcount&reverse=true), tried mirror after mirror, keeping only
// stations whose last check was good (lastcheckok=1). When every mirror
// fails, or answers something that is not a list of stations, the built-in
// list of five stations answers instead, with source "fallback".
package radio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Sources of a station list.
const (
	SourceDirectory = "radio-browser"
	SourceFallback  = "fallback"
)

// Station is one live station.
type Station struct {
	ID        string // radio-browser's stationuuid, or "fallback-<genre>"
	Name      string
	Country   string
	Tags      []string // lower case, trimmed, without empties
	StreamURL string   // url_resolved
	Favicon   string
}

// List is the stations of one genre and where they came from.
type List struct {
	Stations []Station
	Source   string
}

// Options configure the directory.
type Options struct {
	// Mirrors are radio-browser base addresses, tried in order (the last
	// one that answered goes first next time).
	Mirrors []string
	// Limit is how many stations one search asks for (50).
	Limit int
	// Timeout bounds one request to one mirror.
	Timeout time.Duration
	// CacheTTL is how long a genre's directory answer is reused; a fallback
	// answer is reused for at most a minute.
	CacheTTL time.Duration
	// UserAgent names the app to the directory, as it asks of clients.
	UserAgent string
	Logger    *slog.Logger
	// Now is the clock of the cache (time.Now when nil).
	Now func() time.Time
}

// Directory reads stations from radio-browser.
type Directory struct {
	o      Options
	client *http.Client

	mu      sync.Mutex
	first   int // index of the mirror to try first
	byGenre map[string]cached
	known   map[string]Station // every station answered, by ID, for Station
}

type cached struct {
	list List
	exp  time.Time
}

// maxBody bounds an answer; 50 stations are about 60 KB.
const maxBody = 4 << 20

// fallbackTTL is how long a failed directory is left alone for a genre.
const fallbackTTL = time.Minute

// New builds the directory.
func New(o Options) *Directory {
	if o.Limit <= 0 {
		o.Limit = 50
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	for i, m := range o.Mirrors {
		o.Mirrors[i] = strings.TrimRight(m, "/")
	}
	return &Directory{o: o, client: &http.Client{Timeout: o.Timeout},
		byGenre: map[string]cached{}, known: map[string]Station{}}
}

var genreRE = regexp.MustCompile(`^[a-z0-9][a-z0-9 &+-]{0,49}$`)

// NormalizeGenre lower-cases and trims genre; "" and anything outside
// letters, digits, spaces and "&+-" (at most 50) become "jazz".
func NormalizeGenre(genre string) string {
	g := strings.ToLower(strings.TrimSpace(genre))
	if !genreRE.MatchString(g) {
		return "jazz"
	}
	return g
}

// Stations lists the good stations of genre, most clicked first. It never
// fails: without the directory it answers the built-in list.
func (d *Directory) Stations(ctx context.Context, genre string) List {
	genre = NormalizeGenre(genre)
	now := d.o.Now()
	d.mu.Lock()
	if c, ok := d.byGenre[genre]; ok && now.Before(c.exp) {
		d.mu.Unlock()
		return c.list
	}
	d.mu.Unlock()

	q := url.Values{"tag": {genre}, "limit": {strconv.Itoa(d.o.Limit)}, "hidebroken": {"true"},
		"order": {"clickcount"}, "reverse": {"true"}}
	stations, err := d.search(ctx, "/json/stations/search?"+q.Encode())
	list := List{Stations: stations, Source: SourceDirectory}
	ttl := d.o.CacheTTL
	if err != nil {
		d.o.Logger.Warn("radio directory unavailable: built-in stations", "genre", genre, "err", err)
		list = List{Stations: Fallback(), Source: SourceFallback}
		ttl = min(ttl, fallbackTTL)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if ttl > 0 {
		d.byGenre[genre] = cached{list: list, exp: now.Add(ttl)}
	}
	for _, s := range list.Stations {
		d.known[s.ID] = s
	}
	return list
}

// ErrUnknownStation is a station ID neither listed nor in the directory.
var ErrUnknownStation = errors.New("radio: unknown station")

// Station finds one station by ID: a built-in one, one answered before, or
// one the directory knows (GET /json/stations/byuuid/<id>), if its last
// check was good.
func (d *Directory) Station(ctx context.Context, id string) (Station, error) {
	for _, s := range Fallback() {
		if s.ID == id {
			return s, nil
		}
	}
	d.mu.Lock()
	s, ok := d.known[id]
	d.mu.Unlock()
	if ok {
		return s, nil
	}
	if !uuidRE.MatchString(id) {
		return Station{}, ErrUnknownStation
	}
	stations, err := d.search(ctx, "/json/stations/byuuid/"+id)
	if err != nil {
		return Station{}, err
	}
	for _, s := range stations {
		if s.ID == id {
			return s, nil
		}
	}
	return Station{}, ErrUnknownStation
}

var uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// wireStation is a station object of radio-browser's JSON.
type wireStation struct {
	StationUUID string `json:"stationuuid"`
	Name        string `json:"name"`
	Country     string `json:"country"`
	Tags        string `json:"tags"`
	URLResolved string `json:"url_resolved"`
	Favicon     string `json:"favicon"`
	LastCheckOK *int   `json:"lastcheckok"`
}

// search asks the mirrors in turn for path; the first valid answer wins.
func (d *Directory) search(ctx context.Context, path string) ([]Station, error) {
	n := len(d.o.Mirrors)
	if n == 0 {
		return nil, errors.New("radio: no mirror configured")
	}
	d.mu.Lock()
	first := d.first
	d.mu.Unlock()
	var errs []error
	for i := range n {
		k := (first + i) % n
		stations, err := d.get(ctx, d.o.Mirrors[k]+path)
		if err == nil {
			d.mu.Lock()
			d.first = k
			d.mu.Unlock()
			return stations, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, errors.Join(errs...)
}

// get fetches one mirror's answer: a transport failure, a status other
// than 200 and a body that is not a JSON array of stations all fail.
func (d *Directory) get(ctx context.Context, u string) ([]Station, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("radio: build request: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", d.o.UserAgent)
	resp, err := d.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("radio: GET %s: %w", req.URL.Redacted(), err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("radio: read %s: %w", req.URL.Redacted(), err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("radio: GET %s: HTTP %d", req.URL.Redacted(), resp.StatusCode)
	}
	var wire []wireStation
	if err := json.Unmarshal(body, &wire); err != nil || wire == nil {
		return nil, fmt.Errorf("radio: GET %s: not a list of stations: %v", req.URL.Redacted(), err)
	}
	out := make([]Station, 0, len(wire))
	for i, w := range wire {
		if w.StationUUID == "" || w.LastCheckOK == nil {
			return nil, fmt.Errorf("radio: GET %s: station %d lacks stationuuid or lastcheckok", req.URL.Redacted(), i)
		}
		if *w.LastCheckOK != 1 || !httpURL(w.URLResolved) || strings.TrimSpace(w.Name) == "" {
			continue
		}
		fav := w.Favicon
		if !httpURL(fav) {
			fav = ""
		}
		out = append(out, Station{ID: w.StationUUID, Name: strings.TrimSpace(w.Name), Country: w.Country,
			Tags: splitTags(w.Tags), StreamURL: w.URLResolved, Favicon: fav})
	}
	return out, nil
}

func httpURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func splitTags(tags string) []string {
	out := []string{}
	for t := range strings.SplitSeq(tags, ",") {
		if t = strings.ToLower(strings.TrimSpace(t)); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// Fallback is the built-in list: one station of each of jazz, classical,
// rock, pop and electronic.
func Fallback() []Station {
	return []Station{
		{ID: "fallback-jazz", Name: "Radio Swiss Jazz", Country: "Switzerland", Tags: []string{"jazz"},
			StreamURL: "https://stream.srg-ssr.ch/m/rsj/mp3_128", Favicon: ""},
		{ID: "fallback-classical", Name: "Radio Swiss Classic", Country: "Switzerland", Tags: []string{"classical"},
			StreamURL: "https://stream.srg-ssr.ch/m/rsc_de/mp3_128", Favicon: ""},
		{ID: "fallback-rock", Name: "SomaFM Left Coast 70s", Country: "The United States Of America", Tags: []string{"rock"},
			StreamURL: "https://ice1.somafm.com/seventies-128-mp3", Favicon: ""},
		{ID: "fallback-pop", Name: "SomaFM PopTron", Country: "The United States Of America", Tags: []string{"pop"},
			StreamURL: "https://ice1.somafm.com/poptron-128-mp3", Favicon: ""},
		{ID: "fallback-electronic", Name: "SomaFM Groove Salad", Country: "The United States Of America", Tags: []string{"electronic"},
			StreamURL: "https://ice1.somafm.com/groovesalad-128-mp3", Favicon: ""},
	}
}
