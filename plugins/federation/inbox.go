package federation

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/config"
	"social/core/domain"
	"social/core/ports"
	comments "social/features/comments/app"
	datarights "social/features/datarights/app"
	follows "social/features/follows/app"
	posts "social/features/posts/app"
	profiles "social/features/profiles/app"
	safety "social/features/safety/app"
	"social/plugins/federation/app"
	"social/plugins/federation/httpapi"
	"social/plugins/federation/pgstore"
)

// inboxSettings are the inbox's settings.
func inboxSettings(cfg *config.Config) (Inbox, error) {
	s, err := config.PluginSettings[Config](cfg, Name)
	if err != nil {
		return Inbox{}, err
	}
	return s.Federation.Inbox, nil
}

// loopbackHTTP is whether plain http to a loopback host is allowed (tests
// of servers on one machine); never in production.
func loopbackHTTP(cfg *config.Config) (bool, error) {
	s, err := config.PluginSettings[Config](cfg, Name)
	if err != nil {
		return false, err
	}
	return s.Federation.AllowLoopbackHTTP && cfg.Mode != config.ModeProduction, nil
}

func newResolveActor(cfg *config.Config, s *pgstore.Store, fetch app.DocumentFetcher, accounts *profiles.UpsertRemoteAccount,
	policies *app.InstancePolicies, tx ports.Transactor, clock ports.Clock) (*app.ResolveActor, error) {
	loop, err := loopbackHTTP(cfg)
	if err != nil {
		return nil, err
	}
	return &app.ResolveActor{Actors: s, Fetch: fetch, Accounts: accounts, Tx: tx, Clock: clock, LoopbackHTTP: loop,
		Policies: policies}, nil
}

// newLookUpAccount is the search's ports.RemoteAccountLookup.
func newLookUpAccount(cfg *config.Config, s *pgstore.Store, fetch Fetcher, resolve *app.ResolveActor,
	limiter ports.RateLimiter, clock ports.Clock, log *slog.Logger) (ports.RemoteAccountLookup, error) {
	loop, err := loopbackHTTP(cfg)
	if err != nil {
		return nil, err
	}
	return &app.LookUpAccount{Known: s, Finger: fetch, Actors: resolve, Limiter: limiter, Clock: clock,
		LoopbackHTTP: loop, Log: log.With("component", "federation-lookup")}, nil
}

func newInbox(in Inbox, resolve *app.ResolveActor, s *pgstore.Store, policies *app.InstancePolicies,
	limiter ports.RateLimiter, tx ports.Transactor, clock ports.Clock) httpapi.Inbox {
	return httpapi.Inbox{Resolve: resolve,
		Receive: &app.ReceiveActivity{Inbox: s, Hosts: s, Policies: policies, Tx: tx, Clock: clock},
		Limiter: limiter, PerHost: in.PerHostPerMinute, Policies: policies, Now: clock.Now}
}

type processParams struct {
	fx.In
	Site     httpapi.Site
	Store    *pgstore.Store
	Find     *app.FindMember
	Follows  follows.UseCases
	Posts    posts.UseCases
	Comments comments.UseCases
	Safety   safety.UseCases
	Resolve  *app.ResolveActor
	Policies *app.InstancePolicies
	Remove   *datarights.RemoveRemoteAccount
	// Deliverer sends the Accept of a Follow; without one (no delivery
	// in the app) the follow is made and no Accept is sent.
	Deliverer app.Deliverer `optional:"true"`
	Tx        ports.Transactor
	Clock     ports.Clock
	Log       *slog.Logger
}

func newProcessActivity(p processParams) *app.ProcessActivity {
	return &app.ProcessActivity{Inbox: p.Store, Find: p.Find, URLs: httpapi.LocalURLs{Site: p.Site}, Followed: p.Store,
		Follows: p.Follows, Posts: p.Posts, Comments: p.Comments, Safety: p.Safety, Actors: p.Resolve, Deliverer: p.Deliverer,
		Policies: p.Policies, Remove: p.Remove,
		Tx: p.Tx, Clock: p.Clock, Log: p.Log.With("component", "federation-inbox")}
}

// processWorker works the queue of received activities.
type processWorker struct {
	river.WorkerDefaults[pgstore.ProcessArgs]
	process *app.ProcessActivity
}

func (w *processWorker) Work(ctx context.Context, job *river.Job[pgstore.ProcessArgs]) error {
	a := job.Args
	return w.process.Handle(ctx, domain.UserID(a.Actor), a.ActivityID, a.Activity)
}

// purgeWorker removes the remote accounts of a suspended domain.
type purgeWorker struct {
	river.WorkerDefaults[pgstore.PurgeDomainArgs]
	purge *app.PurgeDomain
}

func (w *purgeWorker) Work(ctx context.Context, job *river.Job[pgstore.PurgeDomainArgs]) error {
	return w.purge.Handle(ctx, job.Args.Domain)
}
