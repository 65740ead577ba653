package rooms

import (
	"strings"
	"testing"
	"time"

	"social/internal/config"
)

// The variables keep the names they had when the core held these keys.
func TestConfigFromTheEnvironmentReachesThePlugin(t *testing.T) {
	t.Setenv("SOCIAL_ROOMS_PRESENCE_GRACE", "1s")
	t.Setenv("SOCIAL_ROOMS_STREAM_HOSTS", "musica.exemplo.com.br,audio.example:8443")
	t.Setenv("SOCIAL_RADIO_MIRRORS", "http://127.0.0.1:9")
	cfg, err := config.Load("", Plugin)
	if err != nil {
		t.Fatal(err)
	}
	own, err := loadConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if own.Rooms.PresenceGrace != time.Second || own.Rooms.PresenceStale != 5*time.Minute ||
		strings.Join(own.Rooms.StreamHosts, " ") != "musica.exemplo.com.br audio.example:8443" ||
		strings.Join(own.Radio.Mirrors, " ") != "http://127.0.0.1:9" || own.Radio.Limit != 50 {
		t.Fatalf("settings = %+v", own)
	}
}

func TestConfigRefusesABadValueNamingItsKey(t *testing.T) {
	cases := []struct{ env, value, want string }{
		{"SOCIAL_ROOMS_PRESENCE_GRACE", "1h", "config: rooms.presence_grace: 1h0m0s is outside 0..10m"},
		{"SOCIAL_ROOMS_STREAM_HOSTS", "https://audio.example", `config: rooms.stream_hosts: "https://audio.example" is not a host name`},
		{"SOCIAL_RADIO_MIRRORS", "ftp://mirror", `config: radio.mirrors: "ftp://mirror": scheme "ftp" not allowed`},
	}
	for _, c := range cases {
		t.Run(c.env, func(t *testing.T) {
			t.Setenv(c.env, c.value)
			_, err := config.Load("", Plugin)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}
