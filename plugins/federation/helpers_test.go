package federation_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"social/config"
	"social/plugins/federation"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// What servers of the social web and browsers send as Accept.
const (
	activityJSON = "application/activity+json"
	ldJSON       = `application/ld+json; profile="https://www.w3.org/ns/activitystreams"`
	browser      = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
)

// base is the test app's public URL (testkit's default): every URL of the
// documents starts with it.
const base = "http://localhost:8080"

// domain is the members' addresses' domain: the public URL's host.
const domain = "localhost:8080"

// on switches federation on, plain http allowed for the loopback public
// URL, and applies tweak.
func on(tweak func(*config.Config, *federation.Config)) func(*config.Config) {
	return func(cfg *config.Config) {
		if cfg.Plugins == nil {
			cfg.Plugins = map[string]config.PluginSwitch{}
		}
		cfg.Plugins[federation.Name] = config.PluginSwitch{Enabled: true}
		s, err := config.PluginSettings[federation.Config](cfg, federation.Name)
		if err != nil {
			panic(err)
		}
		s.Federation.AllowLoopbackHTTP = true
		if tweak != nil {
			tweak(cfg, s)
		}
	}
}

// startOn boots the app with federation on.
func startOn(t *testing.T) *at.App {
	t.Helper()
	return at.Start(t, on(nil))
}

// get asks path with the given Accept.
func get(c *at.Client, path, accept string) *at.Response {
	return c.Do(http.MethodGet, path, nil, "Accept", accept)
}

// local is the path of a URL of the app's documents.
func local(t *testing.T, u string) string {
	t.Helper()
	p, ok := strings.CutPrefix(u, base)
	if !ok {
		t.Fatalf("%q is not on %s", u, base)
	}
	return p
}

// document decodes an ActivityPub answer, after checking its type and
// that caches keep it apart from the page of the same address.
func document(t *testing.T, r *at.Response, v any) {
	t.Helper()
	r.Expect(t, http.StatusOK)
	if ct := r.Header.Get("Content-Type"); ct != activityJSON {
		t.Fatalf("Content-Type %q, want %s", ct, activityJSON)
	}
	if !strings.Contains(strings.Join(r.Header.Values("Vary"), ","), "Accept") {
		t.Fatalf("Vary %q does not name Accept", r.Header.Values("Vary"))
	}
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// actor is the shape of a Person as we answer it.
type actor struct {
	Context           []any  `json:"@context"`
	ID                string `json:"id"`
	Type              string `json:"type"`
	PreferredUsername string `json:"preferredUsername"`
	Name              string `json:"name"`
	Summary           string `json:"summary"`
	URL               string `json:"url"`
	Icon              *struct {
		Type, MediaType, URL string
	} `json:"icon"`
	Inbox, Outbox, Followers, Following string
	Endpoints                           struct{ SharedInbox string }
	PublicKey                           struct {
		ID, Owner, PublicKeyPem string
	} `json:"publicKey"`
	ManuallyApprovesFollowers *bool  `json:"manuallyApprovesFollowers"`
	Discoverable              *bool  `json:"discoverable"`
	Published                 string `json:"published"`
}

// fetchActor fetches the actor of member id as a server does.
func fetchActor(t *testing.T, app *at.App, id string) actor {
	t.Helper()
	var a actor
	document(t, get(app.Client(), "/ap/users/"+id, activityJSON), &a)
	return a
}
