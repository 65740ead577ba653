// Package features is the one list of the core features: the parts of the
// product every installation has. Each is laid out as a plugin is
// (app/, pgstore/, httpapi/, and its module in <name>.go), but cannot be
// switched off, and they share the core migration set, since their tables
// refer to one another.
package features

import (
	"go.uber.org/fx"

	"social/core/ports"
	"social/features/accounts"
	"social/features/comments"
	"social/features/datarights"
	"social/features/digest"
	"social/features/follows"
	"social/features/media"
	"social/features/moderation"
	"social/features/notifications"
	"social/features/posts"
	"social/features/profiles"
	"social/features/push"
	"social/features/reports"
	"social/features/safety"
	"social/features/search"
	"social/features/timelines"
	"social/features/trending"
	"social/features/twofactor"
	"social/kit/plugin"
)

// Modules are the core features' modules, in no particular order: fx
// orders construction by what each needs.
func Modules() fx.Option {
	return fx.Options(useCases(), search.Module)
}

// ForCommands are the core features' modules for a command that runs their
// use cases without serving (seed-demo, user, reindex): all of Modules but
// search's indexer, which belongs to the serving nodes.
func ForCommands() fx.Option {
	return fx.Options(useCases(), search.ForCommands)
}

// useCases are every core feature's module but search's.
func useCases() fx.Option {
	return fx.Options(
		// The listeners the plugins contribute, told of the core's
		// changes inside their transactions; none is the usual case.
		fx.Provide(fx.Annotate(func(ls []ports.ChangeListener) ports.Changes { return ls },
			fx.ParamTags(plugin.GroupChangeListeners))),
		accounts.Module,
		profiles.Module,
		follows.Module,
		safety.Module,
		media.Module,
		posts.Module,
		comments.Module,
		reports.Module,
		moderation.Module,
		datarights.Module,
		notifications.Module,
		digest.Module,
		push.Module,
		timelines.Module,
		trending.Module,
		twofactor.Module,
	)
}
