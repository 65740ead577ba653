package stories

import (
	"strings"
	"testing"
	"time"

	"social/internal/config"
)

func TestConfigFromTheEnvironmentReachesThePlugin(t *testing.T) {
	t.Setenv("SOCIAL_STORIES_EXPIRE_EVERY", "2m")
	cfg, err := config.Load("", Plugin)
	if err != nil {
		t.Fatal(err)
	}
	own, err := loadConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if own.Stories.ExpireEvery != 2*time.Minute {
		t.Fatalf("stories.expire_every = %v, want 2m", own.Stories.ExpireEvery)
	}
}

func TestConfigRefusesABadValueNamingItsKey(t *testing.T) {
	t.Setenv("SOCIAL_STORIES_EXPIRE_EVERY", "10ms")
	_, err := config.Load("", Plugin)
	if err == nil || !strings.Contains(err.Error(), "config: stories.expire_every: must be at least 1s") {
		t.Fatalf("err = %v", err)
	}
}
