package bench

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"social/adapters/postgres"
	"social/core/domain"
	postsapp "social/features/posts/app"
	posts "social/features/posts/pgstore"
	profiles "social/features/profiles/pgstore"
	"social/tests/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// statementLog keeps the text and arguments of every query pgx sends.
type statementLog struct {
	mu   sync.Mutex
	sent []sentStatement
}

type sentStatement struct {
	sql  string
	args []any
}

func (l *statementLog) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sent = append(l.sent, sentStatement{data.SQL, data.Args})
	return ctx
}

func (l *statementLog) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// A batch's statements (a page read with the reader's muted words) count
// one by one, in their order.
func (l *statementLog) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

func (l *statementLog) TraceBatchQuery(_ context.Context, _ *pgx.Conn, data pgx.TraceBatchQueryData) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sent = append(l.sent, sentStatement{data.SQL, data.Args})
}

func (l *statementLog) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// during is what the stores sent while read ran.
func (l *statementLog) during(t *testing.T, read func() error) []sentStatement {
	t.Helper()
	l.mu.Lock()
	l.sent = nil
	l.mu.Unlock()
	if err := read(); err != nil && !errors.Is(err, domain.ErrNotFound) {
		t.Fatal(err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]sentStatement(nil), l.sent...)
}

var (
	placeholder = regexp.MustCompile(`\$\d+|\{\w+\}`)
	spaces      = regexp.MustCompile(`\s+`)
)

// shape is a statement's text with every placeholder as ? and its spaces
// folded.
func shape(sql string) string {
	return strings.TrimSuffix(strings.TrimSpace(spaces.ReplaceAllString(placeholder.ReplaceAllString(sql, "?"), " ")), ";")
}

// serverStatement names the values in a statement the server sent: each
// $n by the value it carries, and each value bun wrote into the text as a
// quoted literal, which it marks {name} there.
func serverStatement(st sentStatement, values map[string]any) (string, []string) {
	name := func(v any) string {
		for n, known := range values {
			if fmt.Sprint(known) == fmt.Sprint(v) {
				return n
			}
		}
		return fmt.Sprintf("unknown value %v", v)
	}
	sql := st.sql
	for n, v := range values {
		if s, ok := v.(string); ok {
			sql = strings.ReplaceAll(sql, "'"+s+"'", "{"+n+"}")
		}
	}
	var names []string
	for _, p := range placeholder.FindAllString(sql, -1) {
		if strings.HasPrefix(p, "{") {
			names = append(names, strings.Trim(p, "{}"))
			continue
		}
		i, _ := strconv.Atoi(p[1:])
		if i < 1 || i > len(st.args) {
			names = append(names, "missing argument "+p)
			continue
		}
		names = append(names, name(st.args[i-1]))
	}
	return sql, names
}

func floorPlaceholders(sql string) []string {
	var names []string
	for _, p := range placeholder.FindAllString(sql, -1) {
		names = append(names, strings.Trim(p, "{}"))
	}
	return names
}

// TestFloorsRunTheServersStatements guards the floors against drifting
// from the product: each read workload's floor statement must be the text
// the server's store sends for that request, placeholder for placeholder,
// each placeholder standing for the same value. A floor that lost a
// clause the server runs (a block, a mute, a suspended author) would be
// cheaper than the endpoint's real work, and every ratio against it wrong.
func TestFloorsRunTheServersStatements(t *testing.T) {
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(testkit.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	log := &statementLog{}
	cfg.ConnConfig.Tracer = log
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	db := postgres.NewBun(pool)
	defer db.Close()

	viewer, author, post := domain.UserID(uuid.New()), domain.UserID(uuid.New()), domain.PostID(uuid.New())
	deepAt, deepID := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), uuid.New()
	values := map[string]any{"viewer": uuid.UUID(viewer), "author": uuid.UUID(author), "post": uuid.UUID(post),
		"handle": "membro_000001", "deep_at": deepAt, "deep_id": deepID}
	postStore, profileStore := posts.NewPosts(db), profiles.NewProfiles(db)

	for _, c := range []struct {
		workload string
		floor    string // the floor's statement, after the session check
		read     func() error
	}{
		{"profile", sqlProfileView, func() error {
			_, _, err := profileStore.ViewByHandle(ctx, "membro_000001", viewer)
			return err
		}},
		{"feed_public_first", sqlPublicFeedPage, func() error {
			_, _, err := postStore.Chronological(ctx, viewer, nil, 50)
			return err
		}},
		{"feed_public_deep", sqlPublicFeedDeepPage, func() error {
			_, _, err := postStore.Chronological(ctx, viewer, &postsapp.ChronoCursor{CreatedAt: deepAt, ID: domain.PostID(deepID)}, 50)
			return err
		}},
		{"following", sqlFollowingPage, func() error {
			_, _, err := postStore.Following(ctx, viewer, nil, 50)
			return err
		}},
		{"author_posts", sqlAuthorByHandle + sqlAuthorPostsPage, func() error {
			_, _ = postStore.AuthorByHandle(ctx, "membro_000001")
			_, err := postStore.ByAuthor(ctx, viewer, author, nil, 50)
			return err
		}},
		{"item", sqlItem, func() error {
			_, err := postStore.Item(ctx, post, viewer)
			return err
		}},
	} {
		t.Run(c.workload, func(t *testing.T) {
			sent := log.during(t, c.read)
			floors := strings.Split(strings.TrimSuffix(strings.TrimSpace(c.floor), ";"), ";")
			if len(sent) != len(floors) {
				t.Fatalf("the server sent %d statements, the floor has %d", len(sent), len(floors))
			}
			for i, st := range sent {
				server, names := serverStatement(st, values)
				if got, want := shape(server), shape(floors[i]); got != want {
					t.Errorf("statement %d of the floor is not the server's:\nserver: %s\nfloor:  %s", i+1, got, want)
				}
				if want := floorPlaceholders(floors[i]); !slices.Equal(names, want) {
					t.Errorf("statement %d: the server's values stand for %v, the floor's placeholders are %v", i+1, names, want)
				}
			}
		})
	}
}
