package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
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
	follows "social/features/follows/app"
	moderationfeature "social/features/moderation"
	moderation "social/features/moderation/app"
	posts "social/features/posts/app"
	search "social/features/search/app"
	"social/kit/demo"
	"social/kit/plugin"
)

// DevAdminEmail is the development administrator seed-demo creates.
const DevAdminEmail = "admin@exemplo.com.br"

// seedDevAdmin creates the development administrator when the database has
// no administrator, and returns its generated password: stored as a hash,
// it is shown once, by the caller, on the terminal (never in a log line).
// It returns "" when an administrator already exists: a password the
// operator chose is never echoed.
func seedDevAdmin(ctx context.Context, db *bun.DB, create *moderation.CreateAccount) (string, error) {
	var exists bool
	if err := db.NewRaw(`SELECT EXISTS (SELECT 1 FROM accounts WHERE role = 'admin')`).Scan(ctx, &exists); err != nil {
		return "", err
	}
	if exists {
		return "", nil
	}
	password := newPassword()
	_, err := create.Handle(ctx, domain.Operator(), moderation.CreateAccountInput{Email: DevAdminEmail,
		Password: password, Handle: "admin", DisplayName: "Administração", Role: domain.RoleAdmin})
	if err != nil {
		return "", fmt.Errorf("dev admin: %w", userError(err))
	}
	return password, nil
}

// seeding is what seed-demo takes from the app's graph.
type seeding struct {
	fx.In
	DB      *bun.DB
	Tx      ports.Transactor
	Catalog plugin.Catalog
	Create  *moderation.CreateAccount
	ByEmail moderationfeature.AccountByEmail
	Member  *posts.SeedDemo
	Search  search.DocLister
}

// networkSeeding adds the demo network's seeders, every feature's and
// plugin's, and the run they write in.
type networkSeeding struct {
	fx.In
	Run  *demo.Run
	List []plugin.DemoSeeder `group:"demo_seeders"`
}

// seedingDecoration makes the use cases those of a script: dated by the
// run's clock, broadcasting nothing (no socket is open, and a command
// holds no realtime gateway), sending no mail, under no rate limit, one
// password hashed once, and no search document queued one by one (the
// index is rebuilt once at the end, so that it is complete before the
// server starts), no timeline backfilled (the follows come before any
// post) and no link preview fetched (the demo sites do not exist).
func seedingDecoration(now time.Time) fx.Option {
	return fx.Options(
		fx.Provide(func(byEmail moderationfeature.AccountByEmail) *demo.Run {
			return demo.NewRun(demo.AccountByEmail(byEmail), now)
		}),
		fx.Provide(func() ports.Broadcaster { return demo.Silent{} }),
		fx.Decorate(func(run *demo.Run) ports.Clock { return run.Clock }),
		fx.Decorate(func() ports.RateLimiter { return demo.Unlimited{} }),
		fx.Decorate(func() ports.Outbox { return demo.Unsent{} }),
		fx.Decorate(func(h ports.PasswordHasher) ports.PasswordHasher { return &demo.OnceHasher{PasswordHasher: h} }),
		fx.Decorate(func() ports.SearchIndexQueue { return demo.RebuiltLater{} }),
		fx.Decorate(func() follows.TimelineQueue { return demo.RebuiltLater{} }),
		fx.Decorate(func() posts.PreviewQueue { return demo.Unfetched{} }),
	)
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
(communities, listening rooms, stories, conversations). Each post takes its
place in the 'Seguindo' timelines as it is written; it then rebuilds the
search index, and prints how to sign in. The network is written once, in one
transaction: a second run changes nothing and says so.

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
			if bulkMode {
				var m *postgres.Migrator
				var pool *pgxpool.Pool
				return withDatabase(cmd.Context(), g, func(ctx context.Context) error {
					if _, err := upShowing(ctx, m, newProgressBar(cmd.ErrOrStderr(), "")); err != nil {
						return err
					}
					bulk.pullAbove = g.cfg.Timelines.PullAboveFollowers
					return seedBulk(ctx, pool, bulk, cmd.OutOrStdout(), cmd.ErrOrStderr())
				}, &m, &pool)
			}
			network := forEmail == "" && g.cfg.Mode != config.ModeProduction
			// A member's demo posts (--for) are written as a member would:
			// now, queued for search; only the network is a script.
			opts := fx.Provide(func() ports.Broadcaster { return demo.Silent{} })
			var n networkSeeding
			populate := []any{}
			if network {
				opts = seedingDecoration(time.Now())
				populate = append(populate, &n)
			}
			var m *postgres.Migrator
			var s seeding
			return withCommands(cmd.Context(), g, opts, func(ctx context.Context) error {
				out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
				if _, err := upShowing(ctx, m, newProgressBar(errOut, "")); err != nil {
					return err
				}
				adminPassword := ""
				if g.cfg.Mode != config.ModeProduction {
					var err error
					if adminPassword, err = seedDevAdmin(ctx, s.DB, s.Create); err != nil {
						return err
					}
				}
				if forEmail != "" {
					if adminPassword != "" {
						fmt.Fprintf(out, "Administração: %s / %s (mostrada só desta vez; entre em /admin)\n", DevAdminEmail, adminPassword)
					}
					return seedMember(ctx, s, forEmail, out)
				}
				if !network {
					fmt.Fprintln(out, "demo network: not loaded in production mode (its members share a published password)")
					return nil
				}
				if err := seedNetwork(ctx, g.cfg, s, n, out, newProgressBar(errOut, "")); err != nil {
					return err
				}
				printWelcome(out, g.cfg, adminPassword)
				return nil
			}, append(populate, &m, &s)...)
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

// seedNetwork runs every seeder of the demo network by stage, in one
// transaction, and rebuilds the search index when anything was added.
func seedNetwork(ctx context.Context, cfg *config.Config, s seeding, n networkSeeding, out io.Writer, p *progressBar) error {
	start := time.Now()
	n.Run.Progress = p.report
	order := map[string]int{}
	for i, e := range s.Catalog.Entries {
		order[e.Name] = i + 1
	}
	list := append([]plugin.DemoSeeder(nil), n.List...)
	stage := func(sd plugin.DemoSeeder) int {
		if sd.Stage == 0 {
			return demo.StageFeatures
		}
		return sd.Stage
	}
	sort.SliceStable(list, func(i, j int) bool {
		if stage(list[i]) != stage(list[j]) {
			return stage(list[i]) < stage(list[j])
		}
		return order[list[i].Plugin] < order[list[j].Plugin]
	})
	changed := false
	var lines []string
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		for _, sd := range list {
			done, err := sd.Seed(ctx)
			if err != nil {
				return fmt.Errorf("seed %s: %w", sd.Name, err)
			}
			lines = append(lines, sd.Name+": "+done.Text)
			changed = changed || done.Created
		}
		return nil
	})
	p.end()
	if err != nil {
		return fmt.Errorf("demo network: %w", err)
	}
	fmt.Fprintf(out, "demo network: %s\n", n.Run.Summary)
	for _, l := range lines {
		fmt.Fprintln(out, l)
	}
	if !changed {
		fmt.Fprintln(out, "Nothing changed: the demo data was already there.")
		return nil
	}
	counts, err := rebuildSearch(ctx, cfg, s.DB, s.Search, p)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	docs := 0
	for _, c := range counts {
		docs += c
	}
	fmt.Fprintf(out, "demo network: %d search documents, in %s\n", docs, time.Since(start).Round(10*time.Millisecond))
	return nil
}

// welcomeRule frames the welcome block, so that it stands out among the
// lines before it and the server's log after it.
var welcomeRule = strings.Repeat("=", 64)

// printWelcome ends a development seed-demo (the first half of `make run`)
// with one block: where the app is, the demo member's sign-in (a published
// password, the demo network exists only outside production) and the
// development administrator's. adminPassword is the one this run generated
// ("" when the administrator already existed: its password was shown when
// it was made and is never echoed again). It goes to the terminal, never
// to the log.
func printWelcome(out io.Writer, cfg *config.Config, adminPassword string) {
	base := strings.TrimRight(cfg.HTTP.PublicURL, "/")
	admin := adminPassword + "   (mostrada só desta vez: anote-a)"
	if adminPassword == "" {
		admin = "a mostrada quando a conta foi criada"
	}
	fmt.Fprintf(out, `
%s
  O Social está pronto em %s/

  Membro de demonstração
    e-mail  %s
    senha   %s

  Administração em %s/admin/
    e-mail  %s
    senha   %s

  Referência da API em %s/api/docs
%s
`, welcomeRule, base, demo.MemberEmail, demo.MemberPassword, base, DevAdminEmail, admin, base, welcomeRule)
}

// seedMember runs posts.SeedDemo for the member with e-mail email.
func seedMember(ctx context.Context, s seeding, email string, out interface{ Write([]byte) (int, error) }) error {
	acc, err := s.ByEmail(ctx, strings.TrimSpace(email))
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("--for: no account with e-mail %q", email)
	}
	if err != nil {
		return err
	}
	// The demo posts are indexed for search like any post: the request is
	// queued in the seeding's transaction, for `social serve` to take.
	uc := s.Member
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
	// pullAbove is the setting timelines.pull_above_followers.
	pullAbove int
	// indexesAfter builds the tables' secondary indexes after the rows.
	indexesAfter bool
}

func (b *bulkFlags) register(cmd *cobra.Command) {
	cmd.Flags().IntVar(&b.profiles, "profiles", 0, "bulk: number of members to generate (membro_000001...)")
	cmd.Flags().IntVar(&b.posts, "posts", 0, "bulk: number of posts over the last 30 days")
	cmd.Flags().IntVar(&b.follows, "follows-per-profile", 0, "bulk: members each member follows, on average (skewed)")
	cmd.Flags().Uint64Var(&b.seed, "seed", 1, "bulk: random seed; the same seed gives the same data")
	cmd.Flags().BoolVar(&b.indexesAfter, "indexes-after", false,
		"bulk: build the tables' indexes after the rows (faster for millions of rows; nothing can read the tables until the load ends)")
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
		TimelineDepth: bulkTimelineDepth, PullAbove: b.pullAbove, PasswordHash: hash, Now: time.Now(), Progress: p.report,
		IndexesAfter: b.indexesAfter,
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
