package mastodon_test

import (
	"net/http"
	"strings"
	"testing"

	"social/config"
	at "social/tests/testkit/apptest"
)

// The instance is what apps read first, before signing in: our limits
// (280 characters, one picture or video of the types a post takes), open
// sign-ups, Portuguese, the streaming origin, and the network's figures.
func TestInstance(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("lia")
	m.NewPost(t, "primeiro #ola", "public")

	var v2 struct {
		Domain, Title, Version, Description string
		Usage                               struct {
			Users struct {
				ActiveMonth int `json:"active_month"`
			}
		}
		Thumbnail     struct{ URL string }
		Languages     []string
		Configuration struct {
			URLs     struct{ Streaming string }
			Statuses struct {
				MaxCharacters       int `json:"max_characters"`
				MaxMediaAttachments int `json:"max_media_attachments"`
			}
			MediaAttachments struct {
				SupportedMimeTypes []string `json:"supported_mime_types"`
				ImageSizeLimit     int      `json:"image_size_limit"`
				VideoSizeLimit     int      `json:"video_size_limit"`
			} `json:"media_attachments"`
		}
		Registrations struct{ Enabled, ApprovalRequired bool }
		Rules         []any
	}
	app.Client().Do(http.MethodGet, "/api/v2/instance", nil).Expect(t, http.StatusOK).JSON(t, &v2)
	c := v2.Configuration
	if c.Statuses.MaxCharacters != 280 || c.Statuses.MaxMediaAttachments != 1 ||
		strings.Join(c.MediaAttachments.SupportedMimeTypes, ",") != "image/jpeg,image/png,image/webp,video/mp4,video/webm,video/ogg" ||
		c.MediaAttachments.ImageSizeLimit != 10<<20 || c.MediaAttachments.VideoSizeLimit != 50<<20 {
		t.Fatalf("limits: %+v", c)
	}
	if !v2.Registrations.Enabled || v2.Registrations.ApprovalRequired || len(v2.Languages) != 1 || v2.Languages[0] != "pt" ||
		v2.Rules == nil || len(v2.Rules) != 0 || v2.Usage.Users.ActiveMonth != 1 || !strings.HasPrefix(v2.Version, "4.") ||
		!strings.HasPrefix(c.URLs.Streaming, "ws") || !strings.HasSuffix(v2.Thumbnail.URL, "/icons/icon-192.png") || v2.Domain == "" {
		t.Fatalf("instance: %+v", v2)
	}

	var v1 struct {
		URI  string
		URLs struct {
			StreamingAPI string `json:"streaming_api"`
		}
		Stats struct {
			UserCount   int `json:"user_count"`
			StatusCount int `json:"status_count"`
		}
		Registrations bool
		Configuration struct {
			Statuses struct {
				MaxCharacters int `json:"max_characters"`
			}
		}
	}
	// An app's token reads it as anyone does, whatever its scopes.
	m.AppClient(t, "write:statuses").Do(http.MethodGet, "/api/v1/instance", nil).Expect(t, http.StatusOK).JSON(t, &v1)
	if v1.URI != v2.Domain || v1.Stats.UserCount != 1 || v1.Stats.StatusCount != 1 || !v1.Registrations ||
		v1.Configuration.Statuses.MaxCharacters != 280 || v1.URLs.StreamingAPI != c.URLs.Streaming {
		t.Fatalf("v1: %+v", v1)
	}

	for _, path := range []string{"/api/v1/instance/peers", "/api/v1/instance/activity", "/api/v1/instance/rules",
		"/api/v1/custom_emojis", "/api/v1/trends/statuses", "/api/v1/trends/links"} {
		expectEmptyList(t, app.Client().Do(http.MethodGet, path, nil))
	}
}

// Apps subscribe to Web Push with the key instance v2 shows: the push
// feature's own (GET /api/v1/push/server-key) when push is on, none when
// it is off. The profile limits are the core's.
func TestInstanceVAPIDKeyAndProfileLimits(t *testing.T) {
	t.Parallel()
	type instance struct {
		Configuration struct {
			Vapid struct {
				PublicKey string `json:"public_key"`
			}
			Accounts struct {
				MaxDisplayNameLength   int `json:"max_display_name_length"`
				MaxNoteLength          int `json:"max_note_length"`
				MaxProfileFields       int `json:"max_profile_fields"`
				ProfileFieldValueLimit int `json:"profile_field_value_limit"`
			}
		}
	}
	off := at.Start(t, func(c *config.Config) { c.Push.Enabled = false })
	var v2 instance
	off.Client().Do(http.MethodGet, "/api/v2/instance", nil).Expect(t, http.StatusOK).JSON(t, &v2)
	a := v2.Configuration.Accounts
	if v2.Configuration.Vapid.PublicKey != "" || a.MaxDisplayNameLength != 50 || a.MaxNoteLength != 500 ||
		a.MaxProfileFields != 2 || a.ProfileFieldValueLimit != 2048 {
		t.Fatalf("push off: %+v", v2.Configuration)
	}

	on := at.Start(t, func(c *config.Config) { c.Push.Enabled = true })
	var key struct {
		PublicKey string `json:"public_key"`
	}
	on.Client().Do(http.MethodGet, "/api/v1/push/server-key", nil).Expect(t, http.StatusOK).JSON(t, &key)
	on.Client().Do(http.MethodGet, "/api/v2/instance", nil).Expect(t, http.StatusOK).JSON(t, &v2)
	if key.PublicKey == "" || v2.Configuration.Vapid.PublicKey != key.PublicKey {
		t.Fatalf("push on: instance key %q, push key %q", v2.Configuration.Vapid.PublicKey, key.PublicKey)
	}
}

func expectEmptyList(t *testing.T, r *at.Response) {
	t.Helper()
	var list []any
	r.Expect(t, http.StatusOK).JSON(t, &list)
	if list == nil || len(list) != 0 {
		t.Fatalf("want [], got %s", r.Body)
	}
}

// Trending hashtags are the search screen's, counted over public posts:
// a followers-only post's hashtag is not among them.
func TestTrendTags(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	lia.NewPost(t, "vamos #praia", "public")
	ana.NewPost(t, "hoje #praia", "public")
	ana.NewPost(t, "segredo #oculta", "friends_only")

	var tags []struct {
		Name, URL string
		History   []struct{ Day, Uses, Accounts string }
	}
	lia.AppClient(t, "read").Do(http.MethodGet, "/api/v1/trends/tags", nil).Expect(t, http.StatusOK).JSON(t, &tags)
	if len(tags) != 1 || tags[0].Name != "praia" || len(tags[0].History) != 1 ||
		tags[0].History[0].Uses != "2" || tags[0].History[0].Accounts != "2" || !strings.Contains(tags[0].URL, "praia") {
		t.Fatalf("trends: %+v", tags)
	}
	// Without a member there is nobody to suggest to, as on our own API.
	expectError(t, app.Client().Do(http.MethodGet, "/api/v1/trends/tags", nil), http.StatusUnauthorized, "token_required")
}

// What apps read at start for features this network lacks answers empty,
// each behind Mastodon's scope; preferences are the member's defaults.
func TestStartUpReads(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("lia")
	reader := m.AppClient(t, "read")
	for _, path := range []string{"/api/v1/announcements", "/api/v1/lists", "/api/v1/conversations",
		"/api/v1/followed_tags", "/api/v1/bookmarks"} {
		expectEmptyList(t, reader.Do(http.MethodGet, path, nil))
		expectError(t, app.Client().Do(http.MethodGet, path, nil), http.StatusUnauthorized, "token_required")
	}
	var prefs map[string]any
	reader.Do(http.MethodGet, "/api/v1/preferences", nil).Expect(t, http.StatusOK).JSON(t, &prefs)
	if prefs["posting:default:visibility"] != "public" || prefs["posting:default:language"] != "pt" ||
		prefs["posting:default:sensitive"] != false || prefs["reading:expand:media"] != "default" || prefs["reading:expand:spoilers"] != false {
		t.Fatalf("preferences: %v", prefs)
	}
	expectError(t, m.AppClient(t, "read:statuses").Do(http.MethodGet, "/api/v1/preferences", nil), http.StatusForbidden, "insufficient_scope")
}
