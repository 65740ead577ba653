// Package trending reads the most played songs of a country from Apple's RSS
// feed (api/v2/<country>/music/most-played/<limit>/songs.json) and fills their
// preview clips from the iTunes lookup, as ports.TrendingSource.
package trending

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
)

// maxBody bounds each answer; a 100-song feed is about 100 KB.
const maxBody = 4 << 20

// DefaultTimeout bounds each of the two requests.
const DefaultTimeout = 15 * time.Second

// Module provides the ports.TrendingSource configured by trending.*.
var Module = fx.Module("trending", fx.Provide(func(cfg *config.Config) ports.TrendingSource {
	return New(Options{FeedURL: cfg.Trending.FeedURL, LookupURL: cfg.Trending.LookupURL})
}))

// Options configure the source.
type Options struct {
	// FeedURL is the RSS feeds' base address (https://rss.applemarketingtools.com).
	FeedURL string
	// LookupURL is the iTunes Search API's base address (https://itunes.apple.com).
	LookupURL string
	// Timeout bounds each request; DefaultTimeout when zero.
	Timeout time.Duration
}

// Source is the Apple adapter.
type Source struct {
	feedURL, lookupURL string
	client             *http.Client
}

var _ ports.TrendingSource = (*Source)(nil)

// New builds the source.
func New(o Options) *Source {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return &Source{
		feedURL:   strings.TrimRight(o.FeedURL, "/"),
		lookupURL: strings.TrimRight(o.LookupURL, "/"),
		client:    &http.Client{Timeout: o.Timeout},
	}
}

type feedAnswer struct {
	Feed *struct {
		Updated string        `json:"updated"`
		Results *[]feedResult `json:"results"`
	} `json:"feed"`
}

type feedResult struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	ArtistName    string `json:"artistName"`
	ArtworkURL100 string `json:"artworkUrl100"`
	URL           string `json:"url"`
}

type lookupAnswer struct {
	ResultCount *int `json:"resultCount"`
	Results     *[]struct {
		// Collections and artists in the answer have no trackId.
		TrackID    json.Number `json:"trackId"`
		PreviewURL string      `json:"previewUrl"`
	} `json:"results"`
}

var countryCode = regexp.MustCompile(`^[a-z]{2}$`)

// TopSongs reads the chart, then asks the lookup for the preview clips of
// its songs; a song the lookup does not know keeps an empty PreviewURL.
func (s *Source) TopSongs(ctx context.Context, country string, limit int) ([]ports.TrendingTrack, error) {
	country = strings.ToLower(country)
	if !countryCode.MatchString(country) || limit < 1 || limit > 100 {
		return nil, ports.ErrTrendingUnavailable(fmt.Errorf("trending: bad request: country %q, limit %d", country, limit))
	}
	feedURL := fmt.Sprintf("%s/api/v2/%s/music/most-played/%d/songs.json", s.feedURL, country, limit)
	var feed feedAnswer
	if err := s.getJSON(ctx, feedURL, &feed); err != nil {
		return nil, err
	}
	if feed.Feed == nil || feed.Feed.Results == nil {
		return nil, ports.ErrInvalidResponseFormat(errors.New("trending: feed answer without feed.results"))
	}
	results := *feed.Feed.Results
	if len(results) > limit {
		results = results[:limit]
	}
	tracks := make([]ports.TrendingTrack, 0, len(results))
	ids := make([]string, 0, len(results))
	for i, r := range results {
		if _, err := strconv.ParseUint(r.ID, 10, 64); err != nil || r.Name == "" || r.ArtistName == "" {
			return nil, ports.ErrInvalidResponseFormat(fmt.Errorf("trending: feed result %d lacks a numeric id, name or artistName", i))
		}
		tracks = append(tracks, ports.TrendingTrack{
			ID: r.ID, Title: r.Name, Artist: r.ArtistName, AlbumArt: r.ArtworkURL100, Link: r.URL,
		})
		ids = append(ids, r.ID)
	}
	if len(ids) == 0 {
		return tracks, nil
	}

	q := url.Values{"id": {strings.Join(ids, ",")}, "entity": {"song"}, "country": {country}}
	var lookup lookupAnswer
	if err := s.getJSON(ctx, s.lookupURL+"/lookup?"+q.Encode(), &lookup); err != nil {
		return nil, err
	}
	if lookup.ResultCount == nil || lookup.Results == nil {
		return nil, ports.ErrInvalidResponseFormat(errors.New("trending: lookup answer without resultCount or results"))
	}
	previews := make(map[string]string, len(*lookup.Results))
	for _, r := range *lookup.Results {
		if r.TrackID != "" && r.PreviewURL != "" {
			previews[r.TrackID.String()] = r.PreviewURL
		}
	}
	for i := range tracks {
		tracks[i].PreviewURL = previews[tracks[i].ID]
	}
	return tracks, nil
}

// getJSON fetches u into v: transport failures and non-200 answers are
// trending_unavailable; a body that is not the expected JSON is
// invalid_response_format.
func (s *Source) getJSON(ctx context.Context, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return ports.ErrTrendingUnavailable(fmt.Errorf("trending: build request: %w", err))
	}
	req.Header.Set("Accept", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return ports.ErrTrendingUnavailable(fmt.Errorf("trending: GET %s: %w", req.URL.Redacted(), err))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return ports.ErrTrendingUnavailable(fmt.Errorf("trending: read %s: %w", req.URL.Redacted(), err))
	}
	if resp.StatusCode != http.StatusOK {
		return ports.ErrTrendingUnavailable(fmt.Errorf("trending: GET %s: HTTP %d", req.URL.Redacted(), resp.StatusCode))
	}
	if err := json.Unmarshal(body, v); err != nil {
		return ports.ErrInvalidResponseFormat(fmt.Errorf("trending: decode %s: %w", req.URL.Redacted(), err))
	}
	return nil
}
