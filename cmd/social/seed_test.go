package main

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"social/bench/bulkseed"
	at "social/tests/testkit/apptest"
)

func TestSeedDemoForMember(t *testing.T) {
	app := at.Start(t, nil)
	ana := app.Member("ana")
	useAppDatabase(t, app)
	out, err := runCLI(t, "seed-demo", "--for", strings.ToUpper(ana.Email))
	if err != nil || !strings.Contains(out, "3 demo posts created") ||
		!strings.Contains(out, "communities: 2 demo communities created (Café e Código, Trilhas e Natureza)") ||
		!strings.Contains(out, "rooms: 2 demo rooms opened (Jazz ao Vivo, Sessão Acústica)") {
		t.Fatalf("seed-demo: %v\n%s", err, out)
	}
	out, err = runCLI(t, "seed-demo", "--for", ana.Email)
	if err != nil || !strings.Contains(out, "already has posts") {
		t.Fatalf("second seed-demo: %v\n%s", err, out)
	}
	var n int
	if err := app.DB.NewRaw("SELECT post_count FROM profiles WHERE id = ?", ana.ID).Scan(context.Background(), &n); err != nil || n != 3 {
		t.Fatalf("post_count = %d, %v", n, err)
	}
	if err := app.DB.NewRaw("SELECT count(*) FROM communities WHERE owner_id = ?", ana.ID).Scan(context.Background(), &n); err != nil || n != 2 {
		t.Fatalf("demo communities = %d, %v", n, err)
	}
	if _, err := runCLI(t, "seed-demo", "--for", "ninguem@example.com"); err == nil || !strings.Contains(err.Error(), "no account") {
		t.Fatalf("unknown e-mail: %v", err)
	}
}

func TestSeedDemoBulk(t *testing.T) {
	app := at.Start(t, nil)
	ana := app.Member("ana") // someone already there: the load adds to, never touches, them
	ana.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Olá #bomdia"}).Expect(t, http.StatusCreated)
	useAppDatabase(t, app)

	if _, err := runCLI(t, "seed-demo", "--for", ana.Email, "--profiles", "5"); err == nil || exitCode(err) != 2 {
		t.Fatalf("--for with --profiles: %v", err)
	}
	if _, err := runCLI(t, "seed-demo", "--posts", "5"); err == nil || exitCode(err) != 2 {
		t.Fatalf("--posts without --profiles: %v", err)
	}
	out, err := runCLI(t, "seed-demo", "--profiles", "50", "--posts", "300", "--follows-per-profile", "5", "--seed", "7")
	if err != nil || !strings.Contains(out, "bulk: 50 members, 300 posts, ") {
		t.Fatalf("bulk seed: %v\n%s", err, out)
	}
	if !strings.Contains(out, "perfis: 50/50 (100%, ") || !strings.Contains(out, "posts: 150/300 (50%, ") {
		t.Fatalf("progress lines:\n%s", out)
	}

	for q, want := range map[string]int{
		`SELECT count(*) FROM profiles WHERE handle LIKE 'membro\_%'`:                                            50,
		`SELECT count(*) FROM accounts WHERE email LIKE 'membro\_%@exemplo.com.br' AND confirmed_at IS NOT NULL`: 50,
		`SELECT count(*) FROM posts p JOIN profiles a ON a.id = p.author_id WHERE a.handle LIKE 'membro\_%'`:     300,
		`SELECT count(*) FROM follows WHERE follower_id = following_id`:                                          0,
		`SELECT count(*) - count(DISTINCT (follower_id, following_id)) FROM follows`:                             0,
		// Every other bulk member follows the first one, the network's
		// largest fan-out.
		`SELECT follower_count FROM profiles WHERE handle = 'membro_000001'`: 49,
		// Everyone follows someone.
		`SELECT count(*) FROM profiles WHERE handle LIKE 'membro\_%' AND following_count = 0`:                                            0,
		`SELECT count(*) FROM posts p WHERE comment_count <> (SELECT count(*) FROM comments WHERE post_id = p.id)`:                       0,
		`SELECT count(*) FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.created_at < p.created_at OR p.visibility <> 'public'`: 0,
		// Counters equal rows, for everyone (ana included).
		`SELECT count(*) FROM profiles p WHERE post_count <> (SELECT count(*) FROM posts WHERE author_id = p.id)
			OR follower_count <> (SELECT count(*) FROM follows WHERE following_id = p.id)
			OR following_count <> (SELECT count(*) FROM follows WHERE follower_id = p.id)`: 0,
		`SELECT count(*) FROM posts p WHERE like_count <> (SELECT count(*) FROM likes WHERE post_id = p.id)`:                0,
		`SELECT count(*) FROM hashtags h WHERE usage_count <> (SELECT count(*) FROM post_hashtags WHERE hashtag_id = h.id)`: 0,
		`SELECT count(*) FROM posts WHERE char_length(text_content) > 280`:                                                  0,
		// Every bulk member's 'Seguindo' timeline holds the newest of their
		// own posts and their followees', up to the bulk depth (200).
		`SELECT count(*) FROM profiles m WHERE m.handle LIKE 'membro\_%' AND (SELECT count(*) FROM timelines WHERE member_id = m.id) <>
			least(200, (SELECT count(*) FROM posts WHERE author_id = m.id OR author_id IN (SELECT following_id FROM follows WHERE follower_id = m.id)))`: 0,
		`SELECT count(*) FROM timelines t WHERE EXISTS (SELECT 1 FROM posts p WHERE p.created_at > t.created_at
			AND (p.author_id = t.member_id OR p.author_id IN (SELECT following_id FROM follows WHERE follower_id = t.member_id))
			AND NOT EXISTS (SELECT 1 FROM timelines t2 WHERE t2.member_id = t.member_id AND t2.post_id = p.id))`: 0,
		`SELECT count(*) FROM likes l JOIN posts p ON p.id = l.post_id WHERE l.created_at < p.created_at`: 0,
	} {
		if got := queryInt(t, app, q); got != want {
			t.Errorf("%s = %d, want %d", q, got, want)
		}
	}
	// The follow graph is skewed around an average of 5 per member.
	follows := queryInt(t, app, `SELECT count(*) FROM follows`)
	spread := queryInt(t, app, `SELECT max(following_count) - min(following_count) FROM profiles WHERE handle LIKE 'membro\_%'`)
	if follows < 150 || follows > 400 || spread < 5 {
		t.Errorf("follows %d (average 5 per member wanted), spread of follows per member %d", follows, spread)
	}
	if comments := queryInt(t, app, `SELECT count(*) FROM comments`); comments < 20 {
		t.Errorf("comments %d", comments)
	}
	friends := queryInt(t, app, `SELECT count(*) FROM posts WHERE visibility = 'friends_only'`)
	tagged := queryInt(t, app, `SELECT count(DISTINCT post_id) FROM post_hashtags`)
	linked := queryInt(t, app, `SELECT count(*) FROM posts WHERE text_content LIKE '%https://%'`)
	likes := queryInt(t, app, `SELECT count(*) FROM likes`)
	if friends < 10 || friends > 60 || tagged < 100 || linked < 10 || likes < 100 {
		t.Errorf("friends_only %d, tagged %d, with link %d, likes %d", friends, tagged, linked, likes)
	}
	if n := queryInt(t, app, `SELECT usage_count FROM hashtags WHERE tag = 'bomdia'`); n < 2 {
		t.Errorf("#bomdia usage %d: ana's post plus bulk posts", n)
	}

	// Bulk members sign in with the documented password.
	s := app.Client().SignIn("membro_000017@exemplo.com.br", bulkseed.Password)
	if s.User.Handle != "membro_000017" || s.AccessToken == "" {
		t.Fatalf("sign-in: %+v", s.User)
	}

	_, err = runCLI(t, "seed-demo", "--profiles", "50", "--posts", "300", "--follows-per-profile", "5")
	if err == nil || !strings.Contains(err.Error(), "already exist") {
		t.Fatalf("second bulk seed: %v", err)
	}
	if n := queryInt(t, app, `SELECT count(*) FROM profiles`); n != 51 {
		t.Fatalf("profiles after refused run = %d", n)
	}
}
