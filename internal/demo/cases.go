package demo

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	accountsstore "social/features/accounts/pgstore"
	comments "social/features/comments/app"
	commentsstore "social/features/comments/pgstore"
	follows "social/features/follows/app"
	followsstore "social/features/follows/pgstore"
	moderation "social/features/moderation/app"
	moderationstore "social/features/moderation/pgstore"
	notifications "social/features/notifications/app"
	notificationsstore "social/features/notifications/pgstore"
	posts "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	profiles "social/features/profiles/app"
	profilesstore "social/features/profiles/pgstore"
	reports "social/features/reports/app"
	reportsstore "social/features/reports/pgstore"
	"social/platform/pgkit"
)

// Deps are what the network is written with: the database and the media
// adapters the serving app uses too.
type Deps struct {
	DB     *bun.DB
	Blobs  ports.BlobStore
	Images ports.ImageCleaner
	Videos ports.VideoChecker
	Hasher ports.PasswordHasher
	Log    *slog.Logger
}

// cases are the core's use cases as the API wires them, with four
// differences that belong to a script rather than to members at a screen:
// the clock is moved to date each act within the past week; nobody is
// connected, so nothing is broadcast; no rate limit applies; and the
// search index and the 'Seguindo' timelines are rebuilt once at the end
// (by the caller) instead of by one job per act, so that they are complete
// before the server starts.
type cases struct {
	clock       *Clock
	tx          *pgkit.Transactor
	accounts    *accountsstore.Accounts
	create      *moderation.CreateAccount
	setRole     *moderation.SetRole
	setVerified *moderation.SetVerified
	resolve     *moderation.ResolveReport
	update      *profiles.UpdateProfile
	setImage    *profiles.SetProfileImage
	follow      *follows.FollowMember
	post        *posts.CreatePost
	postMedia   *posts.CreateMediaPost
	like        *posts.LikePost
	share       *posts.SharePost
	comment     *comments.CreateComment
	reportPost  *reports.ReportPost
	reportCmt   *reports.ReportComment
}

func newCases(d Deps, clock *Clock) (*cases, error) {
	jobs, err := pgkit.NewJobInserter(d.DB, d.Log)
	if err != nil {
		return nil, err
	}
	db := d.DB
	tx, accounts, m := pgkit.NewTransactor(db), accountsstore.NewAccounts(db), moderationstore.NewModeration(db)
	store, cmts, notes := postsstore.NewPosts(db), commentsstore.NewComments(db), notificationsstore.NewNotifications(db)
	recorder := &notifications.Recorder{Store: notes, Clock: clock}
	announcer := &notifications.Announcer{Counts: notes, Broadcaster: Silent{}, Log: d.Log}
	media := posts.MediaStore{Blobs: d.Blobs, Images: d.Images, Videos: d.Videos, Clock: clock, Log: d.Log}
	create := &posts.CreatePost{Tx: tx, Search: rebuiltLater{}, Posts: store, Previews: noPreviews{},
		Timelines: rebuiltLater{}, Mentions: store, Notices: recorder, Announcer: announcer, Clock: clock,
		Broadcaster: Silent{}, Log: d.Log}
	removal := posts.Removal{Search: rebuiltLater{}, Posts: store, Media: postsstore.MediaQueue{Jobs: jobs},
		Broadcaster: Silent{}, Log: d.Log}
	suspend := &moderation.Suspend{Tx: tx, Accounts: accounts, Sessions: accountsstore.NewSessions(db, clock), Index: m,
		Audit: m, Clock: clock}
	remove := &moderation.RemovePost{Tx: tx, Removal: removal, Reports: m, Audit: m, Clock: clock}
	profileStore := profilesstore.NewProfiles(db)
	ix := profiles.Indexer{Tx: tx, Search: rebuiltLater{}}
	return &cases{
		clock:       clock,
		tx:          tx,
		accounts:    accounts,
		create:      &moderation.CreateAccount{Tx: tx, Accounts: accounts, Search: rebuiltLater{}, Hasher: d.Hasher, Audit: m, Clock: clock},
		setRole:     &moderation.SetRole{Tx: tx, Accounts: accounts, Audit: m, Clock: clock},
		setVerified: &moderation.SetVerified{Tx: tx, Profiles: m, Search: rebuiltLater{}, Audit: m, Clock: clock},
		resolve:     &moderation.ResolveReport{Tx: tx, Reports: m, Remove: remove, Suspend: suspend, Audit: m, Clock: clock},
		update:      &profiles.UpdateProfile{Profiles: profileStore, Indexer: ix, Limiter: Unlimited{}, Clock: clock},
		setImage: &profiles.SetProfileImage{Profiles: profileStore, Indexer: ix, Blobs: d.Blobs, Images: d.Images,
			Limiter: Unlimited{}, Clock: clock},
		follow: &follows.FollowMember{Tx: tx, Follows: followsstore.NewFollows(db), Timelines: rebuiltLater{},
			Notices: recorder, Announcer: announcer, Clock: clock},
		post:      create,
		postMedia: &posts.CreateMediaPost{Create: create, Media: media},
		like: &posts.LikePost{Tx: tx, Items: store, Likes: store, Clock: clock, Notices: recorder, Announcer: announcer,
			Broadcaster: Silent{}, Log: d.Log},
		share: &posts.SharePost{Items: store, Shares: store},
		comment: &comments.CreateComment{Tx: tx, Posts: cmts, Comments: cmts, Limiter: Unlimited{}, Notices: recorder,
			Announcer: announcer, Clock: clock, Broadcaster: Silent{}, Log: d.Log},
		reportPost: &reports.ReportPost{Posts: cmts, Reports: reportsstore.NewReports(db), Clock: clock},
		reportCmt:  &reports.ReportComment{Comments: cmts, Reports: reportsstore.NewReports(db), Clock: clock},
	}, nil
}

// Clock is the time the script stands at: each act is dated by moving it.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// Now is the time set last.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Silent is the broadcaster of a script: no socket is open while it runs.
type Silent struct{}

func (Silent) Publish(context.Context, string, ports.Event) error { return nil }

// Unlimited lets a script act as often as it needs.
type Unlimited struct{}

func (Unlimited) Take(context.Context, ...ports.RateRule) (time.Duration, error) { return 0, nil }

// rebuiltLater stands for the search and timeline jobs: the caller rebuilds
// both once the network is written.
type rebuiltLater struct{}

func (rebuiltLater) EnqueueIndex(context.Context, ports.SearchKind, string) error        { return nil }
func (rebuiltLater) Handle(context.Context, domain.PostID) error                         { return nil }
func (rebuiltLater) EnqueueBackfill(context.Context, domain.UserID, domain.UserID) error { return nil }
func (rebuiltLater) EnqueueRemoveAuthor(context.Context, domain.UserID, domain.UserID) error {
	return nil
}

// noPreviews leaves links without a preview card: fetching one would reach
// the outside network, and the demo sites do not exist.
type noPreviews struct{}

func (noPreviews) EnqueueLinkPreview(context.Context, domain.PostID) error { return nil }

// OnceHasher hashes the first password and answers that hash for every
// later one: the demo members share one password, and Argon2id is slow on
// purpose (forty hashes would take most of the seeding's time).
type OnceHasher struct {
	ports.PasswordHasher
	password, hash string
}

// Hash hashes password, or answers the hash already made for it.
func (h *OnceHasher) Hash(password string) (string, error) {
	if h.hash != "" && password == h.password {
		return h.hash, nil
	}
	hash, err := h.PasswordHasher.Hash(password)
	if err == nil {
		h.password, h.hash = password, hash
	}
	return hash, err
}
