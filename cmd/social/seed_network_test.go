package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"social/kit/demo"
	at "social/tests/testkit/apptest"
)

// networkCounts are the demo network's sizes the test expects at least, and
// the row counts a second run must leave as they are.
var networkCounts = []struct {
	query string
	least int
}{
	{`SELECT count(*) FROM profiles`, len(demo.Roster)},
	{`SELECT count(*) FROM profiles WHERE avatar_path IS NOT NULL`, len(demo.Roster)},
	{`SELECT count(DISTINCT avatar_path) FROM profiles`, len(demo.Roster)},
	{`SELECT count(*) FROM profiles WHERE is_verified`, 3},
	{`SELECT count(*) FROM accounts WHERE role = 'moderator'`, 1},
	{`SELECT count(*) FROM follows`, 200},
	{`SELECT count(*) FROM posts`, 200},
	{`SELECT count(*) FROM posts WHERE type = 'image'`, 20},
	{`SELECT count(*) FROM posts WHERE visibility = 'friends_only'`, 3},
	{`SELECT count(*) FROM posts WHERE text_content LIKE '%https://%'`, 5},
	{`SELECT count(*) FROM likes`, 300},
	{`SELECT count(*) FROM comments`, 100},
	{`SELECT count(*) FROM post_hashtags`, 100},
	{`SELECT count(*) FROM reports WHERE status = 'open'`, 3},
	{`SELECT count(*) FROM audit_log`, 5},
	{`SELECT count(*) FROM notifications n JOIN accounts a ON a.id = n.recipient_id
		WHERE a.email = '` + demo.MemberEmail + `' AND NOT n.is_read`, 10},
	{`SELECT count(*) FROM timelines`, 1000},
	{`SELECT count(*) FROM search_documents`, 200},
	{`SELECT count(*) FROM communities`, 4},
	{`SELECT count(DISTINCT avatar_path) FROM communities WHERE avatar_path LIKE 'communities/%/avatar-%.jpg'`, 4},
	{`SELECT count(*) FROM community_members WHERE status = 'pending'`, 3},
	{`SELECT count(DISTINCT role) FROM community_members`, 3},
	{`SELECT count(*) FROM posts WHERE audience_id IS NOT NULL`, 8},
	{`SELECT count(*) FROM listening_rooms WHERE is_active AND participant_count > 0`, 2},
	{`SELECT count(*) FROM listening_messages`, 6},
	{`SELECT count(*) FROM stories WHERE expires_at > now()`, 5},
	{`SELECT count(*) FROM conversation_members WHERE unread_count > 0`, 2},
}

// Every counter of the schema equals the rows it counts.
var counterChecks = []string{
	`SELECT count(*) FROM profiles p WHERE post_count <> (SELECT count(*) FROM posts WHERE author_id = p.id AND audience_id IS NULL)
		OR follower_count <> (SELECT count(*) FROM follows WHERE following_id = p.id)
		OR following_count <> (SELECT count(*) FROM follows WHERE follower_id = p.id)`,
	`SELECT count(*) FROM posts p WHERE like_count <> (SELECT count(*) FROM likes WHERE post_id = p.id)
		OR comment_count <> (SELECT count(*) FROM comments WHERE post_id = p.id)`,
	`SELECT count(*) FROM hashtags h WHERE usage_count <> (SELECT count(*) FROM post_hashtags WHERE hashtag_id = h.id)`,
	`SELECT count(*) FROM communities c WHERE member_count <>
		(SELECT count(*) FROM community_members WHERE community_id = c.id AND status = 'approved')`,
	`SELECT count(*) FROM listening_rooms r WHERE participant_count <> (SELECT count(*) FROM listening_participants WHERE room_id = r.id)`,
	`SELECT count(*) FROM stories s WHERE view_count <> (SELECT count(*) FROM story_views WHERE story_id = s.id)`,
	`SELECT count(*) FROM conversation_members m WHERE unread_count <> (SELECT count(*) FROM direct_messages d
		WHERE d.conversation_id = m.conversation_id AND d.sender_id = m.peer_id
		AND (m.last_read_at IS NULL OR (d.created_at, d.id) > (m.last_read_at, m.last_read_id)))`,
	// Reactions come after what they react to, and nothing is in the future.
	`SELECT count(*) FROM likes l JOIN posts p ON p.id = l.post_id WHERE l.created_at < p.created_at OR l.created_at > now()`,
	`SELECT count(*) FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.created_at < p.created_at OR c.created_at > now()`,
	// Every 'Seguindo' timeline holds its member's and followees' posts.
	// (A community's posts are on its page alone.)
	`SELECT count(*) FROM posts p JOIN follows f ON f.following_id = p.author_id
		WHERE p.audience_id IS NULL AND NOT EXISTS (SELECT 1 FROM timelines t WHERE t.member_id = f.follower_id AND t.post_id = p.id)`,
}

func TestSeedDemoNetwork(t *testing.T) {
	app := at.Start(t, nil)
	// Run as a process of the plain binary: the seed draws and encodes
	// every picture, which the race detector slows past a minute
	// (drawAll's goroutines have their own race-checked test).
	bin := buildBinary(t)
	dataDir := t.TempDir()
	seed := func() (string, error) {
		cmd := exec.Command(bin, "seed-demo")
		// Media and the search index go under the data folder: a throwaway
		// one, whatever relative path the configuration resolves.
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "SOCIAL_DATABASE_URL="+app.Config.Database.URL, "SOCIAL_AUTH_JWT_SECRET="+at.Secret,
			"SOCIAL_DATA_DIR="+dataDir, "SOCIAL_SEARCH_DRIVER=postgres")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := seed()
	if err != nil || !strings.Contains(out, "demo network: 41 members") || !strings.Contains(out, demo.MemberPassword) ||
		!strings.Contains(out, fmt.Sprintf("posts: %[1]d/%[1]d (100%%, ", len(demo.NewPlan(time.Now()).Posts))) {
		t.Fatalf("seed-demo: %v\n%s", err, out)
	}
	before := make([]int, len(networkCounts))
	for i, c := range networkCounts {
		if before[i] = queryInt(t, app, c.query); before[i] < c.least {
			t.Errorf("%s = %d, want at least %d", c.query, before[i], c.least)
		}
	}
	for _, q := range counterChecks {
		if n := queryInt(t, app, q); n != 0 {
			t.Errorf("%s = %d rows off", q, n)
		}
	}
	// No text is written under two authors, and every comment on a demo
	// post answers the post's topic and kind.
	if n := queryInt(t, app, `SELECT count(*) FROM (SELECT text_content FROM posts WHERE text_content <> ''
		GROUP BY text_content HAVING count(DISTINCT author_id) > 1) shared`); n != 0 {
		t.Errorf("%d post texts under more than one author", n)
	}
	var pairs []struct {
		Post    string `bun:"post"`
		Comment string `bun:"comment"`
	}
	if err := app.DB.NewRaw(`SELECT p.text_content AS post, c.text_content AS comment FROM comments c
		JOIN posts p ON p.id = c.post_id`).Scan(context.Background(), &pairs); err != nil {
		t.Fatal(err)
	}
	onTopic := 0
	for _, pc := range pairs {
		if l, ok := demo.LineOf(pc.Post); ok {
			if !slices.Contains(demo.AnswersTo(l.Topic, l.Kind), pc.Comment) {
				t.Errorf("comment %q on %q (%s/%s)", pc.Comment, pc.Post, l.Topic, l.Kind)
			}
			onTopic++
		}
	}
	if onTopic < 100 {
		t.Errorf("%d comments on the week's posts, want at least 100", onTopic)
	}
	// The demo member signs in with the printed password.
	if s := app.Client().SignIn(demo.MemberEmail, demo.MemberPassword); s.User.Handle != demo.MemberHandle {
		t.Fatalf("demo sign-in: %+v", s.User)
	}
	// So does the dev admin, whose password is shown on this first run
	// only, in the block that ends the output.
	if !strings.HasSuffix(strings.TrimSpace(out), welcomeRule) {
		t.Fatalf("seed-demo does not end with the welcome block:\n%s", out)
	}
	match := regexp.MustCompile(`Administração em \S+\n    e-mail  (\S+)\n    senha   (\S+)   \(mostrada só desta vez`).FindStringSubmatch(out)
	if match == nil || match[1] != DevAdminEmail {
		t.Fatalf("seed-demo printed no dev admin:\n%s", out)
	}
	if s := app.Client().SignIn(DevAdminEmail, match[2]); s.User.Role != "admin" {
		t.Fatalf("dev admin role %q", s.User.Role)
	}

	out, err = seed()
	if err != nil || !strings.Contains(out, "Nothing changed: the demo data was already there.") {
		t.Fatalf("second seed-demo: %v\n%s", err, out)
	}
	if strings.Contains(out, match[2]) || !strings.Contains(out, "senha   a mostrada quando a conta foi criada") {
		t.Errorf("a second seed-demo showed the dev admin's password again:\n%s", out)
	}
	for i, c := range networkCounts {
		if n := queryInt(t, app, c.query); n != before[i] {
			t.Errorf("after a second run %s = %d, was %d", c.query, n, before[i])
		}
	}
}
