package httpapi_test

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	posts "social/features/posts/app"
	at "social/tests/testkit/apptest"
)

// Clearing a member's demo data takes the demo posts, communities (their
// picture files too) and rooms generated for them, and leaves what they
// wrote themselves: posts from before and after, a comment on a demo
// post's neighbour, a follow, a community of their own. Clearing again
// changes nothing.
func TestClearDemoData(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	at.ExpectProblem(t, app.Client().Do(http.MethodDelete, "/api/v1/demo-data", nil), http.StatusUnauthorized,
		posts.CodeUnauthenticated, "Você precisa estar logado para limpar dados.")

	ana.Do(http.MethodPost, "/api/v1/demo-data", nil).Expect(t, http.StatusOK)
	// What ana writes herself after the demo data: a post, a comment on
	// bia's post and one on a demo post, a follow, a community.
	own := create(t, ana, text("meu post de verdade #meu"))
	biaPost := create(t, bia, text("post da bia"))
	ana.Do(http.MethodPost, "/api/v1/posts/"+biaPost.ID+"/comments", map[string]string{"text_content": "comentário meu"}).
		Expect(t, http.StatusCreated)
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/communities", map[string]string{"name": "Comunidade da Ana", "privacy": "open"}).
		Expect(t, http.StatusCreated)
	count := func(q string) int {
		t.Helper()
		var n int
		if err := app.DB.NewRaw(q, ana.ID).Scan(context.Background(), &n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	if n := count(`SELECT count(*) FROM demo_rows WHERE member_id = ?`); n != 7 {
		t.Fatalf("demo rows after generating = %d, want 3 posts, 2 communities, 2 rooms", n)
	}
	// The demo communities have drawn pictures; ana's own has none.
	if n := count(`SELECT count(*) FROM communities WHERE owner_id = ? AND avatar_path LIKE 'communities/%/avatar-%.jpg'`); n != 2 {
		t.Fatalf("demo communities with a picture = %d", n)
	}
	var pictures []struct {
		ID   string `bun:"id"`
		Path string `bun:"avatar_path"`
	}
	if err := app.DB.NewRaw(`SELECT id, avatar_path FROM communities WHERE owner_id = ? AND avatar_path IS NOT NULL
		ORDER BY name`, ana.ID).Scan(context.Background(), &pictures); err != nil || len(pictures) != 2 {
		t.Fatalf("pictures %+v: %v", pictures, err)
	}
	onDisk := func(key string) bool {
		_, err := os.Stat(filepath.Join(app.Config.Storage.Disk.Dir, filepath.FromSlash(key)))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		return err == nil
	}
	// The file goes once the deletion's job ran, after the commit.
	goneFromDisk := func(key string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); onDisk(key); time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s still on disk", key)
			}
		}
	}
	for _, p := range pictures {
		if !onDisk(p.Path) {
			t.Fatalf("%s not on disk", p.Path)
		}
	}
	// The owner deletes one demo community herself: its picture goes with
	// it, as the clearing's does below.
	ana.Do(http.MethodDelete, "/api/v1/communities/"+pictures[0].ID, nil).Expect(t, http.StatusNoContent)
	goneFromDisk(pictures[0].Path)

	var c struct {
		Posts   int    `json:"posts"`
		Message string `json:"message"`
	}
	ana.Do(http.MethodDelete, "/api/v1/demo-data", nil).Expect(t, http.StatusOK).JSON(t, &c)
	if c.Posts != 3 || c.Message != "Dados de demonstração removidos." {
		t.Fatalf("cleared = %+v", c)
	}
	checks := []struct {
		query string
		want  int
	}{
		{`SELECT count(*) FROM demo_rows WHERE member_id = ?`, 0},
		{`SELECT count(*) FROM posts WHERE author_id = ?`, 1},
		{`SELECT post_count FROM profiles WHERE id = ?`, 1},
		{`SELECT count(*) FROM comments WHERE author_id = ?`, 1},
		{`SELECT count(*) FROM follows WHERE follower_id = ?`, 1},
		{`SELECT count(*) FROM communities WHERE owner_id = ?`, 1},
		{`SELECT count(*) FROM listening_rooms WHERE host_id = ?`, 0},
	}
	for _, ck := range checks {
		if n := count(ck.query); n != ck.want {
			t.Errorf("%s = %d, want %d", ck.query, n, ck.want)
		}
	}
	goneFromDisk(pictures[1].Path)
	// The demo posts' hashtags no longer count them.
	if usage(t, app, "bomdia") != 0 || usage(t, app, "leitura") != 0 || usage(t, app, "meu") != 1 {
		t.Errorf("hashtag usage after clearing: bomdia %d, leitura %d", usage(t, app, "bomdia"), usage(t, app, "leitura"))
	}
	if feed := readFeed(t, bia, "chronological", 50); len(feed) != 2 || feed[0].ID != biaPost.ID || feed[1].ID != own.ID {
		t.Errorf("feed after clearing = %+v", feed)
	}

	// Clearing twice is fine and finds nothing.
	ana.Do(http.MethodDelete, "/api/v1/demo-data", nil).Expect(t, http.StatusOK).JSON(t, &c)
	if c.Posts != 0 || count(`SELECT count(*) FROM posts WHERE author_id = ?`) != 1 {
		t.Fatalf("second clearing = %+v", c)
	}
}
