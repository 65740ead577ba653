package config_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"social/config"
	"social/kit/plugin"
)

func writeFile(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "social.yaml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// loadWith loads the configuration with env set and body (when not empty)
// as the --config file, knowing the plugins in list.
func loadWith(t *testing.T, env map[string]string, body string, list ...plugin.Plugin) (*config.Config, error) {
	t.Helper()
	for k, v := range env {
		t.Setenv(k, v)
	}
	file := ""
	if body != "" {
		file = writeFile(t, body)
	}
	return config.Load(file, plugin.ConfigSections(list)...)
}

func TestDefaultsNeedNoFile(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Mode != "development" || cfg.HTTP.Addr != "127.0.0.1:8080" || cfg.Database.URL != "" ||
		cfg.Storage.Driver != "disk" || cfg.Search.Driver != "bleve" || cfg.HTTP.ShutdownTimeout != 20*time.Second {
		t.Fatalf("defaults = %+v", cfg)
	}
	if cfg.EmbeddedDir() != filepath.Join("data", "postgres") || cfg.MediaDir() != filepath.Join("data", "media") {
		t.Fatalf("derived folders = %s %s", cfg.EmbeddedDir(), cfg.MediaDir())
	}
}

func TestFileThenEnvironmentOverride(t *testing.T) {
	file := writeFile(t, "http:\n  addr: \":9000\"\n  shutdown_timeout: 5s\nlog:\n  level: debug\nplugins:\n  rooms:\n    enabled: false\n")
	t.Setenv("SOCIAL_HTTP_ADDR", ":9100")
	t.Setenv("SOCIAL_DATABASE_URL", "postgres://app:pw@db:5432/social")
	t.Setenv("SOCIAL_PLUGINS_COMMUNITIES_ENABLED", "false")
	cfg, err := config.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.HTTP.Addr != ":9100" {
		t.Errorf("env must win over the file: addr = %q", cfg.HTTP.Addr)
	}
	if cfg.HTTP.ShutdownTimeout != 5*time.Second || cfg.Log.Level != "debug" {
		t.Errorf("file values lost: %+v %+v", cfg.HTTP, cfg.Log)
	}
	if cfg.Database.URL != "postgres://app:pw@db:5432/social" {
		t.Errorf("database.url = %q", cfg.Database.URL)
	}
	if cfg.PluginEnabled("rooms") || cfg.PluginEnabled("communities") || !cfg.PluginEnabled("stories") {
		t.Errorf("plugin switches: rooms %v communities %v stories %v",
			cfg.PluginEnabled("rooms"), cfg.PluginEnabled("communities"), cfg.PluginEnabled("stories"))
	}
}

// Every bad value fails at load with a message naming its key.
func TestInvalidConfigNamesTheKey(t *testing.T) {
	cases := []struct {
		name, file string
		env        map[string]string
		wantKey    string
	}{
		{name: "unknown storage driver", env: map[string]string{"SOCIAL_STORAGE_DRIVER": "ftp"}, wantKey: `storage.driver: unknown value "ftp"`},
		{name: "bad database URL", env: map[string]string{"SOCIAL_DATABASE_URL": "mysql://db/social"}, wantKey: "database.url: scheme"},
		{name: "database URL without host", env: map[string]string{"SOCIAL_DATABASE_URL": "postgres://"}, wantKey: "database.url: has no host"},
		{name: "missing secret in production", env: map[string]string{"SOCIAL_MODE": "production"}, wantKey: "auth.jwt_secret: is required in production"},
		{name: "short secret", env: map[string]string{"SOCIAL_AUTH_JWT_SECRET": "short"}, wantKey: "auth.jwt_secret: must have at least 32"},
		{name: "open admin in production", env: map[string]string{"SOCIAL_MODE": "production", "SOCIAL_AUTH_JWT_SECRET": strings.Repeat("x", 32), "SOCIAL_ADMIN_OPEN_ACCESS": "true"}, wantKey: "admin.open_access"},
		{name: "unknown mode", env: map[string]string{"SOCIAL_MODE": "staging"}, wantKey: "mode: unknown value"},
		{name: "s3 without bucket", env: map[string]string{"SOCIAL_STORAGE_DRIVER": "s3"}, wantKey: "storage.s3.bucket"},
		{name: "disk without signing secret in production", env: map[string]string{"SOCIAL_MODE": "production", "SOCIAL_AUTH_JWT_SECRET": strings.Repeat("x", 32)}, wantKey: "storage.signing_secret: is required in production"},
		{name: "short signing secret", env: map[string]string{"SOCIAL_STORAGE_SIGNING_SECRET": "short"}, wantKey: "storage.signing_secret: must have at least 32"},
		{name: "media link ttl too long", env: map[string]string{"SOCIAL_STORAGE_URL_TTL": "200h"}, wantKey: "storage.url_ttl"},
		{name: "media link ttl zero", env: map[string]string{"SOCIAL_STORAGE_URL_TTL": "0s"}, wantKey: "storage.url_ttl"},
		{name: "nats without url", env: map[string]string{"SOCIAL_REALTIME_BUS": "nats"}, wantKey: "realtime.nats.url"},
		{name: "no realtime frames", env: map[string]string{"SOCIAL_REALTIME_MAX_MESSAGE_BYTES": "0"}, wantKey: "realtime.max_message_bytes: must be positive"},
		{name: "no comments", env: map[string]string{"SOCIAL_RATE_LIMITS_COMMENT_PER_MEMBER": "0"}, wantKey: "rate_limits.comment_per_member: must be positive"},
		{name: "bad public url", env: map[string]string{"SOCIAL_HTTP_PUBLIC_URL": "localhost:8080"}, wantKey: "http.public_url"},
		{name: "port out of range", env: map[string]string{"SOCIAL_DATABASE_EMBEDDED_PORT": "70000"}, wantKey: "database.embedded.port"},
		{name: "unknown key in file", file: "htpp:\n  addr: \":1\"\n", wantKey: "unknown key(s): htpp"},
		{name: "nested unknown key in file", file: "storage:\n  dsk:\n    dir: /x\n", wantKey: "dsk"},
		{name: "wrong type in file", file: "jobs:\n  workers: many\n", wantKey: "workers"},
		{name: "no fetch cooldown", env: map[string]string{"SOCIAL_JOBS_FETCH_COOLDOWN": "0s"}, wantKey: "jobs.fetch_cooldown: must be between 1ms and 500ms"},
		{name: "a fetch cooldown past the poll interval", env: map[string]string{"SOCIAL_JOBS_FETCH_COOLDOWN": "1s"}, wantKey: "jobs.fetch_cooldown: must be between 1ms and 500ms"},
		{name: "no job timeout", env: map[string]string{"SOCIAL_JOBS_JOB_TIMEOUT": "0s"}, wantKey: "jobs.job_timeout: must be positive"},
		{name: "every author pulled", env: map[string]string{"SOCIAL_TIMELINES_PULL_ABOVE_FOLLOWERS": "0"}, wantKey: "timelines.pull_above_followers: must be at least 1"},
		{name: "rescue before the job timeout", env: map[string]string{"SOCIAL_JOBS_RESCUE_AFTER": "5m"}, wantKey: "jobs.rescue_after: 5m0s must be longer than jobs.job_timeout (5m0s)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := loadWith(t, c.env, c.file)
			if err == nil || !strings.Contains(err.Error(), c.wantKey) {
				t.Fatalf("err = %v, want it to name %q", err, c.wantKey)
			}
		})
	}
}

// Today's River timings unless set: a 5-minute job timeout, a stuck job
// retried an hour after its timeout (River's own default), and fetches
// 10ms apart (River's 100ms caps a queue at ten times its workers a
// second).
func TestJobTimings(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Jobs.JobTimeout != 5*time.Minute || cfg.Jobs.RescueAfter != 65*time.Minute || cfg.Jobs.FetchCooldown != 10*time.Millisecond {
		t.Fatalf("defaults: job_timeout %v, rescue_after %v, fetch_cooldown %v", cfg.Jobs.JobTimeout, cfg.Jobs.RescueAfter, cfg.Jobs.FetchCooldown)
	}
	t.Setenv("SOCIAL_JOBS_JOB_TIMEOUT", "10s")
	t.Setenv("SOCIAL_JOBS_RESCUE_AFTER", "15s")
	if cfg, err = config.Load(""); err != nil {
		t.Fatal(err)
	}
	if cfg.Jobs.JobTimeout != 10*time.Second || cfg.Jobs.RescueAfter != 15*time.Second {
		t.Fatalf("from the environment: job_timeout %v, rescue_after %v", cfg.Jobs.JobTimeout, cfg.Jobs.RescueAfter)
	}
}

func TestProductionWithSecretLoads(t *testing.T) {
	t.Setenv("SOCIAL_MODE", "production")
	t.Setenv("SOCIAL_AUTH_JWT_SECRET", strings.Repeat("s", 40))
	t.Setenv("SOCIAL_STORAGE_SIGNING_SECRET", strings.Repeat("m", 40))
	t.Setenv("SOCIAL_PUSH_VAPID_PRIVATE_KEY", "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")
	if _, err := config.Load(""); err != nil {
		t.Fatal(err)
	}
}

// Production refuses push without a configured VAPID key (each node would
// otherwise depend on the one kept in the database), and a key that is not
// a P-256 scalar anywhere; push off needs none.
func TestPushKeyRules(t *testing.T) {
	t.Setenv("SOCIAL_MODE", "production")
	t.Setenv("SOCIAL_AUTH_JWT_SECRET", strings.Repeat("s", 40))
	t.Setenv("SOCIAL_STORAGE_SIGNING_SECRET", strings.Repeat("m", 40))
	if _, err := config.Load(""); err == nil || !strings.Contains(err.Error(), "push.vapid_private_key: is required in production") {
		t.Fatalf("production without a key: %v", err)
	}
	t.Setenv("SOCIAL_PUSH_ENABLED", "false")
	if _, err := config.Load(""); err != nil {
		t.Fatalf("push off: %v", err)
	}
	t.Setenv("SOCIAL_PUSH_VAPID_PRIVATE_KEY", "bm90LWEta2V5")
	if _, err := config.Load(""); err == nil || !strings.Contains(err.Error(), "push.vapid_private_key: is not a P-256 private key") {
		t.Fatalf("a bad key: %v", err)
	}
}

// Local push services are read from the environment as a list, must be
// ip:port addresses, and are refused in production: a device names the
// address the server posts to.
func TestPushLocalServicesRules(t *testing.T) {
	t.Setenv("SOCIAL_PUSH_LOCAL_SERVICES", "127.0.0.1:9100,[::1]:9101")
	cfg, err := config.Load("")
	if err != nil || strings.Join(cfg.Push.LocalServices, " ") != "127.0.0.1:9100 [::1]:9101" {
		t.Fatalf("local services = %q, %v", cfg.Push.LocalServices, err)
	}
	t.Setenv("SOCIAL_PUSH_LOCAL_SERVICES", "localhost:9100")
	if _, err := config.Load(""); err == nil || !strings.Contains(err.Error(), `push.local_services: "localhost:9100" is not an ip:port address`) {
		t.Fatalf("a host name: %v", err)
	}
	t.Setenv("SOCIAL_PUSH_LOCAL_SERVICES", "127.0.0.1:9100")
	t.Setenv("SOCIAL_MODE", "production")
	t.Setenv("SOCIAL_AUTH_JWT_SECRET", strings.Repeat("s", 40))
	t.Setenv("SOCIAL_STORAGE_SIGNING_SECRET", strings.Repeat("m", 40))
	t.Setenv("SOCIAL_PUSH_VAPID_PRIVATE_KEY", "ZmFrZS1rZXktZmFrZS1rZXktZmFrZS1rZXktZmFrZTE")
	if _, err := config.Load(""); err == nil || !strings.Contains(err.Error(), "push.local_services: is for development and tests") {
		t.Fatalf("production: %v", err)
	}
}

func TestPrintMasksSecrets(t *testing.T) {
	checkPrintMasks(t, map[string]string{
		"SOCIAL_AUTH_JWT_SECRET":        "a-very-long-signing-secret-of-40-chars!!",
		"SOCIAL_DATABASE_URL":           "postgres://app:hunter2@db:5432/social",
		"SOCIAL_STORAGE_S3_SECRET_KEY":  "s3-secret-value",
		"SOCIAL_STORAGE_SIGNING_SECRET": "media-link-signing-secret-of-40-chars!!!",
	},
		[]string{"a-very-long-signing-secret", "hunter2", "s3-secret-value", "media-link-signing-secret"},
		[]string{`jwt_secret: "********"`, `url: "postgres://app:xxxxx@db:5432/social"`, "shutdown_timeout: 20s", "port: 54329", "plugins:\n  federation:\n    enabled: false"})
}

// checkPrintMasks loads the configuration with the environment variables
// env set, prints it, and fails t when the print shows one of secrets or
// lacks one of wants.
func checkPrintMasks(t *testing.T, env map[string]string, secrets, wants []string) {
	t.Helper()
	for k, v := range env {
		t.Setenv(k, v)
	}
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := cfg.Print(&out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, secret := range secrets {
		if strings.Contains(text, secret) {
			t.Errorf("printed config leaks %q:\n%s", secret, text)
		}
	}
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("printed config lacks %q:\n%s", want, text)
		}
	}
}

// The shipped production example must stay a valid configuration.
func TestProductionExampleLoads(t *testing.T) {
	t.Setenv("SOCIAL_AUTH_JWT_SECRET", strings.Repeat("j", 40))
	t.Setenv("SOCIAL_PUSH_VAPID_PRIVATE_KEY", "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")
	cfg, err := config.Load(filepath.Join("..", "configs", "production.example.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Mode != "production" || cfg.Storage.Driver != "s3" || cfg.Realtime.Bus != "nats" {
		t.Fatalf("example loaded as %+v", cfg)
	}
}
