package config

// Timelines is how new posts reach the members' 'Seguindo' timelines.
type Timelines struct {
	// PullAboveFollowers is the most followers an author may have for
	// their new posts to be written into every follower's timeline; above
	// it, followers read the author's posts from the posts table when they
	// read 'Seguindo' (features/timelines/README.md). Raising it makes each
	// such post cost a write per follower; lowering it makes each page of
	// 'Seguindo' read one more index range per such author followed.
	PullAboveFollowers int `mapstructure:"pull_above_followers"`
}

func (c *Config) validateTimelines(bad func(key, format string, args ...any)) {
	if c.Timelines.PullAboveFollowers < 1 {
		bad("timelines.pull_above_followers", "must be at least 1")
	}
}
