// Package moderation is the moderation feature: roles, suspensions, post removal, report resolution and the console's moderation resources.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package moderation

import (
	"context"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
	accounts "social/features/accounts/app"
	"social/features/moderation/app"
	"social/features/moderation/httpapi"
	moderationstore "social/features/moderation/pgstore"
	notifications "social/features/notifications/app"
	posts "social/features/posts/app"
	search "social/features/search/app"
	"social/kit/plugin"
)

// Module wires the moderation use cases, provides ports.AuditLog (plugins
// record their own moderation acts with it) and the network's usage
// figures, and contributes the admin resources.
var Module = fx.Module("moderation",
	fx.Provide(
		fx.Private,
		newUseCases,
	),
	fx.Provide(
		moderationstore.NewModeration,
		fx.Annotate(func(m *moderationstore.Moderation) ports.AuditLog { return m }),
		plugin.AsAdminResource(httpapi.NewProfiles),
		plugin.AsAdminResource(httpapi.NewPosts),
		plugin.AsAdminResource(httpapi.NewReports),
		plugin.AsAdminResource(httpapi.NewHashtags),
		plugin.AsAdminResource(httpapi.NewAudit),
		// The demo network's members and its moderators' decisions.
		plugin.AsDemoSeeder(newDemoMembers),
		plugin.AsDemoSeeder(newDemoDecisions),
		// The command line (social user, seed-demo) acts as the operator
		// through the same use cases.
		newCreateAccount,
		func(tx ports.Transactor, a app.AccountStore, s app.SessionRevoker, m *moderationstore.Moderation,
			index search.AuthorPostsQueue, clock ports.Clock, ends ports.SessionEnds) AccountCases {
			return NewAccountCases(tx, a, s, m, index, clock, ends)
		},
		func(a accounts.AccountFinder) AccountByEmail { return a.ByEmail },
		// The network's public figures, which plugins publish (NodeInfo,
		// Mastodon's instance) from one count and one cache.
		func(m *moderationstore.Moderation, clock ports.Clock) *app.NetworkUsage {
			return &app.NetworkUsage{Counter: m, Clock: clock}
		},
	),
)

type useCaseParams struct {
	fx.In
	DB          *bun.DB
	Tx          ports.Transactor
	Accounts    app.AccountStore
	Sessions    app.SessionRevoker
	AuthorPosts search.AuthorPostsQueue
	Moderation  *moderationstore.Moderation
	Search      ports.SearchIndexQueue
	Removal     posts.Removal
	Notices     *notifications.Recorder
	Announcer   *notifications.Announcer
	Clock       ports.Clock
	Ends        ports.SessionEnds `optional:"true"` // the realtime gateways
}

func newUseCases(p useCaseParams) httpapi.UseCases {
	return Build(p.DB, p.Tx, p.Accounts, p.Sessions, p.Moderation, p.AuthorPosts, p.Search, p.Removal,
		Notices{Recorder: p.Notices, Announcer: p.Announcer}, p.Clock, p.Ends)
}

// Notices are the notifications feature's recording and announcing of the
// notices the moderators' acts send (a post removed, a report acted on).
type Notices struct {
	Recorder  *notifications.Recorder
	Announcer *notifications.Announcer
}

// Build wires the use cases; ends may be nil (sockets then close at their
// periodic session recheck).
func Build(db *bun.DB, tx ports.Transactor, accounts app.AccountStore, sessions app.SessionRevoker,
	m *moderationstore.Moderation, authorPosts search.AuthorPostsQueue, searchQueue ports.SearchIndexQueue, removal posts.Removal,
	notices Notices, clock ports.Clock, ends ports.SessionEnds) httpapi.UseCases {
	acc := NewAccountCases(tx, accounts, sessions, m, authorPosts, clock, ends)
	remove := &app.RemovePost{Tx: tx, Removal: removal, Reports: m, Audit: m, Clock: clock,
		Notices: notices.Recorder, Announcer: notices.Announcer}
	return httpapi.UseCases{
		SetRole:     acc.SetRole,
		SetVerified: &app.SetVerified{Tx: tx, Profiles: m, Search: searchQueue, Audit: m, Clock: clock},
		Suspend:     acc.Suspend,
		Unsuspend:   acc.Unsuspend,
		RemovePost:  remove,
		Resolve:     &app.ResolveReport{Tx: tx, Reports: m, Remove: remove, Suspend: acc.Suspend, Audit: m, Clock: clock},
		DB:          db,
	}
}

// AccountCases are the use cases on a member's account that the console
// and the command line (social user) both run, each writing its audit
// entry.
type AccountCases struct {
	SetRole   *app.SetRole
	Suspend   *app.Suspend
	Unsuspend *app.Unsuspend
}

// NewAccountCases wires them; ends may be nil as in Build.
func NewAccountCases(tx ports.Transactor, accounts app.AccountStore, sessions app.SessionRevoker,
	m *moderationstore.Moderation, index search.AuthorPostsQueue, clock ports.Clock, ends ports.SessionEnds) AccountCases {
	return AccountCases{
		SetRole:   &app.SetRole{Tx: tx, Accounts: accounts, Audit: m, Clock: clock, Ends: ends},
		Suspend:   &app.Suspend{Tx: tx, Accounts: accounts, Sessions: sessions, Index: index, Audit: m, Clock: clock, Ends: ends},
		Unsuspend: &app.Unsuspend{Tx: tx, Accounts: accounts, Index: index, Audit: m, Clock: clock},
	}
}

// newCreateAccount is the operator's account creation (social user
// create, the demo members, the development administrator).
func newCreateAccount(tx ports.Transactor, accounts app.AccountCreator, search ports.SearchIndexQueue,
	hasher ports.PasswordHasher, m *moderationstore.Moderation, clock ports.Clock) *app.CreateAccount {
	return &app.CreateAccount{Tx: tx, Accounts: accounts, Search: search, Hasher: hasher, Audit: m, Clock: clock}
}

// AccountByEmail finds an account by its e-mail address (domain.ErrNotFound
// without one), for the command line, which names members that way.
type AccountByEmail func(ctx context.Context, email string) (domain.Account, error)
