package plugin

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
)

// New makes the plugin called name. Its fx module contributes the
// plugin's migrations first (so that a command that only migrates gets
// them too), then options: its store, use cases and contributions.
// settings may be nil.
func New(name string, migrations fs.FS, settings *Settings, options ...fx.Option) Plugin {
	own := fx.Provide(AsMigrations(func() Migrations { return Migrations{Plugin: name, FS: migrations} }))
	return Plugin{Name: name, Settings: settings, Module: fx.Module(name, append([]fx.Option{own}, options...)...)}
}

// Private provides constructors only the plugin's own module sees: its
// store, its settings, its use cases.
func Private(constructors ...any) fx.Option {
	return fx.Provide(append([]any{fx.Private}, constructors...)...)
}

// StoreMemberData is a constructor of the plugin's part of a member's
// data when its store alone exports and erases it (the part is named
// after the plugin).
func StoreMemberData[Store ports.MemberData](plugin string) func(Store) MemberData {
	return func(store Store) MemberData { return MemberData{Plugin: plugin, Name: plugin, Data: store} }
}

// NewPeriodicJob enqueues args every interval (at least a second apart)
// and once at start; the job is named by its kind.
func NewPeriodicJob(plugin string, args river.JobArgs, every time.Duration) PeriodicJob {
	return PeriodicJob{Plugin: plugin, Name: args.Kind(), Job: river.NewPeriodicJob(
		river.PeriodicInterval(max(every, time.Second)),
		func() (river.JobArgs, *river.InsertOpts) { return args, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
}

// errNotOwnTopic refuses a member another member's topic.
var errNotOwnTopic = errors.New("topic refused: not the member's own")

// MemberTopic is the family of topics prefix{member id}, one per member,
// which only that member may follow (their inbox of live events).
func MemberTopic(plugin, prefix string) Topic {
	return Topic{Plugin: plugin, Prefix: prefix, Authorize: func(ctx context.Context, topic string) error {
		rest, ok := strings.CutPrefix(topic, prefix)
		viewer := domain.ViewerFrom(ctx)
		if !ok || !viewer.SignedIn() {
			return errNotOwnTopic
		}
		id, err := domain.ParseUserID(rest)
		if err != nil || id != viewer.UserID || id.String() != rest {
			return errNotOwnTopic
		}
		return nil
	}}
}
