package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"social/bench/floor"
	"social/bench/load"
)

// workload is one line of the table: an endpoint driven over HTTP and
// the floors it is compared with.
type workload struct {
	Name   string
	Title  string
	Target string
	Bound  time.Duration
	Op     load.Op
	Floors []floorSpec
	// Versus, when set, is what the workload is compared with instead of
	// pgbench floors: the same request measured first, before Setup.
	Versus *versusSpec
}

// versusSpec measures a request twice in one run: as it is, then after
// Setup changed the data it reads (Teardown undoes it). The row's ratio is
// the second peak over the first, as an API's over its floor.
type versusSpec struct {
	Name            string
	Setup, Teardown func(ctx context.Context) error
}

// floorSpec is one pgbench run to compare with.
type floorSpec struct {
	Name    string
	Scripts []floor.Script
}

// fixture is what the workloads draw from: signed-in members by group,
// sampled public posts, the deep cursor.
type fixture struct {
	profiles int
	viewers  map[string][]viewer // "all", "few" (follow few), "many" (follow many), "top" (most followed)
	// topFollowers is how many follow the "top" viewer.
	topFollowers int
	posts        []string // sampled public post IDs (bench_posts, n = index + 1)
	deepCursor   string
	sql          sqlParams
	seq          atomic.Int64 // unique words for created posts
}

func (f *fixture) pick(grp string, i int) viewer {
	vs := f.viewers[grp]
	return vs[rand.IntN(len(vs))]
}

// searchWords are words of the generated posts (pt-BR, some with
// accents, matched folded) and handle prefixes.
var (
	searchPostWords   = []string{"café", "trilha", "praia", "feijoada", "violão"}
	searchHandleWords = []string{"membro_0001", "membro_00042", "membro_0007", "membro_00123", "membro_0002"}
)

// workloads are every HTTP workload but realtime, in table order; search
// ones name the adapter the server runs with.
func (f *fixture) workloads(c *client, searchDriver string) []workload {
	get := func(grp string, path func() string) load.Op {
		return func(ctx context.Context, i int) error {
			return c.Do(ctx, f.pick(grp, i).Token, http.MethodGet, path(), nil, nil)
		}
	}
	randomHandle := func() string { return handle(1 + rand.IntN(f.profiles)) }
	p := f.sql
	following := func(grp string) load.Op {
		return get(grp, func() string { return "/feed?algorithm=following" })
	}
	create := f.createOp(c)
	authorPosts := get("all", func() string { return "/profiles/" + randomHandle() + "/posts" })
	mixed := func(ctx context.Context, i int) error {
		switch r := rand.IntN(10); {
		case r < 6:
			return following("all")(ctx, i)
		case r < 9:
			return authorPosts(ctx, i)
		default:
			return create(ctx, i)
		}
	}
	search := func(words []string) load.Op {
		return get("all", func() string { return "/search?q=" + url.QueryEscape(words[rand.IntN(len(words))]) })
	}
	searchScripts := func(words []string) []floor.Script {
		var out []floor.Script
		for i, w := range words {
			out = append(out, p.script(fmt.Sprintf("search_%d", i), "all", sqlSearch(w), 1))
		}
		return out
	}
	// A handle is searched while it is typed, so its target is tighter
	// than the other reads'.
	const read, write, typing = 20 * time.Millisecond, 50 * time.Millisecond, 10 * time.Millisecond
	if searchDriver != "" {
		return []workload{
			{Name: "search_handles_" + searchDriver, Title: "Busca: handles (" + searchDriver + ")", Bound: typing,
				Target: "p99 <= 10 ms", Op: search(searchHandleWords),
				Floors: []floorSpec{{"trigram + tsvector SQL", searchScripts(searchHandleWords)}}},
			{Name: "search_posts_" + searchDriver, Title: "Busca: texto dos posts (" + searchDriver + ")", Bound: read,
				Target: "p99 <= 20 ms", Op: search(searchPostWords),
				Floors: []floorSpec{{"tsvector SQL", searchScripts(searchPostWords)}}},
		}
	}
	mutedViewer := f.viewers["all"][0]
	return []workload{
		{Name: "profile", Title: "Perfil por handle", Bound: read, Target: ">= 0.7x floor, p99 <= 20 ms",
			Op:     get("all", func() string { return "/profiles/" + randomHandle() }),
			Floors: []floorSpec{{"same SQL", []floor.Script{p.script("profile", "all", sqlProfile, 1)}}}},
		{Name: "feed_public_first", Title: "Feed público, 1a página", Bound: read, Target: ">= 0.7x floor, p99 <= 20 ms",
			Op:     get("all", func() string { return "/feed?algorithm=chronological" }),
			Floors: []floorSpec{{"same SQL", []floor.Script{p.script("feed_first", "all", sqlPublicFeed, 1)}}}},
		{Name: "feed_public_deep", Title: "Feed público, página profunda", Bound: read, Target: ">= 0.7x floor, p99 <= 20 ms",
			Op: get("all", func() string {
				return "/feed?algorithm=chronological&cursor=" + url.QueryEscape(f.deepCursor)
			}),
			Floors: []floorSpec{{"same SQL", []floor.Script{p.script("feed_deep", "all", sqlDeepFeed, 1)}}}},
		{Name: "feed_muted_words", Title: "Feed público com 100 palavras silenciadas", Bound: read,
			Target: "<= 1.5x slower: >= 0.67x the same member without them",
			Op: func(ctx context.Context, _ int) error {
				return c.Do(ctx, mutedViewer.Token, http.MethodGet, "/feed?algorithm=chronological", nil, nil)
			},
			Versus: &versusSpec{Name: "same member, no muted words",
				Setup:    func(ctx context.Context) error { return c.muteWords(ctx, mutedViewer, MutedWordsOfMaxLength()) },
				Teardown: func(ctx context.Context) error { return c.muteWords(ctx, mutedViewer, nil) }}},
		{Name: "following_few", Title: "Seguindo (segue poucos)", Bound: read,
			Target: ">= 0.6x fan-out SQL, >= 10x read-time", Op: following("few"),
			Floors: []floorSpec{{"fan-out SQL", []floor.Script{p.script("following_few", "few", sqlFollowing, 1)}},
				{"read-time SQL", []floor.Script{p.script("following_few_rt", "few", sqlFollowingReadTime, 1)}}}},
		{Name: "following_many", Title: "Seguindo (segue muitos)", Bound: read,
			Target: ">= 0.6x fan-out SQL, >= 10x read-time", Op: following("many"),
			Floors: []floorSpec{{"fan-out SQL", []floor.Script{p.script("following_many", "many", sqlFollowing, 1)}},
				{"read-time SQL", []floor.Script{p.script("following_many_rt", "many", sqlFollowingReadTime, 1)}}}},
		{Name: "mastodon_home", Title: "API Mastodon: linha do tempo inicial (token de app)", Bound: read,
			Target: ">= 0.6x floor", Op: func(ctx context.Context, i int) error {
				return c.Do(ctx, f.pick("all", i).AppToken, http.MethodGet,
					fmt.Sprintf("/timelines/home?limit=%d", mastodonPageSize), nil, nil)
			},
			Floors: []floorSpec{{"token + page SQL", []floor.Script{p.script("mastodon_home", "all", sqlMastodonHome, 1)}}}},
		{Name: "create_post", Title: "Criar post (hashtags, menção, link)", Bound: write,
			Target: ">= 0.6x same transaction", Op: create,
			Floors: []floorSpec{{"same transaction", []floor.Script{p.script("create", "all", sqlCreate, 1)}}}},
		{Name: "like_toggle", Title: "Curtir / descurtir", Bound: write, Target: ">= 0.6x floor, p99 <= 20 ms",
			Op:     f.likeOp(c),
			Floors: []floorSpec{{"same SQL", []floor.Script{p.script("like", "all", sqlLikeToggle, 1)}}}},
		{Name: "mixed", Title: "Misto 60/30/10 (DeathStarBench)", Bound: write, Target: ">= 0.6x floor", Op: mixed,
			Floors: []floorSpec{{"same SQL, same mix", []floor.Script{
				p.script("mixed_following", "all", sqlFollowing, 6),
				p.script("mixed_author", "all", sqlAuthorPosts, 3),
				p.script("mixed_create", "all", sqlCreate, 1)}}}},
	}
}

// postText is a new post with two hashtags, a mention, a link and a word
// no other post has (so search can tell when it is indexed).
func (f *fixture) postText(word string) string {
	return fmt.Sprintf("Testando o desempenho %s com @%s https://exemplo.com.br/bench #golang #cafe",
		word, handle(1+rand.IntN(f.profiles)))
}

// uniqueWord is a made-up word for the n-th created post.
func uniqueWord(n int64) string { return fmt.Sprintf("bq%dzx", n) }

func (f *fixture) createOp(c *client) load.Op {
	return func(ctx context.Context, i int) error {
		v := f.pick("all", i)
		return c.Do(ctx, v.Token, http.MethodPost, "/posts",
			map[string]string{"text_content": f.postText(uniqueWord(f.seq.Add(1)))}, nil)
	}
}

func (f *fixture) likeOp(c *client) load.Op {
	return func(ctx context.Context, i int) error {
		v := f.pick("all", i)
		method := http.MethodPut
		if rand.IntN(2) == 0 {
			method = http.MethodDelete
		}
		return c.Do(ctx, v.Token, method, "/posts/"+f.posts[rand.IntN(len(f.posts))]+"/like", nil, nil)
	}
}

// MutedWordsOfMaxLength is 100 distinct muted words of 100 characters, the
// most a member may have, made of pt-BR words in an order no post has.
func MutedWordsOfMaxLength() []string {
	starts := []string{"futebol", "novela", "eleição", "política", "spoiler", "café", "praia", "trilha", "violão", "feijoada"}
	filler := []rune(" sem contar a reprise de ontem à noite na televisão aberta do interior e da capital paulista ")
	words := make([]string, 100)
	for i := range words {
		w := []rune(fmt.Sprintf("%s %03d", starts[i%len(starts)], i))
		for j := 0; len(w) < 100; j++ {
			w = append(w, filler[j%len(filler)])
		}
		w[99] = 'x' // never a space at the end
		words[i] = string(w)
	}
	return words
}

// muteWords makes words v's muted words: it removes those v has, then
// mutes each of words for ever.
func (c *client) muteWords(ctx context.Context, v viewer, words []string) error {
	var list struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if err := c.Do(ctx, v.Token, http.MethodGet, "/safety/muted-words", nil, &list); err != nil {
		return err
	}
	for _, w := range list.Items {
		if err := c.Do(ctx, v.Token, http.MethodDelete, "/safety/muted-words/"+w.ID, nil, nil); err != nil {
			return err
		}
	}
	for _, w := range words {
		if err := c.Do(ctx, v.Token, http.MethodPost, "/safety/muted-words",
			map[string]string{"word": w, "duration": "forever"}, nil); err != nil {
			return fmt.Errorf("mute %q: %w", w, err)
		}
	}
	return nil
}
