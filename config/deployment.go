package config

// Deployments: how many nodes serve one site.
const (
	DeploymentSingleNode = "single_node"
	DeploymentMultiNode  = "multi_node"
)

// Metrics is the Prometheus endpoint at /metrics.
type Metrics struct {
	Enabled bool `mapstructure:"enabled"`
	// Token is the bearer token a scraper presents. Empty: /metrics is open
	// in development and closed in production.
	Token string `mapstructure:"token"`
}

// MultiNode reports whether several nodes share the site.
func (c *Config) MultiNode() bool { return c.Deployment == DeploymentMultiNode }

// validateDeployment refuses a multi-node configuration in which a node
// would keep to itself something every node needs: each rule names the
// key to set.
func (c *Config) validateDeployment(bad func(key, format string, args ...any), oneOf func(key, value string, allowed ...string)) {
	oneOf("deployment", c.Deployment, DeploymentSingleNode, DeploymentMultiNode)
	if c.Database.ReadURL != "" {
		if err := CheckURL(c.Database.ReadURL, "postgres", "postgresql"); err != nil {
			bad("database.read_url", "%v", err)
		}
		if c.Database.URL == "" {
			bad("database.read_url", "needs database.url: a replica of the private cluster does not exist")
		}
	}
	if c.Metrics.Token != "" && len(c.Metrics.Token) < 16 {
		bad("metrics.token", "must have at least 16 characters")
	}
	if !c.MultiNode() {
		return
	}
	const why = "is required with deployment multi_node"
	if c.Database.URL == "" {
		bad("database.url", "%s (the private cluster lives on one node's disk; set SOCIAL_DATABASE_URL)", why)
	}
	if c.Storage.Driver != "s3" {
		bad("storage.driver", "must be s3 with deployment multi_node (disk keeps media on one node)")
	}
	if c.Search.Driver != "postgres" {
		bad("search.driver", "must be postgres with deployment multi_node (bleve keeps the index on one node)")
	}
	if c.Realtime.Bus != "nats" {
		bad("realtime.bus", "must be nats with deployment multi_node (memory reaches only the sockets of one node)")
	}
	if c.Auth.JWTSecret == "" {
		bad("auth.jwt_secret", "%s, the same on every node (set SOCIAL_AUTH_JWT_SECRET)", why)
	}
}
