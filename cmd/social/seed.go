package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/spf13/cobra"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/argon2id"
	"social/adapters/postgres"
	"social/bench/bulkseed"
	"social/config"
	"social/core/domain"
	"social/core/ports"
	accountsstore "social/features/accounts/pgstore"
	moderation "social/features/moderation/app"
	posts "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	searchstore "social/features/search/pgstore"
	timelines "social/features/timelines/app"
	timelinesstore "social/features/timelines/pgstore"
	"social/internal/demo"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// DevAdminEmail is the development administrator seed-demo creates.
const DevAdminEmail = "admin@exemplo.com.br"

// seedDevAdmin creates the development administrator when the database has
// no administrator, and prints its generated password: the only time it is
// shown (it is stored as a hash).
func seedDevAdmin(ctx context.Context, s seeders, out io.Writer) error {
	var exists bool
	if err := s.DB.NewRaw(`SELECT EXISTS (SELECT 1 FROM accounts WHERE role = 'admin')`).Scan(ctx, &exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	uc := newUserCases(s.DB, s.Clock, s.Log)
	password := newPassword()
	_, err := uc.create.Handle(ctx, domain.Operator(), moderation.CreateAccountInput{Email: DevAdminEmail,
		Password: password, Handle: "admin", DisplayName: "Administração", Role: domain.RoleAdmin})
	if err != nil {
		return fmt.Errorf("dev admin: %w", userError(err))
	}
	fmt.Fprintf(out, "dev admin: %s / %s (shown once; sign in at /admin)\n", DevAdminEmail, password)
	return nil
}

type seeders struct {
	fx.In
	List []plugin.DemoSeeder `group:"demo_seeders"`
	// Members add the plugins' demo data to a member's demo posts (--for).
	Members []plugin.MemberDemoSeeder `group:"member_demo_seeders"`
	DB      *bun.DB
	Clock   ports.Clock
	Log     *slog.Logger
	Blobs   ports.BlobStore
	Images  ports.ImageCleaner
	Videos  ports.VideoChecker
	Search  searchSources
}

func newSeedDemoCommand(g *globals) *cobra.Command {
	var forEmail string
	var bulk bulkFlags
	cmd := &cobra.Command{
		Use:   "seed-demo",
		Short: "Apply migrations and load the demo network (skipping what exists)",
		Long: `seed-demo brings the schema up to date, then, outside production mode, loads
the demo network: about forty members with drawn avatars and banners, who
follow one another and wrote a week of posts with pictures, likes, comments,
shares, mentions and reports, plus what every enabled feature adds
(communities, listening rooms, stories, conversations). It then rebuilds the
search index and the 'Seguindo' timelines, and prints how to sign in. The
network is written once: a second run changes nothing and says so.

With --for EMAIL it creates only that member's demo posts and the enabled
features' demo data for them (2 communities, 2 listening rooms), the same as
the "demo data" card of the feed, unless they already have a post.

With --profiles N (and --posts M, --follows-per-profile K, --seed S) it loads a
large generated data set for benchmarks instead, and nothing else: N confirmed
members membro_000001... (e-mail membro_000001@exemplo.com.br, password
` + bulkseed.Password + `), M posts over the last 30 days (about 10% friends_only),
about K follows per member on average (skewed: a few follow hundreds,
many a handful; popular members gather most followers), a few likes and
comments per public post, hashtags, and exact counters, all in one
transaction. The same seed gives the same data. It
refuses to run when bulk members already exist. Run reindex afterwards to
make the data searchable.

Progress goes to stderr: a bar on a terminal, plain lines otherwise.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			bulkMode := false
			for _, f := range bulkFlagNames {
				bulkMode = bulkMode || cmd.Flags().Changed(f)
			}
			if bulkMode && forEmail != "" {
				return usageError{errors.New("--for cannot be combined with --profiles, --posts, --follows-per-profile or --seed")}
			}
			if bulkMode && !cmd.Flags().Changed("profiles") {
				return usageError{errors.New("--posts, --follows-per-profile and --seed need --profiles")}
			}
			var m *postgres.Migrator
			var s seeders
			var pool *pgxpool.Pool
			return withDatabase(cmd.Context(), g, func(ctx context.Context) error {
				out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
				if _, err := upShowing(ctx, m, newProgressBar(errOut, "")); err != nil {
					return err
				}
				if bulkMode {
					return seedBulk(ctx, pool, bulk, out, errOut)
				}
				if g.cfg.Mode != config.ModeProduction {
					if err := seedDevAdmin(ctx, s, out); err != nil {
						return err
					}
				}
				if forEmail != "" {
					return seedMember(ctx, s, forEmail, out)
				}
				if g.cfg.Mode == config.ModeProduction {
					fmt.Fprintln(out, "demo network: not loaded in production mode (its members share a published password)")
					return nil
				}
				if err := seedNetwork(ctx, g.cfg, s, out, newProgressBar(errOut, "")); err != nil {
					return err
				}
				printSignIn(out, g.cfg)
				return nil
			}, &m, &s, &pool)
		},
	}
	cmd.Flags().StringVar(&forEmail, "for", "", "e-mail of a member to create demo posts for")
	bulk.register(cmd)
	return cmd
}

// upShowing applies pending migrations, counting them on p.
func upShowing(ctx context.Context, m *postgres.Migrator, p *progressBar) ([]postgres.MigrationStatus, error) {
	st, err := m.Status(ctx)
	if err != nil {
		return nil, err
	}
	pending, done := 0, 0
	for _, s := range st {
		if !s.Applied {
			pending++
		}
	}
	m.OnApplied = func(_ string, names []string) {
		done += len(names)
		p.report("migrações", done, pending)
	}
	applied, err := m.Up(ctx)
	p.end()
	return applied, err
}

// seedNetwork loads the core's demo network and then each enabled
// feature's part, and rebuilds the search index and the timelines when
// anything was added.
func seedNetwork(ctx context.Context, cfg *config.Config, s seeders, out io.Writer, p *progressBar) error {
	start := time.Now()
	net := &demo.Network{Deps: demo.Deps{DB: s.DB, Blobs: s.Blobs, Images: s.Images, Videos: s.Videos,
		Hasher: &demo.OnceHasher{PasswordHasher: argon2id.NewDefault()}, Log: s.Log},
		Now: s.Clock.Now(), Progress: p.report}
	sum, err := net.Seed(ctx)
	p.end()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "demo network: %s\n", sum)
	changed := !sum.Skipped
	for _, sd := range s.List {
		summary, err := sd.Seed(ctx)
		if err != nil {
			return fmt.Errorf("seed %s: %w", sd.Name, err)
		}
		fmt.Fprintf(out, "%s: %s\n", sd.Name, summary.Text)
		changed = changed || summary.Created
	}
	if !changed {
		fmt.Fprintln(out, "Nothing changed: the demo data was already there.")
		return nil
	}
	// The script wrote no search or timeline jobs: both are rebuilt here,
	// so that the server opens on a complete index and full feeds.
	n, err := timelinesstore.NewTimelines(s.DB).RebuildAll(ctx, timelines.Cap)
	if err != nil {
		return fmt.Errorf("timelines: %w", err)
	}
	counts, err := rebuildSearch(ctx, cfg, s.DB, s.Search, p)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	docs := 0
	for _, c := range counts {
		docs += c
	}
	fmt.Fprintf(out, "demo network: %d timeline rows, %d search documents, in %s\n", n, docs,
		time.Since(start).Round(10*time.Millisecond))
	return nil
}

// printSignIn tells a newcomer where to go and who to be.
func printSignIn(out io.Writer, cfg *config.Config) {
	base := strings.TrimRight(cfg.HTTP.PublicURL, "/")
	fmt.Fprintf(out, `
Sign in to the app at %s/ as the demo member:
    e-mail    %s
    password  %s
The admin console is at %s/admin/ (%s, with the password printed when it was created).
The API reference is at %s/api/docs.
`, base, demo.MemberEmail, demo.MemberPassword, base, DevAdminEmail, base)
}

// seedMember runs posts.SeedDemo for the member with e-mail email.
func seedMember(ctx context.Context, s seeders, email string, out interface{ Write([]byte) (int, error) }) error {
	acc, err := accountsstore.NewAccounts(s.DB).ByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("--for: no account with e-mail %q", email)
	}
	if err != nil {
		return err
	}
	// The demo posts are indexed for search like any post: the request is
	// queued in the seeding's transaction, for `social serve` to take.
	extras := make([]posts.MemberSeed, 0, len(s.Members))
	for _, m := range s.Members {
		extras = append(extras, m.Seed)
	}
	uc := &posts.SeedDemo{Tx: pgkit.NewTransactor(s.DB), Posts: postsstore.NewPosts(s.DB), Clock: s.Clock,
		Search: searchstore.NewSearchQueue(s.DB), Extras: extras}
	res, err := uc.For(ctx, acc.ID)
	if err != nil {
		return err
	}
	if res.Skipped {
		fmt.Fprintf(out, "posts: %s already has posts; nothing created\n", email)
		return nil
	}
	fmt.Fprintf(out, "posts: %d demo posts created for %s\n", len(res.Posts), email)
	for _, line := range res.Extras {
		fmt.Fprintln(out, line)
	}
	return nil
}

// bulkFlagNames are the flags of the bulk mode, which excludes --for.
var bulkFlagNames = []string{"profiles", "posts", "follows-per-profile", "seed"}

// bulkFlags size the benchmark data set of seed-demo.
type bulkFlags struct {
	profiles, posts, follows int
	seed                     uint64
}

func (b *bulkFlags) register(cmd *cobra.Command) {
	cmd.Flags().IntVar(&b.profiles, "profiles", 0, "bulk: number of members to generate (membro_000001...)")
	cmd.Flags().IntVar(&b.posts, "posts", 0, "bulk: number of posts over the last 30 days")
	cmd.Flags().IntVar(&b.follows, "follows-per-profile", 0, "bulk: members each member follows, on average (skewed)")
	cmd.Flags().Uint64Var(&b.seed, "seed", 1, "bulk: random seed; the same seed gives the same data")
}

// bulkTimelineDepth is how much of each 'Seguindo' timeline a bulk load
// writes: four pages of the feed. Reading a page costs the same whatever
// the depth (an index walk of 50 rows); timelines.Cap rows per member
// would make the load four times as big.
const bulkTimelineDepth = 200

// seedBulk loads the benchmark data set, progress on errOut.
func seedBulk(ctx context.Context, pool *pgxpool.Pool, b bulkFlags, out, errOut io.Writer) error {
	start := time.Now()
	// One hash for everyone: Argon2id is slow on purpose, and the members
	// only need to be able to sign in.
	hash, err := argon2id.NewDefault().Hash(bulkseed.Password)
	if err != nil {
		return err
	}
	p := newProgressBar(errOut, "")
	res, err := bulkseed.Run(ctx, pool, bulkseed.Options{
		Profiles: b.profiles, Posts: b.posts, FollowsPerProfile: b.follows, Seed: b.seed,
		TimelineDepth: bulkTimelineDepth, PasswordHash: hash, Now: time.Now(), Progress: p.report,
	})
	p.end()
	if err != nil {
		return fmt.Errorf("seed-demo: %w", err)
	}
	fmt.Fprintf(out, "bulk: %d members, %d posts, %d follows, %d likes, %d comments, %d hashtag links in %s (password %s)\n",
		res.Profiles, res.Posts, res.Follows, res.Likes, res.Comments, res.PostHashtags, time.Since(start).Round(10*time.Millisecond),
		bulkseed.Password)
	// COPY bypasses the fan-out jobs and search requests posts queue one by
	// one: the load writes the timelines itself, search needs reindex.
	fmt.Fprintf(out, "bulk: %d timeline rows ('Seguindo' feeds)\n", res.Timelines)
	fmt.Fprintln(out, "bulk: run `social reindex` to make them searchable")
	return nil
}
