package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

// feedPages walks a feed page by page (limit a page) and answers every
// item and the number of pages; a cursor seen twice or more pages than
// items could need fail the test.
func feedPages(t *testing.T, m *at.Member, algorithm string, limit int) (items []string, pages int) {
	t.Helper()
	seen := map[string]bool{}
	cursor := ""
	for {
		var page struct {
			Items      []idOnly `json:"items"`
			NextCursor *string  `json:"next_cursor"`
		}
		m.Do(http.MethodGet, fmt.Sprintf("/api/v1/feed?algorithm=%s&limit=%d&cursor=%s", algorithm, limit,
			url.QueryEscape(cursor)), nil).Expect(t, http.StatusOK).JSON(t, &page)
		pages++
		if len(page.Items) > limit {
			t.Fatalf("%s: a page of %d items, limit %d", algorithm, len(page.Items), limit)
		}
		for _, it := range page.Items {
			items = append(items, it.ID)
		}
		if page.NextCursor == nil {
			return items, pages
		}
		if seen[*page.NextCursor] || pages > 100 {
			t.Fatalf("%s: the cursor %q came back, page %d", algorithm, *page.NextCursor, pages)
		}
		seen[*page.NextCursor] = true
		cursor = *page.NextCursor
	}
}

// A muted word hides a post in every form it is written in (case, accents,
// a hashtag, punctuation around it) from the public feeds, 'Seguindo',
// comments and notifications, and from the unread count; a longer word
// that merely starts with it, and what other members read, stay.
func TestMutedWordHidesEveryFormEverywhere(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)
	muteWord(t, ana, "Eleição", "forever")

	var hidden []string
	for _, text := range []string{"@ana a ELEIÇÃO de hoje", "@ana #eleicao", "@ana eleição!", "@ana (Eleicao)",
		"@ana hoje tem eleição-geral", "@ana eleição"} {
		hidden = append(hidden, bia.NewPost(t, text, ""))
	}
	shown := []string{bia.NewPost(t, "@ana as eleições de hoje", ""), bia.NewPost(t, "@ana reeleição", ""), bia.NewPost(t, "@ana #eleicao2026", "")}
	anaPost := ana.NewPost(t, "post da ana", "")
	hiddenComment := comment(t, bia, anaPost, "e a ELEIÇÃO?")
	shownComment := comment(t, bia, anaPost, "e as eleições?")

	eventually(t, "bia's posts in ana's 'Seguindo'", func() bool {
		got, _ := feedPages(t, ana, "following", 50)
		return slices.Contains(got, shown[0]) && slices.Contains(got, anaPost)
	})
	for _, algorithm := range []string{"chronological", "ranked", "following"} {
		got := ana.ListIDs(t, "/api/v1/feed?algorithm="+algorithm)
		for _, id := range hidden {
			if slices.Contains(got, id) {
				t.Errorf("%s: a post with the muted word is shown: %s", algorithm, id)
			}
		}
		for _, id := range shown {
			if !slices.Contains(got, id) {
				t.Errorf("%s: a post without the muted word is hidden: %s", algorithm, id)
			}
		}
		if all := bia.ListIDs(t, "/api/v1/feed?algorithm="+algorithm); !slices.Contains(all, hidden[0]) {
			t.Errorf("%s: bia, who mutes nothing, misses %s", algorithm, hidden[0])
		}
	}
	if got := ana.ListIDs(t, "/api/v1/posts/"+anaPost+"/comments"); slices.Contains(got, hiddenComment) || !slices.Contains(got, shownComment) {
		t.Fatalf("comments = %v", got)
	}
	// Mentions in the nine posts and the two comments: what the word hides
	// is neither listed nor counted.
	list := notifications(t, ana)
	if len(list) != 4 {
		t.Fatalf("ana's notifications = %+v, want the 3 mentions and the comment without the word", list)
	}
	for _, n := range list {
		if n.Message != nil && slices.Contains(hidden, *n.Message) {
			t.Fatalf("a notification with the word: %+v", n)
		}
	}
	if n := unread(t, ana); n != 4 {
		t.Fatalf("unread = %d, want 4", n)
	}
	if n := unread(t, bia); n != 1 {
		t.Fatalf("bia's unread = %d, want ana's follow", n)
	}
}

// When muted words hide a whole page and more, the feeds, 'Seguindo' and a
// thread still reach what lies beyond: every page comes with a cursor that
// moves on, and the last one has none.
func TestMutedWordsHidingWholePages(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)
	muteWord(t, ana, "spoiler", "forever")
	ctx := context.Background()
	base := time.Now().Add(-time.Hour)
	// bia's posts, oldest first: 3 plain, then 40 with the word (more than
	// the five reads of five a page of five may look at), 1 plain, 7 with
	// the word: as ana reads them, newest first, 7 hidden, 1, 40 hidden, 3.
	var plain []string
	when := func(i int) time.Time { return base.Add(time.Duration(i) * time.Second) }
	insert := func(i int, text string) string {
		var id string
		if err := app.DB.NewRaw(`WITH p AS (INSERT INTO posts (id, author_id, text_content, created_at, updated_at)
			VALUES (gen_random_uuid(), ?, ?, ?, ?) RETURNING id, author_id, created_at),
			t AS (INSERT INTO timelines (member_id, post_id, author_id, created_at)
				SELECT ?, id, author_id, created_at FROM p)
			SELECT id FROM p`, bia.ID, text, when(i), when(i), ana.ID).Scan(ctx, &id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	i := 0
	for ; i < 3; i++ {
		plain = append(plain, insert(i, fmt.Sprintf("post %d sem nada", i)))
	}
	for ; i < 43; i++ {
		insert(i, fmt.Sprintf("post %d com SPOILER do final", i))
	}
	plain = append(plain, insert(i, "um post livre"))
	for i++; i < 51; i++ {
		insert(i, fmt.Sprintf("#spoiler %d", i))
	}
	slices.Reverse(plain)
	for _, algorithm := range []string{"chronological", "following"} {
		got, pages := feedPages(t, ana, algorithm, 5)
		if !slices.Equal(got, plain) {
			t.Fatalf("%s: ana read %v, want %v", algorithm, got, plain)
		}
		// Five reads of five a page at most: the 7 hidden, the free post
		// and 17 hidden; 23 hidden and 2 plain; the last plain one.
		if pages != 3 {
			t.Fatalf("%s: %d pages", algorithm, pages)
		}
		if all, _ := feedPages(t, bia, algorithm, 50); algorithm == "chronological" && len(all) != 51 {
			t.Fatalf("bia reads %d posts", len(all))
		}
	}

	// A thread of 60 comments with the word and 2 without, oldest last:
	// the page of 50 reads past the 60.
	anaPost := ana.NewPost(t, "post da ana", "")
	for i := range 62 {
		text := fmt.Sprintf("comentário %d com spoiler", i)
		if i >= 60 {
			text = fmt.Sprintf("comentário %d", i)
		}
		if _, err := app.DB.NewRaw(`INSERT INTO comments (id, post_id, author_id, text_content, created_at)
			VALUES (gen_random_uuid(), ?, ?, ?, ?)`, anaPost, bia.ID, text, when(100+i)).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	var page struct {
		Items []struct {
			Text string `json:"text_content"`
		} `json:"items"`
		NextCursor *string `json:"next_cursor"`
	}
	ana.Do(http.MethodGet, "/api/v1/posts/"+anaPost+"/comments", nil).Expect(t, http.StatusOK).JSON(t, &page)
	if len(page.Items) != 2 || page.Items[0].Text != "comentário 60" || page.NextCursor != nil {
		t.Fatalf("ana's thread = %+v", page)
	}

	// 60 notifications with the word, newer than 2 without: the list of
	// the newest 50 shows the 2, and the badge counts them alone.
	for i := range 62 {
		text := fmt.Sprintf("@ana %d spoiler", i)
		if i < 2 {
			text = fmt.Sprintf("@ana %d", i)
		}
		if _, err := app.DB.NewRaw(`WITH p AS (INSERT INTO posts (id, author_id, text_content, visibility, created_at, updated_at)
				VALUES (gen_random_uuid(), ?, ?, 'friends_only', ?, ?) RETURNING id)
			INSERT INTO notifications (id, recipient_id, sender_id, type, post_id, message, created_at)
			SELECT gen_random_uuid(), ?, ?, 'mention', p.id, ?, ? FROM p`, bia.ID, text, when(200+i), when(200+i),
			ana.ID, bia.ID, text, when(200+i)).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	list := notifications(t, ana)
	if len(list) != 2 || *list[0].Message != "@ana 1" {
		t.Fatalf("ana's notifications = %+v", list)
	}
	if n := unread(t, ana); n != 2 {
		t.Fatalf("unread = %d, want 2", n)
	}
}
