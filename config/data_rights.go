package config

import "time"

// DataRights tunes the members' exports and account deletions (LGPD art. 18).
type DataRights struct {
	// ExportEvery is how long after one export a member may ask for the next.
	ExportEvery time.Duration `mapstructure:"export_every"`
	// ExportKeep is how long a built archive stays downloadable before the
	// prune job removes it.
	ExportKeep time.Duration `mapstructure:"export_keep"`
	// HandleHold is how long a deleted account's handle stays taken.
	HandleHold time.Duration `mapstructure:"handle_hold"`
	// PruneEvery is how often expired archives and handle holds are removed.
	PruneEvery time.Duration `mapstructure:"prune_every"`
}

func (c *Config) validateDataRights(bad func(key, format string, args ...any)) {
	d := c.DataRights
	if d.ExportEvery < 0 {
		bad("data_rights.export_every", "must not be negative")
	}
	if d.ExportKeep < time.Minute {
		bad("data_rights.export_keep", "must be at least 1m")
	}
	if d.HandleHold < 0 {
		bad("data_rights.handle_hold", "must not be negative")
	}
	if d.PruneEvery < time.Second {
		bad("data_rights.prune_every", "must be at least 1s")
	}
}
