// Package federation is the ActivityPub plugin: the network's members as
// the rest of the social web (Mastodon, GoToSocial, Misskey, Pixelfed...)
// finds and reads them. This part is discovery and what servers fetch:
// WebFinger, host-meta, NodeInfo, each member's actor with their signing
// key, their followers, following and public posts. It is off unless
// plugins.federation.enabled is true: turning it on publishes the
// members' profiles and public posts to anyone who asks.
package federation

import (
	"encoding/json"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"social/config"
	"social/core/domain"
	"social/core/ports"
	comments "social/features/comments/app"
	datarights "social/features/datarights/app"
	follows "social/features/follows/app"
	moderation "social/features/moderation/app"
	posts "social/features/posts/app"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/platform/pgkit"
	"social/plugins/federation/activity"
	"social/plugins/federation/app"
	"social/plugins/federation/delivery"
	"social/plugins/federation/httpapi"
	"social/plugins/federation/keys"
	"social/plugins/federation/migrations"
	"social/plugins/federation/outgoing"
	"social/plugins/federation/pgstore"
)

// Name is the plugin's config switch (plugins.federation.enabled), off
// by default (configs/default.yaml).
const Name = "federation"

// Plugin is the entry of plugins/all.go.
var Plugin = plugin.New(Name, migrations.Files, settings,
	plugin.Private(
		newSite,
		pgstore.New,
		func() app.KeyMaker { return keys.RSA{} },
		func(s *pgstore.Store) *app.FindMember { return &app.FindMember{Members: s} },
		func(s *pgstore.Store, maker app.KeyMaker, clock ports.Clock) *app.MemberKey {
			return &app.MemberKey{Keys: s, Maker: maker, Clock: clock}
		},
		deliverySettings,
		func(jobs *pgkit.JobInserter) app.Deliverer { return &delivery.Queue{Jobs: jobs} },
		newDeliveryWorker,
		inboxSettings,
		newResolveActor,
		newInbox,
		newProcessActivity,
		newFetcher,
		func(f Fetcher) app.DocumentFetcher { return f },
		newMediaFetcher,
		newCopyMedia,
		newCopyPictures,
		newExpireMedia,
		func(s *pgstore.Store) app.ActorsByProfile { return s },
		func(c comments.CommentReader, s *pgstore.Store, find *app.FindMember) *app.PublicReply {
			return &app.PublicReply{Comments: c, Posts: s, Find: find}
		},
		newOutgoing,
		func(s *pgstore.Store, clock ports.Clock) *app.PolicyCache {
			return &app.PolicyCache{Store: s, Clock: clock}
		},
		func(c *app.PolicyCache) *app.InstancePolicies { return &app.InstancePolicies{Store: c} },
		func(s *pgstore.Store) *app.ReportForwarding { return &app.ReportForwarding{Store: s} },
		func(s *pgstore.Store, c *app.PolicyCache, audit ports.AuditLog, tx ports.Transactor, clock ports.Clock) *app.CreateInstancePolicy {
			return &app.CreateInstancePolicy{Store: c, Purge: s, Audit: audit, Tx: tx, Clock: clock}
		},
		func(s *pgstore.Store, c *app.PolicyCache, audit ports.AuditLog, tx ports.Transactor, clock ports.Clock) *app.UpdateInstancePolicy {
			return &app.UpdateInstancePolicy{Store: c, Purge: s, Audit: audit, Tx: tx, Clock: clock}
		},
		func(c *app.PolicyCache, audit ports.AuditLog, tx ports.Transactor, clock ports.Clock) *app.RemoveInstancePolicy {
			return &app.RemoveInstancePolicy{Store: c, Audit: audit, Tx: tx, Clock: clock}
		},
		newForwardReport,
		func(p *app.InstancePolicies, s *pgstore.Store, remove *datarights.RemoveRemoteAccount) *app.PurgeDomain {
			return &app.PurgeDomain{Policies: p, Profiles: s, Remove: remove}
		},
	),
	fx.Provide(
		// The operator's command (social federation rotate-key) runs it.
		func(find *app.FindMember, s *pgstore.Store, maker app.KeyMaker, clock ports.Clock) *app.RotateKey {
			return &app.RotateKey{Find: find, Keys: s, Maker: maker, Clock: clock}
		},
		fx.Annotate(httpapi.Mounts, fx.ResultTags(`group:"http_mounts,flatten"`)),
		plugin.AsQueue(func(d Delivery) plugin.Queue {
			return plugin.Queue{Plugin: Name, Name: delivery.QueueName, MaxWorkers: d.Workers}
		}),
		plugin.AsWorker(func(w *delivery.Worker) plugin.Worker { return plugin.NewWorker(Name, w) }),
		plugin.AsQueue(func(in Inbox) plugin.Queue {
			return plugin.Queue{Plugin: Name, Name: pgstore.InboxQueue, MaxWorkers: in.Workers}
		}),
		plugin.AsWorker(func(p *app.ProcessActivity) plugin.Worker {
			return plugin.NewWorker(Name, &processWorker{process: p})
		}),
		// Search finds other servers' accounts by their address.
		newLookUpAccount,
		plugin.AsWorker(func(p *app.PurgeDomain) plugin.Worker {
			return plugin.NewWorker(Name, &purgeWorker{purge: p})
		}),
		// The console's instance policies, for administrators and
		// moderators.
		plugin.AsAdminResource(httpapi.NewPolicyAdminResource),
		// Moderators forward a report about another server's post there,
		// and read where and when it went.
		plugin.AsAdminResource(httpapi.NewReportForwardResource),
		plugin.AsWorker(func(c *app.CopyRemoteMedia) plugin.Worker {
			return plugin.NewWorker(Name, &copyMediaWorker{copy: c})
		}),
		plugin.AsWorker(func(c *app.CopyRemotePictures) plugin.Worker {
			return plugin.NewWorker(Name, &copyPicturesWorker{copy: c})
		}),
		plugin.AsWorker(func(e *app.ExpireRemoteMedia) plugin.Worker {
			return plugin.NewWorker(Name, &expireMediaWorker{expire: e})
		}),
		// Copies of remote posts' files past federation.media.cache_days
		// are looked for every hour.
		plugin.AsPeriodicJob(func() plugin.PeriodicJob {
			return plugin.NewPeriodicJob(Name, pgstore.ExpireMediaArgs{}, time.Hour)
		}),
		// The local members' changes go out as activities.
		plugin.AsChangeListener(func(o *outgoing.Outgoing) ports.ChangeListener { return o }),
	),
)

func deliverySettings(cfg *config.Config) (Delivery, error) {
	s, err := config.PluginSettings[Config](cfg, Name)
	if err != nil {
		return Delivery{}, err
	}
	return s.Federation.Delivery, nil
}

// newDeliveryWorker sends on an SSRF-safe client of its own: inboxes are
// addresses other servers gave us. Answers are read up to 64 KiB (an
// inbox answers with little or nothing); no redirect is followed.
func newDeliveryWorker(cfg *config.Config, d Delivery, site httpapi.Site, s *pgstore.Store, key *app.MemberKey,
	policies *app.InstancePolicies, outside ports.OutsideClients, clock ports.Clock, log *slog.Logger) (*delivery.Worker, error) {
	settings, err := config.PluginSettings[Config](cfg, Name)
	if err != nil {
		return nil, err
	}
	allowHTTP := settings.Federation.AllowLoopbackHTTP && cfg.Mode != config.ModeProduction
	client := outside.Client(ports.OutsideClientOptions{Timeout: d.Timeout, MaxBytes: 64 << 10,
		UserAgent: "social-federation/" + config.Version + " (+" + site.Base + ")", AllowLoopback: allowHTTP})
	return &delivery.Worker{Site: site, Keys: delivery.StoreKeys{Private: s, Make: key}, Hosts: s, Client: client,
		AllowHTTP: allowHTTP, RequestTimeout: d.Timeout, UnreachableAfter: d.UnreachableAfter,
		Limit: delivery.NewHostLimit(d.PerHost), Policies: policies, Clock: clock, Log: log.With("component", "federation-delivery")}, nil
}

// newOutgoing links media absolutely (servers copy the files). It reads
// posts as their authors do through the posts feature's readers, which
// need only the store: the posts' use cases are built with the change
// listeners, this one among them.
func newOutgoing(site httpapi.Site, s *pgstore.Store, media httpkit.MediaLinks, find *app.FindMember,
	view *follows.ViewProfile, key *app.MemberKey, deliver app.Deliverer, clock ports.Clock,
	comment comments.CommentReader, read posts.Readers) *outgoing.Outgoing {
	return &outgoing.Outgoing{Recipients: s, Told: s, Deliver: deliver, Clock: clock, Members: find, Profiles: view, Keys: key,
		Comments: comment, Posts: read.Get, Named: read.Named,
		Build: activity.Builder{Site: site, Media: media.WithOrigin(site.Base)}}
}

// newForwardReport signs the Flag with the site actor's key (its pair made
// on first need, as a member's).
func newForwardReport(site httpapi.Site, s *pgstore.Store, reports moderation.ReportLocker, deliver app.Deliverer,
	audit ports.AuditLog, tx ports.Transactor, clock ports.Clock) *app.ForwardReport {
	build := activity.Builder{Site: site}
	return &app.ForwardReport{Tx: tx, Reports: reports, Store: s, Deliver: deliver, Audit: audit, Clock: clock, Domain: site.Domain,
		Flag: func(id domain.ReportID, account, note, content string) (string, []byte, error) {
			f := build.Flag(id.String(), account, note, content)
			body, err := json.Marshal(f)
			return f.ID, body, err
		}}
}
