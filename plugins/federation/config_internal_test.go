package federation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"social/config"
	"social/kit/plugin"
)

func load(t *testing.T, file string) *config.Config {
	t.Helper()
	cfg, err := config.Load(file, plugin.ConfigSections([]plugin.Plugin{Plugin})...)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// Federation ships off, stays off when a file switches other plugins, and
// is turned on by a file or by the environment.
func TestFederationShipsOff(t *testing.T) {
	if load(t, "").PluginEnabled(Name) {
		t.Fatal("federation is on by default")
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	other := load(t, write("other.yaml", "plugins:\n  rooms:\n    enabled: false\n"))
	if other.PluginEnabled(Name) || other.PluginEnabled("rooms") || !other.PluginEnabled("stories") {
		t.Fatal("switching rooms off changed federation's or another plugin's default")
	}
	if !load(t, write("on.yaml", "plugins:\n  federation:\n    enabled: true\n")).PluginEnabled(Name) {
		t.Fatal("a file does not turn federation on")
	}
	t.Setenv("SOCIAL_PLUGINS_FEDERATION_ENABLED", "true")
	if !load(t, "").PluginEnabled(Name) {
		t.Fatal("SOCIAL_PLUGINS_FEDERATION_ENABLED=true does not turn federation on")
	}
}

// Other servers trust https: plain http only for a loopback host when
// asked, never in production; the domain is the public URL's host unless
// set.
func TestTheSiteFederatesOverHTTPS(t *testing.T) {
	for _, c := range []struct {
		publicURL, domain string
		loopback, prod    bool
		wantErr           string
		wantBase, wantDom string
	}{
		{publicURL: "https://Social.Example/", wantBase: "https://social.example", wantDom: "social.example"},
		{publicURL: "https://social.example:8443", domain: "Example.com", wantBase: "https://social.example:8443", wantDom: "example.com"},
		{publicURL: "http://social.example", wantErr: "must be https"},
		{publicURL: "http://social.example", loopback: true, wantErr: "loopback host only"},
		{publicURL: "http://localhost:8080", wantErr: "must be https"},
		{publicURL: "http://localhost:8080", loopback: true, wantBase: "http://localhost:8080", wantDom: "localhost:8080"},
		{publicURL: "http://127.0.0.2:9000", loopback: true, wantBase: "http://127.0.0.2:9000", wantDom: "127.0.0.2:9000"},
		{publicURL: "http://[::1]:9000", loopback: true, wantBase: "http://[::1]:9000", wantDom: "[::1]:9000"},
		{publicURL: "http://localhost:8080", loopback: true, prod: true, wantErr: "refused in production"},
		{publicURL: "https://social.example/app", wantErr: "no path"},
	} {
		cfg := load(t, "")
		cfg.HTTP.PublicURL = c.publicURL
		if c.prod {
			cfg.Mode = config.ModeProduction
		}
		s, _ := config.PluginSettings[Config](cfg, Name)
		s.Federation.AllowLoopbackHTTP, s.Federation.Domain = c.loopback, c.domain
		site, err := newSite(cfg)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%+v: error %v, want %q", c, err, c.wantErr)
			}
			continue
		}
		if err != nil || site.Base != c.wantBase || site.Domain != c.wantDom {
			t.Errorf("%+v: %+v %v", c, site, err)
		}
	}
}

func TestADomainIsAHostName(t *testing.T) {
	for _, d := range []string{"https://social.example", "social.example/x", "ana@social.example", " social.example"} {
		var bad []string
		validate(&Config{Federation: Settings{Domain: d, Delivery: goodDelivery, Inbox: goodInbox, Media: goodMedia}}, func(key, format string, args ...any) { bad = append(bad, key) })
		if len(bad) != 1 || bad[0] != "federation.domain" {
			t.Errorf("%q: %v", d, bad)
		}
	}
	var bad []string
	validate(&Config{Federation: Settings{Domain: "social.example:8443", Delivery: goodDelivery, Inbox: goodInbox, Media: goodMedia}}, func(key, _ string, _ ...any) { bad = append(bad, key) })
	if len(bad) != 0 {
		t.Errorf("a host with a port refused: %v", bad)
	}
}

// goodInbox are inbox settings that pass.
var goodInbox = Inbox{PerHostPerMinute: 600, PerSecond: 50, Workers: 1, Concurrency: 16, Wait: 250 * time.Millisecond}

func TestInboxSettingsAreBounded(t *testing.T) {
	with := func(change func(*Inbox)) Inbox { in := goodInbox; change(&in); return in }
	for _, in := range []Inbox{with(func(in *Inbox) { in.PerHostPerMinute = 0 }), with(func(in *Inbox) { in.Workers = 0 }),
		with(func(in *Inbox) { in.Workers = 101 }), with(func(in *Inbox) { in.Concurrency = 0 }),
		with(func(in *Inbox) { in.Concurrency = 257 }), with(func(in *Inbox) { in.Wait = -time.Second }),
		with(func(in *Inbox) { in.Wait = 11 * time.Second }),
		with(func(in *Inbox) { in.PerSecond = 0 }), with(func(in *Inbox) { in.PerSecond = 100_001 })} {
		var bad []string
		validate(&Config{Federation: Settings{Delivery: goodDelivery, Inbox: in, Media: goodMedia}}, func(key, _ string, _ ...any) { bad = append(bad, key) })
		if len(bad) != 1 {
			t.Errorf("%+v: %v, want one refusal", in, bad)
		}
	}
}

// goodDelivery are delivery settings that pass.
var goodDelivery = Delivery{Workers: 5, PerHost: 2, Timeout: 10 * time.Second, UnreachableAfter: 168 * time.Hour}

func TestDeliverySettingsAreBounded(t *testing.T) {
	for _, d := range []Delivery{
		{Workers: 101, PerHost: 2, Timeout: 10 * time.Second, UnreachableAfter: time.Hour},
		{Workers: 5, PerHost: 6, Timeout: 10 * time.Second, UnreachableAfter: time.Hour},
		{Workers: 5, PerHost: 2, Timeout: 0, UnreachableAfter: time.Hour},
		{Workers: 5, PerHost: 2, Timeout: 10 * time.Second, UnreachableAfter: time.Minute},
	} {
		var bad []string
		validate(&Config{Federation: Settings{Delivery: d, Inbox: goodInbox, Media: goodMedia}}, func(key, _ string, _ ...any) { bad = append(bad, key) })
		if len(bad) != 1 {
			t.Errorf("%+v: %v, want one refusal", d, bad)
		}
	}
}

// goodMedia are media settings that pass.
var goodMedia = Media{MaxBytes: 50 << 20, Timeout: time.Minute, CacheDays: 30}

func TestMediaSettingsAreBounded(t *testing.T) {
	for _, m := range []Media{
		{MaxBytes: 100, Timeout: time.Minute, CacheDays: 30},
		{MaxBytes: 51 << 20, Timeout: time.Minute, CacheDays: 30},
		{MaxBytes: 50 << 20, Timeout: 0, CacheDays: 30},
		{MaxBytes: 50 << 20, Timeout: time.Minute, CacheDays: 0},
	} {
		var bad []string
		validate(&Config{Federation: Settings{Delivery: goodDelivery, Inbox: goodInbox, Media: m}}, func(key, _ string, _ ...any) { bad = append(bad, key) })
		if len(bad) != 1 {
			t.Errorf("%+v: %v, want one refusal", m, bad)
		}
	}
}
