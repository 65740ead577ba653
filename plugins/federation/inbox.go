package federation

import (
	"context"
	"log/slog"
	"time"

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
	reports "social/features/reports/app"
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
	return &app.ResolveActor{Actors: &app.ActorCache{Store: s, Clock: clock}, Fetch: fetch, Accounts: accounts, Tx: tx, Clock: clock, LoopbackHTTP: loop,
		Policies: policies, Pictures: s}, nil
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
	tx ports.Transactor, clock ports.Clock) httpapi.Inbox {
	return httpapi.Inbox{Resolve: resolve,
		Receive: &app.ReceiveActivity{Inbox: s, Hosts: s, Policies: policies, Tx: tx, Clock: clock},
		Senders: httpapi.NewSenderLimit(in.PerHostPerMinute, time.Minute, clock.Now), Policies: policies, Now: clock.Now,
		Admission: httpapi.NewAdmission(in.Concurrency, float64(in.PerSecond), in.Wait, time.Now)}
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
	Reports  *reports.ReportPost
	// Deliverer sends the Accept of a Follow; without one (no delivery
	// in the app) the follow is made and no Accept is sent.
	Deliverer app.Deliverer `optional:"true"`
	Fetch     app.MediaFetcher
	Pictures  *profiles.SetRemotePicture
	Config    *config.Config
	Tx        ports.Transactor
	Clock     ports.Clock
	Log       *slog.Logger
}

func newProcessActivity(p processParams) *app.ProcessActivity {
	return &app.ProcessActivity{Inbox: p.Store, Find: p.Find, URLs: httpapi.LocalURLs{Site: p.Site}, Followed: p.Store,
		Follows: p.Follows, Posts: p.Posts, Comments: p.Comments, Safety: p.Safety, Actors: p.Resolve, Deliverer: p.Deliverer,
		Policies: p.Policies, Remove: p.Remove, Reports: p.Reports,
		Media: p.Store, Tx: p.Tx, Clock: p.Clock, Log: p.Log.With("component", "federation-inbox")}
}

func newCopyMedia(p processParams) *app.CopyRemoteMedia {
	return &app.CopyRemoteMedia{Fetch: p.Fetch, Policy: p.Policies, Copies: p.Store, Posts: p.Posts, Clock: p.Clock,
		Log: p.Log.With("component", "federation-media")}
}

func newCopyPictures(p processParams) *app.CopyRemotePictures {
	return &app.CopyRemotePictures{Sources: p.Store, Fetch: p.Fetch, Policy: p.Policies, Pictures: p.Pictures,
		Log: p.Log.With("component", "federation-media")}
}

// copyPicturesWorker copies remote accounts' avatars and banners
// (federation.copy_pictures).
type copyPicturesWorker struct {
	river.WorkerDefaults[pgstore.CopyPicturesArgs]
	copy *app.CopyRemotePictures
}

func (w *copyPicturesWorker) Work(ctx context.Context, job *river.Job[pgstore.CopyPicturesArgs]) error {
	a := job.Args
	return w.copy.Handle(ctx, app.PictureCopy{Profile: domain.UserID(a.Profile), Icon: a.Icon, Image: a.Image})
}

func newExpireMedia(p processParams) (*app.ExpireRemoteMedia, error) {
	s, err := config.PluginSettings[Config](p.Config, Name)
	if err != nil {
		return nil, err
	}
	return &app.ExpireRemoteMedia{Copies: p.Store, Posts: p.Posts, Clock: p.Clock,
		Lifetime: time.Duration(s.Federation.Media.CacheDays) * 24 * time.Hour}, nil
}

// copyMediaWorker copies remote posts' files (federation.copy_media).
type copyMediaWorker struct {
	river.WorkerDefaults[pgstore.CopyMediaArgs]
	copy *app.CopyRemoteMedia
}

func (w *copyMediaWorker) Work(ctx context.Context, job *river.Job[pgstore.CopyMediaArgs]) error {
	a := job.Args
	return w.copy.Handle(ctx, app.MediaCopy{Post: domain.PostID(a.Post), Author: domain.UserID(a.Author), URL: a.URL, Alt: a.Alt})
}

// expireMediaWorker takes away the stale copies (federation.expire_media);
// running it twice is harmless.
type expireMediaWorker struct {
	river.WorkerDefaults[pgstore.ExpireMediaArgs]
	expire *app.ExpireRemoteMedia
}

func (w *expireMediaWorker) Work(ctx context.Context, _ *river.Job[pgstore.ExpireMediaArgs]) error {
	_, err := w.expire.Handle(ctx)
	return err
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
