package config

import "time"

// Digest is the weekly e-mail digest of unread notifications, which a
// member turns on in their settings (off by default).
type Digest struct {
	// SendAfter is when, after Monday 00:00 UTC, the week's digests start
	// going out (12h: Monday at noon UTC, 9h in Brasília).
	SendAfter time.Duration `mapstructure:"send_after"`
	// CheckEvery is how often the run looks for members due their digest;
	// a node down at the sending time is caught up by the next run, and a
	// member never gets two digests in a week.
	CheckEvery time.Duration `mapstructure:"check_every"`
}

func (c *Config) validateDigest(bad func(key, format string, args ...any)) {
	d := c.Digest
	if d.SendAfter < 0 || d.SendAfter >= 7*24*time.Hour {
		bad("digest.send_after", "%v is outside 0..167h (a time within the week)", d.SendAfter)
	}
	if d.CheckEvery < time.Second || d.CheckEvery > 24*time.Hour {
		bad("digest.check_every", "%v is outside 1s..24h", d.CheckEvery)
	}
}
