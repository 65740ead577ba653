package plugin

import "social/config"

// Settings is a plugin's own part of the configuration: top-level keys the
// core's configuration does not know (the rooms plugin's "rooms" and
// "radio"), with their documented defaults, the struct they decode into and
// the checks they must pass. The configuration loads it like its own keys:
// the plugin's defaults, then the --config file, then SOCIAL_<KEY>_...
// variables; a bad value stops the start naming its key.
type Settings struct {
	// Defaults is a YAML document whose top-level keys are the plugin's
	// sections, every key with its default and a comment saying what it
	// does (`social config print` shows the effective values).
	Defaults []byte
	// New returns a fresh value to decode into: a pointer to a struct whose
	// fields are the sections, tagged `mapstructure:"<key>"`.
	New func() any
	// Validate reports each bad value of a decoded settings value through
	// bad, with the value's full key ("rooms.presence_grace").
	Validate func(value any, bad Bad)
}

// Bad reports one bad setting: its full key, and what is wrong with it.
type Bad func(key, format string, args ...any)

// NewSettings describes settings decoded into a T (a struct of sections)
// and checked by validate.
func NewSettings[T any](defaults []byte, validate func(s *T, bad Bad)) *Settings {
	return &Settings{
		Defaults: defaults,
		New:      func() any { return new(T) },
		Validate: func(value any, bad Bad) { validate(value.(*T), bad) },
	}
}

// ConfigSections are the sections of the plugins in list that have
// settings, as config.Load reads them.
func ConfigSections(list []Plugin) []config.PluginSections {
	var out []config.PluginSections
	for _, p := range list {
		if p.Settings == nil {
			continue
		}
		out = append(out, config.PluginSections{
			Owner: p.Name, Defaults: p.Settings.Defaults, New: p.Settings.New,
			Validate: func(value any, bad func(key, format string, args ...any)) { p.Settings.Validate(value, bad) },
		})
	}
	return out
}
