// Package plugins is the one list of feature plugins. Each is switchable in
// config (plugins.<name>.enabled); a plugin that is off contributes nothing.
package plugins

import (
	"social/kit/plugin"
	"social/plugins/communities"
	"social/plugins/federation"
	"social/plugins/mastodon"
	"social/plugins/messages"
	"social/plugins/rooms"
	"social/plugins/stories"
)

// All lists every plugin shipped in the binary, in migration order.
func All() []plugin.Plugin {
	return []plugin.Plugin{communities.Plugin, rooms.Plugin, stories.Plugin, messages.Plugin, federation.Plugin, mastodon.Plugin}
}
