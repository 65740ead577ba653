// Package config loads and validates the typed configuration of `social`:
// the embedded configs/default.yaml, an optional file, then SOCIAL_* variables.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/go-viper/mapstructure/v2"
	"github.com/spf13/viper"

	"social/configs"
)

// Modes the server runs in.
const (
	ModeDevelopment = "development"
	ModeProduction  = "production"
)

// Config is the whole effective configuration. Field tags name the YAML keys.
type Config struct {
	Mode     string                  `mapstructure:"mode"`
	DataDir  string                  `mapstructure:"data_dir"`
	HTTP     HTTP                    `mapstructure:"http"`
	Database Database                `mapstructure:"database"`
	Jobs     Jobs                    `mapstructure:"jobs"`
	Admin    Admin                   `mapstructure:"admin"`
	Auth     Auth                    `mapstructure:"auth"`
	Mail     Mail                    `mapstructure:"mail"`
	Limits   RateLimits              `mapstructure:"rate_limits"`
	Storage  Storage                 `mapstructure:"storage"`
	Search   Search                  `mapstructure:"search"`
	Realtime Realtime                `mapstructure:"realtime"`
	Log      Log                     `mapstructure:"log"`
	Plugins  map[string]PluginSwitch `mapstructure:"plugins"`

	// Outside providers.
	Translate Translate `mapstructure:"translate"`
	Trending  Trending  `mapstructure:"trending"`

	// Web Push to members' devices.
	Push Push `mapstructure:"push"`

	// The weekly e-mail digest of unread notifications.
	Digest Digest `mapstructure:"digest"`

	// How new posts reach the 'Seguindo' timelines.
	Timelines Timelines `mapstructure:"timelines"`

	// Members' exports and account deletions.
	DataRights DataRights `mapstructure:"data_rights"`

	// Several nodes, and what operators watch.
	Deployment string  `mapstructure:"deployment"`
	Metrics    Metrics `mapstructure:"metrics"`

	// plugins are the plugins' own sections (plugin.Settings), decoded
	// and checked with the rest; PluginSettings hands one to its plugin.
	plugins []pluginSettings
}

type HTTP struct {
	Addr              string        `mapstructure:"addr"`
	PublicURL         string        `mapstructure:"public_url"`
	ReadHeaderTimeout time.Duration `mapstructure:"read_header_timeout"`
	ReadTimeout       time.Duration `mapstructure:"read_timeout"`
	ShutdownTimeout   time.Duration `mapstructure:"shutdown_timeout"`
	TrustedProxies    []string      `mapstructure:"trusted_proxies"`
}

type Database struct {
	URL         string   `mapstructure:"url"`
	ReadURL     string   `mapstructure:"read_url"`
	MaxConns    int32    `mapstructure:"max_conns"`
	AutoMigrate bool     `mapstructure:"auto_migrate"`
	Embedded    Embedded `mapstructure:"embedded"`
}

// Embedded describes the private PostgreSQL cluster used when Database.URL is empty.
type Embedded struct {
	Dir    string `mapstructure:"dir"`
	Port   int    `mapstructure:"port"`
	BinDir string `mapstructure:"bin_dir"`
}

type Jobs struct {
	// Workers work the default queue: the jobs that make writes visible
	// (timelines, search, notifications, deletions).
	Workers int `mapstructure:"workers"`
	// OutsideWorkers work the outside queue: jobs that wait on services
	// outside the product (link previews, remote images, mail, charts).
	OutsideWorkers int `mapstructure:"outside_workers"`
	// FetchCooldown is the shortest time between two fetches of new jobs
	// by one queue (River FetchCooldown). A queue starts at most
	// MaxWorkers jobs per fetch, so it caps throughput at workers per
	// cooldown.
	FetchCooldown time.Duration `mapstructure:"fetch_cooldown"`
	// JobTimeout cancels a job's context after this long (River JobTimeout).
	JobTimeout time.Duration `mapstructure:"job_timeout"`
	// RescueAfter is how long a job may stay running before River counts it
	// stuck (its node died) and retries it (River RescueStuckJobsAfter).
	RescueAfter time.Duration `mapstructure:"rescue_after"`
}

type Admin struct {
	OpenAccess bool `mapstructure:"open_access"`
}

type Auth struct {
	JWTSecret         string        `mapstructure:"jwt_secret"`
	AccessTokenTTL    time.Duration `mapstructure:"access_token_ttl"`
	SessionMaxAge     time.Duration `mapstructure:"session_max_age"`
	RefreshReuseGrace time.Duration `mapstructure:"refresh_reuse_grace"`
	ConfirmationTTL   time.Duration `mapstructure:"confirmation_ttl"`
	PasswordResetTTL  time.Duration `mapstructure:"password_reset_ttl"`
}

type Mail struct {
	From string `mapstructure:"from"`
	SMTP SMTP   `mapstructure:"smtp"`
}

type SMTP struct {
	Host     string `mapstructure:"host"`
	Port     int    `mapstructure:"port"`
	Username string `mapstructure:"username"`
	Password string `mapstructure:"password"`
	TLS      string `mapstructure:"tls"`
}

// RateLimits are attempt counts; each window is fixed, since the refusal's
// text names it.
type RateLimits struct {
	SignUpPerEmail         int `mapstructure:"sign_up_per_email"`
	SignUpPerIP            int `mapstructure:"sign_up_per_ip"`
	SignInPerEmail         int `mapstructure:"sign_in_per_email"`
	SignInPerIP            int `mapstructure:"sign_in_per_ip"`
	SignInPerEmailAll      int `mapstructure:"sign_in_per_email_all"`
	ProfileUpdatePerMember int `mapstructure:"profile_update_per_member"`
	ProfileUpdatePerIP     int `mapstructure:"profile_update_per_ip"`
	LinkPreviewPerMember   int `mapstructure:"link_preview_per_member"`
	CommentPerMember       int `mapstructure:"comment_per_member"`
	OAuthAppsPerIP         int `mapstructure:"oauth_apps_per_ip"`
	OAuthTokensPerIP       int `mapstructure:"oauth_tokens_per_ip"`
}

type Storage struct {
	Driver        string        `mapstructure:"driver"`
	URLTTL        time.Duration `mapstructure:"url_ttl"`
	SigningSecret string        `mapstructure:"signing_secret"`
	Disk          DiskStorage   `mapstructure:"disk"`
	S3            S3Storage     `mapstructure:"s3"`
}

type DiskStorage struct {
	Dir string `mapstructure:"dir"`
}

type S3Storage struct {
	Endpoint     string `mapstructure:"endpoint"`
	Bucket       string `mapstructure:"bucket"`
	Region       string `mapstructure:"region"`
	AccessKey    string `mapstructure:"access_key"`
	SecretKey    string `mapstructure:"secret_key"`
	UsePathStyle bool   `mapstructure:"use_path_style"`
}

type Search struct {
	Driver string      `mapstructure:"driver"`
	Bleve  BleveSearch `mapstructure:"bleve"`
}

type BleveSearch struct {
	Dir string `mapstructure:"dir"`
}

type Realtime struct {
	Bus               string  `mapstructure:"bus"`
	NATS              NATS    `mapstructure:"nats"`
	MaxMessageBytes   int64   `mapstructure:"max_message_bytes"`
	SlowClientQueue   int     `mapstructure:"slow_client_queue"`
	MessagesPerSecond float64 `mapstructure:"messages_per_second"`
	MessageBurst      int     `mapstructure:"message_burst"`
	TopicsPerSecond   float64 `mapstructure:"topics_per_second"`
	TopicBurst        int     `mapstructure:"topic_burst"`
	MaxSubscriptions  int     `mapstructure:"max_subscriptions"`
	// MaxSocketsPerMember caps one member's sockets on one node.
	MaxSocketsPerMember int `mapstructure:"max_sockets_per_member"`
}

type NATS struct {
	URL string `mapstructure:"url"`
}

type Log struct {
	Level  string `mapstructure:"level"`
	Format string `mapstructure:"format"`
	// Requests says which requests the access log writes at info level:
	// "all", "failures" (4xx and 5xx; the rest at debug) or "auto"
	// (failures in development, all in production).
	Requests string `mapstructure:"requests"`
}

// Log.Requests values.
const (
	LogRequestsAuto     = "auto"
	LogRequestsAll      = "all"
	LogRequestsFailures = "failures"
)

// AllRequestsLogged says whether the access log writes a line at info level
// for every request, successful ones included (log.requests).
func (c *Config) AllRequestsLogged() bool {
	switch c.Log.Requests {
	case LogRequestsAll:
		return true
	case LogRequestsFailures:
		return false
	}
	return c.Mode == ModeProduction
}

// PluginSwitch turns one feature plugin on or off.
type PluginSwitch struct {
	Enabled bool `mapstructure:"enabled"`
}

// Load reads the embedded defaults and those of the plugins' sections in
// list, then file (when not empty), then the environment, and validates the
// result. A plugin's keys are known only when its sections are in list: a
// key of a plugin not given is refused as unknown.
func Load(file string, list ...PluginSections) (*Config, error) {
	v := viper.New()
	v.SetConfigType("yaml")
	if err := v.ReadConfig(bytes.NewReader(configs.Default)); err != nil {
		return nil, fmt.Errorf("config: read defaults: %w", err)
	}
	owners, err := mergePluginDefaults(v, list)
	if err != nil {
		return nil, err
	}
	if file != "" {
		raw, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("config: %w", err)
		}
		if err := v.MergeConfig(bytes.NewReader(raw)); err != nil {
			return nil, fmt.Errorf("config: %s: %w", file, err)
		}
	}
	v.SetEnvPrefix("SOCIAL")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_"))
	v.AutomaticEnv()
	bindPluginEnv(v)

	// Every key with the file and the environment applied; the plugins'
	// sections are taken out before the rest decodes into Config.
	all := v.AllSettings()
	sections := map[string]map[string]any{}
	for key, name := range owners {
		if sections[name] == nil {
			sections[name] = map[string]any{}
		}
		if value, ok := all[key]; ok {
			sections[name][key] = value
		}
		delete(all, key)
	}
	var cfg Config
	if err := decode(all, &cfg); err != nil {
		return nil, fmt.Errorf("config: %s", unusedKeyMessage(err))
	}
	for _, p := range list {
		value := p.New()
		if err := decode(sections[p.Owner], value); err != nil {
			return nil, fmt.Errorf("config: %s", unusedKeyMessage(err))
		}
		cfg.plugins = append(cfg.plugins, pluginSettings{sections: p, value: value})
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &cfg, nil
}

// mergePluginDefaults adds each plugin's defaults after the core's and
// returns which plugin owns each of their top-level keys. A key the core or
// another plugin already has stops the load: one would shadow the other.
func mergePluginDefaults(v *viper.Viper, list []PluginSections) (map[string]string, error) {
	owners := map[string]string{}
	core := coreKeys()
	for _, p := range list {
		own := viper.New()
		own.SetConfigType("yaml")
		if err := own.ReadConfig(bytes.NewReader(p.Defaults)); err != nil {
			return nil, fmt.Errorf("config: plugin %s: read defaults: %w", p.Owner, err)
		}
		for key := range own.AllSettings() {
			if core[key] {
				return nil, fmt.Errorf("config: plugin %s: key %s is the core's", p.Owner, key)
			}
			if other, taken := owners[key]; taken {
				return nil, fmt.Errorf("config: plugin %s: key %s is plugin %s's", p.Owner, key, other)
			}
			owners[key] = p.Owner
		}
		if err := v.MergeConfig(bytes.NewReader(p.Defaults)); err != nil {
			return nil, fmt.Errorf("config: plugin %s: %w", p.Owner, err)
		}
	}
	return owners, nil
}

// coreKeys are the top-level keys of Config.
func coreKeys() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeFor[Config]()
	for i := range t.NumField() {
		if key := t.Field(i).Tag.Get("mapstructure"); key != "" {
			keys[key] = true
		}
	}
	return keys
}

// decode fills out from settings the way viper does (durations and
// comma-separated lists from strings), refusing keys out does not have.
func decode(settings map[string]any, out any) error {
	v := viper.New()
	if err := v.MergeConfigMap(settings); err != nil {
		return err
	}
	return v.Unmarshal(out, func(dc *mapstructure.DecoderConfig) { dc.ErrorUnused = true })
}

// bindPluginEnv makes SOCIAL_PLUGINS_<NAME>_ENABLED work for plugins that no
// file mentions: AutomaticEnv only overrides keys viper already knows.
func bindPluginEnv(v *viper.Viper) {
	const prefix, suffix = "SOCIAL_PLUGINS_", "_ENABLED"
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, prefix) && strings.HasSuffix(name, suffix) && len(name) > len(prefix)+len(suffix) {
			plugin := strings.ToLower(name[len(prefix) : len(name)-len(suffix)])
			_ = v.BindEnv("plugins."+plugin+".enabled", name)
		}
	}
}

// unusedKeyMessage turns mapstructure's message into one that names the key.
func unusedKeyMessage(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "has invalid keys: "); i >= 0 {
		return "unknown key(s): " + strings.TrimSpace(msg[i+len("has invalid keys: "):])
	}
	return msg
}

// Validate checks every value a typo could break, naming the key at fault.
func (c *Config) Validate() error {
	var errs []error
	bad := func(key, format string, args ...any) {
		errs = append(errs, fmt.Errorf("config: %s: %s", key, fmt.Sprintf(format, args...)))
	}
	oneOf := func(key, value string, allowed ...string) {
		if !slices.Contains(allowed, value) {
			bad(key, "unknown value %q (want %s)", value, strings.Join(allowed, " or "))
		}
	}

	oneOf("mode", c.Mode, ModeDevelopment, ModeProduction)
	if c.DataDir == "" {
		bad("data_dir", "must not be empty")
	}
	if c.HTTP.Addr == "" {
		bad("http.addr", "must not be empty")
	}
	if err := CheckURL(c.HTTP.PublicURL, "http", "https"); err != nil {
		bad("http.public_url", "%v", err)
	}
	if c.HTTP.ShutdownTimeout <= 0 {
		bad("http.shutdown_timeout", "must be positive")
	}
	if c.Database.URL != "" {
		if err := CheckURL(c.Database.URL, "postgres", "postgresql"); err != nil {
			bad("database.url", "%v", err)
		}
	}
	if c.Database.MaxConns < 2 {
		bad("database.max_conns", "must be at least 2 (jobs and requests share the pool)")
	}
	if p := c.Database.Embedded.Port; p < 1 || p > 65535 {
		bad("database.embedded.port", "%d is not a TCP port", p)
	}
	if c.Jobs.Workers < 1 {
		bad("jobs.workers", "must be at least 1")
	}
	if c.Jobs.OutsideWorkers < 1 {
		bad("jobs.outside_workers", "must be at least 1")
	}
	if c.Jobs.FetchCooldown < time.Millisecond || c.Jobs.FetchCooldown > 500*time.Millisecond {
		bad("jobs.fetch_cooldown", "must be between 1ms and 500ms")
	}
	if c.Jobs.JobTimeout <= 0 {
		bad("jobs.job_timeout", "must be positive")
	}
	// A running job younger than its timeout may still be working: rescuing
	// it then would run it twice at once.
	if c.Jobs.RescueAfter <= c.Jobs.JobTimeout {
		bad("jobs.rescue_after", "%v must be longer than jobs.job_timeout (%v)", c.Jobs.RescueAfter, c.Jobs.JobTimeout)
	}
	oneOf("storage.driver", c.Storage.Driver, "disk", "s3")
	if c.Storage.URLTTL < time.Second || c.Storage.URLTTL > 7*24*time.Hour {
		bad("storage.url_ttl", "%v is outside 1s..168h (S3 presigned links live at most 7 days)", c.Storage.URLTTL)
	}
	if c.Storage.SigningSecret != "" && len(c.Storage.SigningSecret) < 32 {
		bad("storage.signing_secret", "must have at least 32 characters")
	}
	if c.Storage.Driver == "s3" {
		if c.Storage.S3.Bucket == "" {
			bad("storage.s3.bucket", "is required when storage.driver is s3")
		}
		if c.Storage.S3.Endpoint != "" {
			if err := CheckURL(c.Storage.S3.Endpoint, "http", "https"); err != nil {
				bad("storage.s3.endpoint", "%v", err)
			}
		}
	}
	oneOf("search.driver", c.Search.Driver, "bleve", "postgres")
	oneOf("realtime.bus", c.Realtime.Bus, "memory", "nats")
	if c.Realtime.TopicBurst < 50 {
		// One subscribe may name 50 topics.
		bad("realtime.topic_burst", "must be at least 50")
	}
	for key, n := range map[string]float64{
		"realtime.max_message_bytes":          float64(c.Realtime.MaxMessageBytes),
		"realtime.slow_client_queue":          float64(c.Realtime.SlowClientQueue),
		"realtime.messages_per_second":        c.Realtime.MessagesPerSecond,
		"realtime.message_burst":              float64(c.Realtime.MessageBurst),
		"realtime.max_subscriptions":          float64(c.Realtime.MaxSubscriptions),
		"realtime.topics_per_second":          c.Realtime.TopicsPerSecond,
		"realtime.topic_burst":                float64(c.Realtime.TopicBurst),
		"realtime.max_sockets_per_member":     float64(c.Realtime.MaxSocketsPerMember),
		"rate_limits.link_preview_per_member": float64(c.Limits.LinkPreviewPerMember),
		"rate_limits.comment_per_member":      float64(c.Limits.CommentPerMember),
	} {
		if n <= 0 {
			bad(key, "must be positive")
		}
	}
	if c.Realtime.Bus == "nats" {
		if err := CheckURL(c.Realtime.NATS.URL, "nats", "tls"); err != nil {
			bad("realtime.nats.url", "%v", err)
		}
	}
	oneOf("log.level", c.Log.Level, "debug", "info", "warn", "error")
	oneOf("log.format", c.Log.Format, "auto", "text", "json")
	oneOf("log.requests", c.Log.Requests, LogRequestsAuto, LogRequestsAll, LogRequestsFailures)
	if c.Mode == ModeProduction {
		if c.Auth.JWTSecret == "" {
			bad("auth.jwt_secret", "is required in production (set SOCIAL_AUTH_JWT_SECRET)")
		}
		if c.Admin.OpenAccess {
			bad("admin.open_access", "must be false in production")
		}
		if c.Storage.Driver == "disk" && c.Storage.SigningSecret == "" {
			bad("storage.signing_secret", "is required in production with storage.driver disk, the same on every node (set SOCIAL_STORAGE_SIGNING_SECRET)")
		}
	}
	if c.Auth.JWTSecret != "" && len(c.Auth.JWTSecret) < 32 {
		bad("auth.jwt_secret", "must have at least 32 characters")
	}
	c.validateAccounts(bad, oneOf)
	c.validateProviders(bad, oneOf)
	for _, p := range c.plugins {
		p.sections.Validate(p.value, bad)
	}
	c.validateDataRights(bad)
	c.validatePush(bad)
	c.validateDigest(bad)
	c.validateTimelines(bad)
	c.validateDeployment(bad, oneOf)
	return errors.Join(errs...)
}

// CheckURL reports what is wrong with raw as an absolute URL of one of
// schemes, in the words Validate uses.
func CheckURL(raw string, schemes ...string) error {
	if raw == "" {
		return errors.New("must not be empty")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("not a URL: %v", err)
	}
	if !slices.Contains(schemes, u.Scheme) {
		return fmt.Errorf("scheme %q not allowed (want %s)", u.Scheme, strings.Join(schemes, " or "))
	}
	if u.Host == "" {
		return errors.New("has no host")
	}
	return nil
}

// PluginEnabled reports whether the plugin is switched on. A plugin absent
// from the configuration is on: shipping a plugin turns it on by default.
func (c *Config) PluginEnabled(name string) bool {
	s, ok := c.Plugins[name]
	return !ok || s.Enabled
}

// EmbeddedDir is the private cluster's folder.
func (c *Config) EmbeddedDir() string {
	return c.underData(c.Database.Embedded.Dir, "postgres")
}

// MediaDir is the disk storage folder.
func (c *Config) MediaDir() string { return c.underData(c.Storage.Disk.Dir, "media") }

// SearchIndexDir is the Bleve index folder.
func (c *Config) SearchIndexDir() string { return c.underData(c.Search.Bleve.Dir, "search.bleve") }

func (c *Config) underData(explicit, name string) string {
	if explicit != "" {
		return explicit
	}
	return filepath.Join(c.DataDir, name)
}
