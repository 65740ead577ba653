package httpapi

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	"social/core/domain"
	"social/core/ports"
	moderation "social/features/moderation/app"
	search "social/features/search/app"
)

// What the instance tells apps about itself. The version is Mastodon's
// whose API this one follows (apps decide from it which calls to make:
// v2 filters, grouped notifications...), marked as this server's.
const (
	instanceVersion     = "4.3.0+social"
	instanceTitle       = "social"
	instanceShort       = "Uma rede social brasileira: posts curtos, fotos e vídeos entre amigos."
	instanceDescription = "Uma rede social em português do Brasil. Posts de até 280 caracteres com uma foto ou um vídeo, " +
		"curtidas, comentários, seguidores e comunidades."
	// charactersPerURL: an address counts whole in a post's 280
	// characters (no shortening), so apps must count it as written.
	charactersPerURL = 0
)

// Media an app may attach: the types a post accepts (the bytes decide;
// core/domain/post_media.go), one per post.
var (
	imageTypes = []string{"image/jpeg", "image/png", "image/webp"}
	videoTypes = []string{"video/mp4", "video/webm", "video/ogg"}
)

// InstanceConfig is what the instance's answer takes from the server's
// configuration.
type InstanceConfig struct {
	// Contact is the address members write to (mail.from's address). The
	// source_url apps show is the site itself: the code is not published
	// at an address of its own.
	Contact string
	// Push is the server's VAPID key when Web Push is on (push.enabled),
	// nil when it is off: apps then read an empty key.
	Push ServerKey
}

// ServerKey is the push feature's VAPID key (push's app.Keys).
type ServerKey interface {
	PublicKey(ctx context.Context) ([]byte, error)
}

// NewInstanceConfig reads the contact address from the mail sender,
// "Social <contato@example.org>" or a bare address.
func NewInstanceConfig(mailFrom string, push ServerKey) InstanceConfig {
	cfg := InstanceConfig{Push: push}
	if a, err := mail.ParseAddress(mailFrom); err == nil {
		cfg.Contact = a.Address
	}
	return cfg
}

// vapidKey is the key apps subscribe with (URL-safe base64 of the public
// point, as Mastodon writes it), "" when push is off.
func (c InstanceConfig) vapidKey(ctx context.Context) (string, error) {
	if c.Push == nil {
		return "", nil
	}
	key, err := c.Push.PublicKey(ctx)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(key), nil
}

// InstanceV2 is Mastodon's Instance entity (GET /api/v2/instance).
type InstanceV2 struct {
	Domain        string            `json:"domain"`
	Title         string            `json:"title"`
	Version       string            `json:"version"`
	SourceURL     string            `json:"source_url"`
	Description   string            `json:"description"`
	Usage         InstanceUsage     `json:"usage"`
	Thumbnail     InstanceThumbnail `json:"thumbnail"`
	Icon          []InstanceIcon    `json:"icon"`
	Languages     []string          `json:"languages"`
	Configuration InstanceConfigV2  `json:"configuration"`
	Registrations InstanceSignUp    `json:"registrations"`
	APIVersions   map[string]int    `json:"api_versions"`
	Contact       InstanceContact   `json:"contact"`
	Rules         []InstanceRule    `json:"rules"`
}

// InstanceUsage is how many members were active in the last 30 days.
type InstanceUsage struct {
	Users struct {
		ActiveMonth int `json:"active_month"`
	} `json:"users"`
}

// InstanceThumbnail is the site's picture: its icon, in two sizes,
// without a blurhash (optional in Mastodon's documentation).
type InstanceThumbnail struct {
	URL         string            `json:"url"`
	Versions    map[string]string `json:"versions"`
	Description string            `json:"description"`
}

// thumbnailDescription is the icon's alt text.
const thumbnailDescription = "Ícone do social"

// InstanceIcon is one size of the site's icon.
type InstanceIcon struct {
	Src  string `json:"src"`
	Size string `json:"size"`
}

// InstanceConfigV2 are the limits apps enforce before sending.
type InstanceConfigV2 struct {
	URLs struct {
		Streaming string `json:"streaming"`
	} `json:"urls"`
	Accounts         AccountLimits `json:"accounts"`
	Statuses         StatusLimits  `json:"statuses"`
	MediaAttachments MediaLimits   `json:"media_attachments"`
	Polls            PollLimits    `json:"polls"`
	Translation      struct {
		Enabled bool `json:"enabled"`
	} `json:"translation"`
	Vapid struct {
		PublicKey string `json:"public_key"`
	} `json:"vapid"`
}

// profileFieldNameLimit is the longest field name an app may send and
// have recognised (websiteNames, locationNames): 'localização'.
const profileFieldNameLimit = 11

// AccountLimits are a profile's: no featured tags or pinned statuses, no
// descriptions of the pictures, two fields (the website and the location;
// a value as long as the longer, the website, may be).
type AccountLimits struct {
	MaxFeaturedTags            int `json:"max_featured_tags"`
	MaxPinnedStatuses          int `json:"max_pinned_statuses"`
	MaxDisplayNameLength       int `json:"max_display_name_length"`
	MaxNoteLength              int `json:"max_note_length"`
	MaxAvatarDescriptionLength int `json:"max_avatar_description_length"`
	MaxHeaderDescriptionLength int `json:"max_header_description_length"`
	MaxProfileFields           int `json:"max_profile_fields"`
	ProfileFieldNameLimit      int `json:"profile_field_name_limit"`
	ProfileFieldValueLimit     int `json:"profile_field_value_limit"`
}

// FeaturedTagLimits are v1's account limits: no featured tags.
type FeaturedTagLimits struct {
	MaxFeaturedTags int `json:"max_featured_tags"`
}

// StatusLimits: 280 characters, one picture or video.
type StatusLimits struct {
	MaxCharacters            int `json:"max_characters"`
	MaxMediaAttachments      int `json:"max_media_attachments"`
	CharactersReservedPerURL int `json:"characters_reserved_per_url"`
}

// MediaLimits are the types and sizes a post's file may have.
type MediaLimits struct {
	SupportedMimeTypes  []string `json:"supported_mime_types"`
	ImageSizeLimit      int      `json:"image_size_limit"`
	ImageMatrixLimit    int      `json:"image_matrix_limit"`
	VideoSizeLimit      int      `json:"video_size_limit"`
	VideoFrameRateLimit int      `json:"video_frame_rate_limit"`
	VideoMatrixLimit    int      `json:"video_matrix_limit"`
}

// PollLimits: the network has no polls, so none may be made.
type PollLimits struct {
	MaxOptions             int `json:"max_options"`
	MaxCharactersPerOption int `json:"max_characters_per_option"`
	MinExpiration          int `json:"min_expiration"`
	MaxExpiration          int `json:"max_expiration"`
}

// InstanceSignUp says anyone may sign up, without approval.
type InstanceSignUp struct {
	Enabled          bool    `json:"enabled"`
	ApprovalRequired bool    `json:"approval_required"`
	Message          *string `json:"message"`
}

// InstanceContact is whom to write to.
type InstanceContact struct {
	Email   string   `json:"email"`
	Account *Account `json:"account"`
}

// InstanceRule is one of the server's rules (none are listed: the
// network's rules are its terms, on the site).
type InstanceRule struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	Hint string `json:"hint"`
}

// InstanceV1 is the older Instance entity (GET /api/v1/instance), which
// many apps still read first.
type InstanceV1 struct {
	URI              string            `json:"uri"`
	Title            string            `json:"title"`
	ShortDescription string            `json:"short_description"`
	Description      string            `json:"description"`
	Email            string            `json:"email"`
	Version          string            `json:"version"`
	URLs             map[string]string `json:"urls"`
	Stats            InstanceStats     `json:"stats"`
	Thumbnail        string            `json:"thumbnail"`
	Languages        []string          `json:"languages"`
	Registrations    bool              `json:"registrations"`
	ApprovalRequired bool              `json:"approval_required"`
	InvitesEnabled   bool              `json:"invites_enabled"`
	Configuration    InstanceConfigV1  `json:"configuration"`
	ContactAccount   *Account          `json:"contact_account"`
	Rules            []InstanceRule    `json:"rules"`
}

// InstanceStats are the v1 totals: members, posts, other servers (none).
type InstanceStats struct {
	UserCount   int `json:"user_count"`
	StatusCount int `json:"status_count"`
	DomainCount int `json:"domain_count"`
}

// InstanceConfigV1 are the v1 limits.
type InstanceConfigV1 struct {
	Statuses         StatusLimits      `json:"statuses"`
	MediaAttachments MediaLimits       `json:"media_attachments"`
	Polls            PollLimits        `json:"polls"`
	Accounts         FeaturedTagLimits `json:"accounts"`
}

// TrendTag is Mastodon's Tag entity with its use, as trends answer it.
type TrendTag struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	URL       string       `json:"url"`
	History   []TagHistory `json:"history"`
	Following bool         `json:"following"`
}

// TagHistory is a hashtag's use over a period: Mastodon counts days;
// numbers are strings, as Mastodon writes them.
type TagHistory struct {
	Day      string `json:"day"`
	Uses     string `json:"uses"`
	Accounts string `json:"accounts"`
}

// Domain is the host apps address (the public URL's).
func (b Base) Domain() string {
	if u, err := url.Parse(string(b)); err == nil && u.Host != "" {
		return u.Host
	}
	return string(b)
}

// streamingURL is the origin of the streaming API as Mastodon names it:
// the server's own, over WebSocket (apps add /api/v1/streaming).
func (b Base) streamingURL() string {
	s := string(b)
	switch {
	case strings.HasPrefix(s, "https://"):
		return "wss://" + strings.TrimPrefix(s, "https://")
	case strings.HasPrefix(s, "http://"):
		return "ws://" + strings.TrimPrefix(s, "http://")
	}
	return s
}

func statusLimits() StatusLimits {
	return StatusLimits{MaxCharacters: domain.PostMaxRunes, MaxMediaAttachments: 1, CharactersReservedPerURL: charactersPerURL}
}

func mediaLimits() MediaLimits {
	return MediaLimits{
		SupportedMimeTypes: append(append([]string{}, imageTypes...), videoTypes...),
		ImageSizeLimit:     domain.MaxPostImageBytes,
		VideoSizeLimit:     domain.MaxPostVideoBytes,
	}
}

// InstanceEndpoints are the server's description (/api/v1/instance,
// /api/v2/instance and their companions), the trends and the custom
// emojis: what apps read at start, most of them before signing in.
func InstanceEndpoints(base Base, cfg InstanceConfig, usage *moderation.NetworkUsage, search search.UseCases, clock ports.Clock) []Endpoint {
	empty := func(*Request) (any, error) { return []struct{}{}, nil }
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v2/instance", Anonymous: true,
			Handle: func(r *Request) (any, error) {
				u, err := usage.Handle(r.Context())
				if err != nil {
					return nil, err
				}
				key, err := cfg.vapidKey(r.Context())
				if err != nil {
					return nil, err
				}
				return base.instanceV2(cfg, u, key), nil
			}},
		{Method: http.MethodGet, Path: "/api/v1/instance", Anonymous: true,
			Handle: func(r *Request) (any, error) {
				u, err := usage.Handle(r.Context())
				if err != nil {
					return nil, err
				}
				return base.instanceV1(cfg, u), nil
			}},
		// One server, no federation: no peers, no rules listed here (the
		// terms are on the site), no weekly activity kept.
		{Method: http.MethodGet, Path: "/api/v1/instance/peers", Anonymous: true, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/instance/activity", Anonymous: true, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/instance/rules", Anonymous: true, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/custom_emojis", Anonymous: true, Handle: empty},
		// The search screen's suggestions, which need a member: an app's
		// token with a read scope, or the member's session.
		{Method: http.MethodGet, Path: "/api/v1/trends/tags", Scopes: domain.ScopeRead | domain.ScopeReadStatuses,
			Handle: func(r *Request) (any, error) {
				limit, err := r.Int("limit", 10)
				if err != nil {
					return nil, err
				}
				trends, err := search.Trending.Handle(r.Context(), r.Viewer)
				if err != nil {
					return nil, err
				}
				return base.trendTags(trends, limit, clock.Now()), nil
			}},
		{Method: http.MethodGet, Path: "/api/v1/trends", Scopes: domain.ScopeRead | domain.ScopeReadStatuses,
			Handle: func(r *Request) (any, error) {
				trends, err := search.Trending.Handle(r.Context(), r.Viewer)
				if err != nil {
					return nil, err
				}
				return base.trendTags(trends, 10, clock.Now()), nil
			}},
		{Method: http.MethodGet, Path: "/api/v1/trends/statuses", Anonymous: true, Handle: empty},
		{Method: http.MethodGet, Path: "/api/v1/trends/links", Anonymous: true, Handle: empty},
	}
}

func (b Base) instanceV2(cfg InstanceConfig, u moderation.Usage, vapidKey string) InstanceV2 {
	in := InstanceV2{
		Domain: b.Domain(), Title: instanceTitle, Version: instanceVersion, SourceURL: b.Link("/"),
		Description: instanceDescription,
		Thumbnail: InstanceThumbnail{URL: b.IconURL(), Description: thumbnailDescription,
			Versions: map[string]string{"@1x": b.IconURL(), "@2x": b.Link(largeIconPath)}},
		Icon:      []InstanceIcon{{Src: b.IconURL(), Size: "192x192"}},
		Languages: []string{memberLanguage}, Registrations: InstanceSignUp{Enabled: true},
		APIVersions: map[string]int{"mastodon": 2}, Contact: InstanceContact{Email: cfg.Contact},
		Rules: []InstanceRule{},
	}
	in.Usage.Users.ActiveMonth = u.ActiveMonth
	c := &in.Configuration
	c.URLs.Streaming = b.streamingURL()
	c.Statuses, c.MediaAttachments = statusLimits(), mediaLimits()
	c.Accounts = AccountLimits{MaxDisplayNameLength: domain.MaxDisplayNameLength, MaxNoteLength: domain.MaxBioLength,
		MaxProfileFields: 2, ProfileFieldNameLimit: profileFieldNameLimit,
		ProfileFieldValueLimit: max(domain.MaxWebsiteLength, domain.MaxLocationLength)}
	c.Vapid.PublicKey = vapidKey
	return in
}

func (b Base) instanceV1(cfg InstanceConfig, u moderation.Usage) InstanceV1 {
	return InstanceV1{
		URI: b.Domain(), Title: instanceTitle, ShortDescription: instanceShort, Description: instanceDescription,
		Email: cfg.Contact, Version: instanceVersion, URLs: map[string]string{"streaming_api": b.streamingURL()},
		Stats:     InstanceStats{UserCount: u.Members, StatusCount: u.LocalPosts},
		Thumbnail: b.IconURL(), Languages: []string{memberLanguage}, Registrations: true,
		Configuration: InstanceConfigV1{Statuses: statusLimits(), MediaAttachments: mediaLimits()},
		Rules:         []InstanceRule{},
	}
}

// trendTags are the week's most used hashtags as Tags. The core counts
// the whole week, not each day, so each carries one history entry: the
// week's posts and members, dated today.
func (b Base) trendTags(trends []search.HashtagTrend, limit int, now time.Time) []TrendTag {
	limit = min(max(limit, 1), 20)
	if len(trends) > limit {
		trends = trends[:limit]
	}
	day := strconv.FormatInt(now.UTC().Truncate(24*time.Hour).Unix(), 10)
	out := make([]TrendTag, len(trends))
	for i, t := range trends {
		out[i] = TrendTag{ID: t.Tag, Name: t.Tag, URL: b.TagURL(t.Tag),
			History: []TagHistory{{Day: day, Uses: strconv.Itoa(t.Posts), Accounts: strconv.Itoa(t.People)}}}
	}
	return out
}
