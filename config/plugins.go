package config

import "fmt"

// PluginSections are one plugin's own top-level keys, as Load needs them:
// the plugin's name, its documented defaults (a YAML document), a fresh
// value to decode them into, and the checks the decoded value must pass.
// A plugin describes them with kit/plugin's Settings; the configuration
// knows nothing of plugins beyond this.
type PluginSections struct {
	Owner    string
	Defaults []byte
	New      func() any
	Validate func(value any, bad func(key, format string, args ...any))
}

// pluginSettings is one plugin's decoded sections.
type pluginSettings struct {
	sections PluginSections
	value    any
}

// PluginSettings returns the settings of the named plugin as decoded at
// load: the pointer its plugin.Settings.New made, so a test may adjust them
// before the app is built. It fails when the plugin was not in Load's list
// or its settings are not a T.
func PluginSettings[T any](c *Config, name string) (*T, error) {
	for _, p := range c.plugins {
		if p.sections.Owner != name {
			continue
		}
		s, ok := p.value.(*T)
		if !ok {
			return nil, fmt.Errorf("config: plugin %s: settings are a %T, not a %T", name, p.value, s)
		}
		return s, nil
	}
	return nil, fmt.Errorf("config: plugin %s: settings not loaded (the plugin's sections were not given to config.Load)", name)
}

// ProvidePluginSettings is the fx constructor of the named plugin's
// settings (see PluginSettings), for the plugin's module.
func ProvidePluginSettings[T any](name string) func(*Config) (*T, error) {
	return func(c *Config) (*T, error) { return PluginSettings[T](c, name) }
}
