package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"social/config"
)

// A multi-node configuration that leaves one shared setting out is refused,
// and the message names every key at fault.
func TestMultiNodeNamesEveryMissingSetting(t *testing.T) {
	t.Setenv("SOCIAL_DEPLOYMENT", "multi_node")
	_, err := config.Load("")
	if err == nil {
		t.Fatal("a multi-node configuration with every default loaded")
	}
	for _, want := range []string{
		"database.url: is required with deployment multi_node",
		"storage.driver: must be s3 with deployment multi_node",
		"search.driver: must be postgres with deployment multi_node",
		"realtime.bus: must be nats with deployment multi_node",
		"auth.jwt_secret: is required with deployment multi_node",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
}

// Each shared setting of the production example is required on its own.
func TestProductionExampleRefusesEachMissingSetting(t *testing.T) {
	example := filepath.Join("..", "configs", "production.example.yaml")
	raw, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	// Each case deletes one line of the example (an empty variable does not
	// override a file's value).
	cases := map[string]struct{ line, key string }{
		"database":  {`  url: "postgres://social@db.internal:5432/social?sslmode=require"`, "database.url"},
		"storage":   {"  driver: s3", "storage.driver"},
		"search":    {"  driver: postgres", "search.driver"},
		"realtime":  {"  bus: nats", "realtime.bus"},
		"nats url":  {`    url: "nats://nats.internal:4222"`, "realtime.nats.url"},
		"s3 bucket": {`    bucket: "social-media"`, "storage.s3.bucket"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Setenv("SOCIAL_AUTH_JWT_SECRET", strings.Repeat("j", 40))
			t.Setenv("SOCIAL_PUSH_VAPID_PRIVATE_KEY", "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")
			if !strings.Contains(string(raw), c.line+"\n") {
				t.Fatalf("the example has no line %q", c.line)
			}
			_, err := config.Load(writeFile(t, strings.Replace(string(raw), c.line+"\n", "", 1)))
			if err == nil || !strings.Contains(err.Error(), "config: "+c.key+": ") {
				t.Fatalf("err = %v, want it to name %s", err, c.key)
			}
		})
	}
	t.Run("secret", func(t *testing.T) {
		_, err := config.Load(example)
		if err == nil || !strings.Contains(err.Error(), "config: auth.jwt_secret: ") {
			t.Fatalf("err = %v, want it to name auth.jwt_secret", err)
		}
	})
	t.Run("complete", func(t *testing.T) {
		t.Setenv("SOCIAL_AUTH_JWT_SECRET", strings.Repeat("j", 40))
		t.Setenv("SOCIAL_PUSH_VAPID_PRIVATE_KEY", "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")
		cfg, err := config.Load(example)
		if err != nil {
			t.Fatal(err)
		}
		if !cfg.MultiNode() || cfg.Database.ReadURL == "" || cfg.Search.Driver != "postgres" || cfg.Database.AutoMigrate {
			t.Fatalf("example loaded as %+v", cfg)
		}
	})
}

func TestReadReplicaAndMetricsSettings(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"replica with a bad scheme", map[string]string{"SOCIAL_DATABASE_URL": "postgres://db/social", "SOCIAL_DATABASE_READ_URL": "mysql://replica/social"}, "database.read_url: scheme"},
		{"replica without a primary", map[string]string{"SOCIAL_DATABASE_READ_URL": "postgres://replica/social"}, "database.read_url: needs database.url"},
		{"short metrics token", map[string]string{"SOCIAL_METRICS_TOKEN": "short"}, "metrics.token: must have at least 16"},
		{"unknown deployment", map[string]string{"SOCIAL_DEPLOYMENT": "cluster"}, `deployment: unknown value "cluster"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			_, err := config.Load("")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}

func TestPrintMasksReplicaPasswordAndMetricsToken(t *testing.T) {
	checkPrintMasks(t, map[string]string{
		"SOCIAL_DATABASE_URL":      "postgres://app:primary-pw@db:5432/social",
		"SOCIAL_DATABASE_READ_URL": "postgres://app:replica-pw@replica:5432/social",
		"SOCIAL_METRICS_TOKEN":     "scraper-token-of-some-length",
	}, []string{"primary-pw", "replica-pw", "scraper-token"}, nil)
}
