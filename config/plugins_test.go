package config_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"social/config"
	"social/kit/plugin"
	"social/plugins"
	"social/plugins/rooms"
	"social/plugins/stories"
)

// probeSettings are the settings of a plugin made for these tests.
type probeSettings struct {
	Probe struct {
		Every time.Duration `mapstructure:"every"`
		Hosts []string      `mapstructure:"hosts"`
	} `mapstructure:"probe"`
}

func probePlugin() plugin.Plugin {
	defaults := []byte("probe:\n  # How often.\n  every: 5m\n  hosts: []\n")
	return plugin.Plugin{Name: "probe", Settings: plugin.NewSettings(defaults, func(s *probeSettings, bad plugin.Bad) {
		if s.Probe.Every < time.Second {
			bad("probe.every", "must be at least 1s")
		}
	})}
}

func TestPluginSettingsDefaultsFileAndEnvironment(t *testing.T) {
	cfg, err := config.Load("", plugin.ConfigSections([]plugin.Plugin{probePlugin()})...)
	if err != nil {
		t.Fatal(err)
	}
	s, err := config.PluginSettings[probeSettings](cfg, "probe")
	if err != nil {
		t.Fatal(err)
	}
	if s.Probe.Every != 5*time.Minute || len(s.Probe.Hosts) != 0 {
		t.Fatalf("defaults = %+v", s.Probe)
	}

	t.Setenv("SOCIAL_PROBE_HOSTS", "a.example,b.example:8443")
	cfg, err = config.Load(writeFile(t, "probe:\n  every: 2m\n"), plugin.ConfigSections([]plugin.Plugin{probePlugin()})...)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ = config.PluginSettings[probeSettings](cfg, "probe"); s.Probe.Every != 2*time.Minute ||
		strings.Join(s.Probe.Hosts, " ") != "a.example b.example:8443" {
		t.Fatalf("from the file and the environment = %+v", s.Probe)
	}
	t.Setenv("SOCIAL_PROBE_EVERY", "90s")
	if cfg, err = config.Load(writeFile(t, "probe:\n  every: 2m\n"), plugin.ConfigSections([]plugin.Plugin{probePlugin()})...); err != nil {
		t.Fatal(err)
	}
	if s, _ = config.PluginSettings[probeSettings](cfg, "probe"); s.Probe.Every != 90*time.Second {
		t.Fatalf("the environment must win over the file: every = %v", s.Probe.Every)
	}

	var out bytes.Buffer
	if err := cfg.Print(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "probe:\n  every: 1m30s\n  hosts: [a.example b.example:8443]\n") {
		t.Fatalf("printed config lacks the plugin's section:\n%s", out.String())
	}
}

// A plugin's bad value fails the load like a core one, naming its key:
// the probe's, and the shipped plugins' with the variables they had when
// the core held their keys.
func TestPluginSettingsRefused(t *testing.T) {
	cases := []struct {
		name, file string
		env        map[string]string
		want       string
	}{
		{name: "bad value", env: map[string]string{"SOCIAL_PROBE_EVERY": "0s"}, want: "config: probe.every: must be at least 1s"},
		{name: "wrong type", file: "probe:\n  every: often\n", want: "every"},
		{name: "unknown key", file: "probe:\n  evry: 1m\n", want: "unknown key(s): evry"},
		{name: "stories", env: map[string]string{"SOCIAL_STORIES_EXPIRE_EVERY": "10ms"}, want: "config: stories.expire_every: must be at least 1s"},
		{name: "rooms", env: map[string]string{"SOCIAL_ROOMS_PRESENCE_GRACE": "1h"}, want: "config: rooms.presence_grace: 1h0m0s is outside 0..10m"},
		{name: "stream hosts", env: map[string]string{"SOCIAL_ROOMS_STREAM_HOSTS": "https://audio.example"}, want: `config: rooms.stream_hosts: "https://audio.example" is not a host name`},
		{name: "radio", env: map[string]string{"SOCIAL_RADIO_MIRRORS": "ftp://mirror"}, want: `config: radio.mirrors: "ftp://mirror": scheme "ftp" not allowed`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadWith(t, c.env, c.file, append(plugins.All(), probePlugin())...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want it to name %q", err, c.want)
			}
		})
	}
	// Without the plugin, its section is a key nobody knows.
	if _, err := config.Load(writeFile(t, "probe:\n  every: 1m\n")); err == nil || !strings.Contains(err.Error(), "unknown key(s): probe") {
		t.Fatalf("without the plugin: err = %v", err)
	}
}

// The shipped plugins get their settings from the environment under the
// variables' old names.
func TestShippedPluginsSettingsFromTheEnvironment(t *testing.T) {
	cfg, err := loadWith(t, map[string]string{
		"SOCIAL_ROOMS_PRESENCE_GRACE": "1s",
		"SOCIAL_ROOMS_STREAM_HOSTS":   "musica.exemplo.com.br,audio.example:8443",
		"SOCIAL_RADIO_MIRRORS":        "http://127.0.0.1:9",
		"SOCIAL_STORIES_EXPIRE_EVERY": "2m",
	}, "", plugins.All()...)
	if err != nil {
		t.Fatal(err)
	}
	r := rooms.ConfigOf(cfg)
	if r.Rooms.PresenceGrace != time.Second || r.Rooms.PresenceStale != 5*time.Minute ||
		strings.Join(r.Rooms.StreamHosts, " ") != "musica.exemplo.com.br audio.example:8443" ||
		strings.Join(r.Radio.Mirrors, " ") != "http://127.0.0.1:9" || r.Radio.Limit != 50 {
		t.Errorf("rooms = %+v", r)
	}
	s, err := config.PluginSettings[stories.Config](cfg, stories.Name)
	if err != nil || s.Stories.ExpireEvery != 2*time.Minute {
		t.Errorf("stories = %+v, %v", s, err)
	}
}

// A plugin may not take a key the core or another plugin has.
func TestPluginSettingsKeysAreTheirOwn(t *testing.T) {
	core := plugin.Plugin{Name: "probe", Settings: plugin.NewSettings([]byte("http:\n  every: 1m\n"), func(*probeSettings, plugin.Bad) {})}
	if _, err := config.Load("", plugin.ConfigSections([]plugin.Plugin{core})...); err == nil || !strings.Contains(err.Error(), "plugin probe: key http is the core's") {
		t.Fatalf("core key: err = %v", err)
	}
	twin := probePlugin()
	twin.Name = "twin"
	if _, err := config.Load("", plugin.ConfigSections([]plugin.Plugin{probePlugin(), twin})...); err == nil || !strings.Contains(err.Error(), "plugin twin: key probe is plugin probe's") {
		t.Fatalf("another plugin's key: err = %v", err)
	}
}

func TestPluginSettingsOfAPluginNotLoaded(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := config.PluginSettings[probeSettings](cfg, "probe"); err == nil || !strings.Contains(err.Error(), "not loaded") {
		t.Fatalf("err = %v", err)
	}
}
