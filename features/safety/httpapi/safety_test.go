package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"social/config"
	"social/features/follows/followstest"
	"social/plugins/rooms"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type idOnly struct {
	ID string `json:"id"`
}

func comment(t *testing.T, m *at.Member, postID, text string) string {
	t.Helper()
	var c struct {
		Comment idOnly `json:"comment"`
		idOnly
	}
	r := m.Do(http.MethodPost, "/api/v1/posts/"+postID+"/comments", map[string]string{"text_content": text}).Expect(t, http.StatusCreated)
	r.JSON(t, &c)
	if c.ID != "" {
		return c.ID
	}
	return c.Comment.ID
}

func block(t *testing.T, m *at.Member, handle string) {
	t.Helper()
	var s struct{ Blocking bool }
	m.Do(http.MethodPost, "/api/v1/profiles/"+handle+"/block", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if !s.Blocking {
		t.Fatalf("%s blocks %s: %+v", m.Handle, handle, s)
	}
}

// eventually polls f until it holds, for the jobs (timelines, search)
// that run after a write.
func eventually(t *testing.T, what string, f func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !f() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A block ends the follows between the two in its own transaction (the
// counters fall with it), refuses new ones both ways, is listed once, and
// an unblock gives the ability back without the old follows. The HTTP
// answer of each kind of refusal is checked once; every branch of the
// rules is the use cases' unit tests.
func TestBlockEndsFollowsAndRefusesInteraction(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	at.ExpectProblem(t, app.Client().Do(http.MethodPost, "/api/v1/profiles/bia/block", nil), http.StatusUnauthorized,
		"unauthenticated", "Você precisa estar logado para bloquear ou silenciar membros.")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/profiles/ANA/block", nil), http.StatusUnprocessableEntity,
		"cannot_block_self", "Você não pode bloquear a si mesmo.")
	at.ExpectProblem(t, ana.Do(http.MethodDelete, "/api/v1/profiles/ninguem/block", nil), http.StatusNotFound,
		"profile_not_found", "Profile not found")
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	if f, g := followstest.Counts(t, app.DB, ana.ID); f != 1 || g != 1 {
		t.Fatalf("ana before: %d/%d", f, g)
	}
	biaPost := bia.NewPost(t, "post da bia antes do bloqueio", "")

	block(t, ana, "bia")
	block(t, ana, "BIA")
	for _, m := range []*at.Member{ana, bia} {
		if f, g := followstest.Counts(t, app.DB, m.ID); f != 0 || g != 0 {
			t.Fatalf("%s after block: %d/%d", m.Handle, f, g)
		}
	}
	if got := ana.ListIDs(t, "/api/v1/safety/blocks"); len(got) != 1 || got[0] != bia.ID {
		t.Fatalf("blocks = %v, want bia once", got)
	}
	blocked := "Não é possível interagir com este membro."
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil), http.StatusForbidden, "member_blocked", blocked)
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil), http.StatusForbidden, "member_blocked", blocked)
	anaPost := ana.NewPost(t, "post da ana depois do bloqueio", "")
	// Neither can reach the other's post to like or comment it.
	for _, try := range []struct {
		m    *at.Member
		post string
	}{{ana, biaPost}, {bia, anaPost}} {
		try.m.Do(http.MethodPut, "/api/v1/posts/"+try.post+"/like", nil).Expect(t, http.StatusNotFound)
		try.m.Do(http.MethodPost, "/api/v1/posts/"+try.post+"/comments", map[string]string{"text_content": "oi"}).Expect(t, http.StatusNotFound)
		try.m.Do(http.MethodGet, "/api/v1/posts/"+try.post, nil).Expect(t, http.StatusNotFound)
	}

	var s struct{ Blocking bool }
	ana.Do(http.MethodDelete, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if f, g := followstest.Counts(t, app.DB, ana.ID); f != 0 || g != 0 || s.Blocking {
		t.Fatalf("unblock restored follows: %d/%d, blocking %v", f, g, s.Blocking)
	}
	if got := ana.ListIDs(t, "/api/v1/safety/blocks"); len(got) != 0 {
		t.Fatalf("blocks after unblock = %v", got)
	}
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPut, "/api/v1/posts/"+anaPost+"/like", nil).Expect(t, http.StatusOK)
	if f, _ := followstest.Counts(t, app.DB, ana.ID); f != 1 {
		t.Fatalf("follow after unblock: %d", f)
	}
}

// Every read path leaves out the other member, whichever of the two
// blocked.
func TestBlockHidesEveryReadPathBothWays(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, cris := app.Member("ana"), app.Member("bia"), app.Member("cris")
	for _, blocker := range []*at.Member{ana, bia} {
		other := bia
		if blocker == bia {
			other = ana
		}
		t.Run(blocker.Handle+" blocks", func(t *testing.T) {
			// cris's post gets a comment from each; each mentions the other.
			thread := cris.NewPost(t, "fio da cris "+blocker.Handle, "")
			anaComment := comment(t, ana, thread, "comentário da ana")
			biaComment := comment(t, bia, thread, "comentário da bia")
			ana.Do(http.MethodPost, "/api/v1/profiles/cris/follow", nil).Expect(t, http.StatusOK)
			bia.Do(http.MethodPost, "/api/v1/profiles/cris/follow", nil).Expect(t, http.StatusOK)
			ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)
			bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
			anaPost := ana.NewPost(t, "post único da ana zebra"+blocker.Handle, "")
			biaPost := bia.NewPost(t, "post único da bia zebra"+blocker.Handle, "")
			eventually(t, "both follow feeds", func() bool {
				return slices.Contains(ana.ListIDs(t, "/api/v1/feed?algorithm=following"), biaPost) &&
					slices.Contains(bia.ListIDs(t, "/api/v1/feed?algorithm=following"), anaPost)
			})

			block(t, blocker, other.Handle)
			mine := map[string]string{ana.ID: anaPost, bia.ID: biaPost}
			comments := map[string]string{ana.ID: anaComment, bia.ID: biaComment}
			for _, pair := range [][2]*at.Member{{ana, bia}, {bia, ana}} {
				viewer, hidden := pair[0], pair[1]
				hp, hc := mine[hidden.ID], comments[hidden.ID]
				for _, path := range []string{"/api/v1/feed", "/api/v1/feed?algorithm=ranked",
					"/api/v1/feed?algorithm=following", "/api/v1/profiles/" + hidden.Handle + "/posts"} {
					if got := viewer.ListIDs(t, path); slices.Contains(got, hp) {
						t.Fatalf("%s still reads %s's post on %s", viewer.Handle, hidden.Handle, path)
					}
				}
				if got := viewer.ListIDs(t, "/api/v1/posts/"+thread+"/comments"); slices.Contains(got, hc) || len(got) != 1 {
					t.Fatalf("%s reads comments %v of %s's thread", viewer.Handle, got, cris.Handle)
				}
				viewer.Do(http.MethodGet, "/api/v1/posts/"+hp, nil).Expect(t, http.StatusNotFound)
				// Others still read both.
				if got := cris.ListIDs(t, "/api/v1/posts/"+thread+"/comments"); len(got) != 2 {
					t.Fatalf("cris reads %v", got)
				}
			}
			// The blocked member finds no profile; the blocker sees who it
			// is (to undo the block) and no details.
			at.ExpectProblem(t, other.Do(http.MethodGet, "/api/v1/profiles/"+blocker.Handle, nil), http.StatusNotFound,
				"profile_not_found", "Profile not found")
			var p struct {
				Handle     string  `json:"handle"`
				Bio        *string `json:"bio"`
				IsBlocking bool    `json:"is_blocking"`
			}
			blocker.Do(http.MethodGet, "/api/v1/profiles/"+other.Handle, nil).Expect(t, http.StatusOK).JSON(t, &p)
			if !p.IsBlocking || p.Handle != other.Handle || p.Bio != nil {
				t.Fatalf("blocked profile = %+v", p)
			}
			// Search: neither finds the other nor the other's posts.
			for _, pair := range [][2]*at.Member{{ana, bia}, {bia, ana}} {
				viewer, hidden := pair[0], pair[1]
				eventually(t, "cris finds both posts", func() bool {
					return len(searchIDs(t, cris, "zebra"+blocker.Handle)) == 2
				})
				got := searchIDs(t, viewer, "zebra"+blocker.Handle)
				if slices.Contains(got, mine[hidden.ID]) || !slices.Contains(got, mine[viewer.ID]) {
					t.Fatalf("%s searching finds %v", viewer.Handle, got)
				}
				if users := searchIDs(t, viewer, hidden.Handle); slices.Contains(users, hidden.ID) {
					t.Fatalf("%s finds %s", viewer.Handle, hidden.Handle)
				}
			}
			// Mentions no longer notify across the block.
			other.NewPost(t, "oi @"+blocker.Handle, "")
			blocker.NewPost(t, "oi @"+other.Handle, "")
			for _, m := range []*at.Member{ana, bia} {
				for _, n := range notifications(t, m) {
					if n.SenderID == ana.ID || n.SenderID == bia.ID {
						t.Fatalf("%s has a notification from across the block: %+v", m.Handle, n)
					}
				}
			}
			blocker.Do(http.MethodDelete, "/api/v1/profiles/"+other.Handle+"/block", nil).Expect(t, http.StatusOK)
		})
	}
}

type notification struct {
	ID       string  `json:"id"`
	SenderID string  `json:"sender_id"`
	Type     string  `json:"type"`
	Message  *string `json:"message"`
}

func notifications(t *testing.T, m *at.Member) []notification {
	t.Helper()
	var page struct {
		Items []notification `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &page)
	return page.Items
}

func unread(t *testing.T, m *at.Member) int {
	t.Helper()
	var n struct {
		UnreadCount int `json:"unread_count"`
	}
	m.Do(http.MethodGet, "/api/v1/notifications/unread-count", nil).Expect(t, http.StatusOK).JSON(t, &n)
	return n.UnreadCount
}

func searchIDs(t *testing.T, m *at.Member, q string) []string {
	t.Helper()
	var res struct {
		Items []idOnly `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/search?q="+q, nil).Expect(t, http.StatusOK).JSON(t, &res)
	out := make([]string, len(res.Items))
	for i, it := range res.Items {
		out[i] = it.ID
	}
	return out
}

// A mute hides the member's posts and notifications from the muter only;
// the muted member still reads and interacts.
func TestMuteHidesPostsAndNotifications(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	anaPost := ana.NewPost(t, "post da ana", "")
	bia.Do(http.MethodPut, "/api/v1/posts/"+anaPost+"/like", nil).Expect(t, http.StatusOK)
	comment(t, bia, anaPost, "comentário da bia")
	if len(notifications(t, ana)) != 2 || unread(t, ana) != 2 {
		t.Fatalf("before the mute: %+v", notifications(t, ana))
	}
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)
	biaPost := bia.NewPost(t, "post da bia", "")
	eventually(t, "ana's following feed", func() bool {
		return slices.Contains(ana.ListIDs(t, "/api/v1/feed?algorithm=following"), biaPost)
	})

	var s struct{ Muting bool }
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/mute", nil).Expect(t, http.StatusOK).JSON(t, &s)
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/mute", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if !s.Muting {
		t.Fatal("mute answer")
	}
	for _, path := range []string{"/api/v1/feed", "/api/v1/feed?algorithm=ranked", "/api/v1/feed?algorithm=following",
		"/api/v1/posts/" + anaPost + "/comments"} {
		for _, id := range ana.ListIDs(t, path) {
			if id == biaPost {
				t.Fatalf("ana reads bia's post on %s", path)
			}
		}
		if strings.Contains(path, "comments") && len(ana.ListIDs(t, path)) != 0 {
			t.Fatalf("ana reads bia's comment")
		}
	}
	if n := notifications(t, ana); len(n) != 0 || unread(t, ana) != 0 {
		t.Fatalf("ana's notifications while muting: %+v", n)
	}
	var prof struct {
		IsMuting bool `json:"is_muting"`
	}
	ana.Do(http.MethodGet, "/api/v1/profiles/bia", nil).Expect(t, http.StatusOK).JSON(t, &prof)
	if !prof.IsMuting {
		t.Fatal("profile does not say muting")
	}
	if got := ana.ListIDs(t, "/api/v1/safety/mutes"); len(got) != 1 || got[0] != bia.ID {
		t.Fatalf("mutes = %v", got)
	}
	// bia is not told: she still reads ana and interacts.
	if got := bia.ListIDs(t, "/api/v1/feed"); !slices.Contains(got, anaPost) {
		t.Fatalf("bia's feed = %v", got)
	}
	bia.Do(http.MethodGet, "/api/v1/profiles/ana", nil).Expect(t, http.StatusOK)
	comment(t, bia, anaPost, "outro comentário")
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)

	ana.Do(http.MethodDelete, "/api/v1/profiles/bia/mute", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.Muting || !slices.Contains(ana.ListIDs(t, "/api/v1/feed"), biaPost) || len(notifications(t, ana)) != 4 {
		t.Fatalf("after unmute: %+v, %d notifications", s, len(notifications(t, ana)))
	}
}

type mutedWord struct {
	ID        string     `json:"id"`
	Word      string     `json:"word"`
	ExpiresAt *time.Time `json:"expires_at"`
}

func muteWord(t *testing.T, m *at.Member, word, duration string) mutedWord {
	t.Helper()
	var w mutedWord
	m.Do(http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": word, "duration": duration}).
		Expect(t, http.StatusOK).JSON(t, &w)
	return w
}

// Muted words hide posts, comments and notifications whatever the case and
// accents, as whole words; they expire; their number and length are
// bounded.
func TestMutedWords(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	futebol := bia.NewPost(t, "Hoje tem FUTEBÓL no estádio", "")
	futebolista := bia.NewPost(t, "o futebolista chegou", "")
	plain := bia.NewPost(t, "hoje tem cinema", "")
	anaPost := ana.NewPost(t, "post da ana", "")
	hot := comment(t, bia, anaPost, "que calor, futebol amanhã?")
	comment(t, bia, anaPost, "boa noite")

	w := muteWord(t, ana, "  Futebol  ", "forever")
	if w.Word != "Futebol" || w.ExpiresAt != nil {
		t.Fatalf("word = %+v", w)
	}
	feed := ana.ListIDs(t, "/api/v1/feed")
	if slices.Contains(feed, futebol) || !slices.Contains(feed, futebolista) || !slices.Contains(feed, plain) {
		t.Fatalf("ana's feed with 'futebol' muted = %v (futebol %s)", feed, futebol)
	}
	if got := ana.ListIDs(t, "/api/v1/posts/"+anaPost+"/comments"); slices.Contains(got, hot) || len(got) != 1 {
		t.Fatalf("comments = %v", got)
	}
	for _, n := range notifications(t, ana) {
		if n.Message != nil && strings.Contains(*n.Message, "futebol") {
			t.Fatalf("notification with a muted word: %+v", n)
		}
	}
	if len(notifications(t, ana)) != 1 {
		t.Fatalf("notifications = %+v", notifications(t, ana))
	}
	// bia, who muted nothing, reads everything.
	if got := bia.ListIDs(t, "/api/v1/feed"); !slices.Contains(got, futebol) {
		t.Fatalf("bia's feed = %v", got)
	}
	// Muting again under another spelling changes the expiry, not the count.
	w2 := muteWord(t, ana, "FUTEBOL", "24h")
	if w2.ID != w.ID || w2.ExpiresAt == nil || !w2.ExpiresAt.Equal(app.Clock.Now().Add(24*time.Hour)) {
		t.Fatalf("second mute = %+v", w2)
	}
	var list struct {
		Items []mutedWord `json:"items"`
	}
	ana.Do(http.MethodGet, "/api/v1/safety/muted-words", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 1 {
		t.Fatalf("list = %+v", list)
	}
	// A word muted "for 24 hours" two days ago no longer hides anything
	// (the session is opened again at each end of the clock's trip).
	at.ExpectProblem(t, bia.Do(http.MethodDelete, "/api/v1/safety/muted-words/"+w.ID, nil), http.StatusNotFound,
		"muted_word_not_found", "Palavra silenciada não encontrada.")
	ana.Do(http.MethodDelete, "/api/v1/safety/muted-words/"+w.ID, nil).Expect(t, http.StatusNoContent)
	at.ExpectProblem(t, ana.Do(http.MethodDelete, "/api/v1/safety/muted-words/"+w.ID, nil), http.StatusNotFound,
		"muted_word_not_found", "Palavra silenciada não encontrada.")
	app.Clock.Advance(-48 * time.Hour)
	ana.Token = ana.SignIn(ana.Email, at.Password).AccessToken
	old := muteWord(t, ana, "cinema", "24h")
	app.Clock.Advance(48 * time.Hour)
	ana.Token = ana.SignIn(ana.Email, at.Password).AccessToken
	if !slices.Contains(ana.ListIDs(t, "/api/v1/feed"), plain) || !slices.Contains(ana.ListIDs(t, "/api/v1/feed"), futebol) {
		t.Fatal("an expired or removed word still hides")
	}
	ana.Do(http.MethodGet, "/api/v1/safety/muted-words", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 0 {
		t.Fatalf("expired word listed: %+v (%s)", list, old.ID)
	}

	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": "   "}),
		http.StatusUnprocessableEntity, "muted_word_empty", "Digite uma palavra ou expressão para silenciar.")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": strings.Repeat("á", 101)}),
		http.StatusUnprocessableEntity, "muted_word_too_long", "A palavra ou expressão pode ter no máximo 100 caracteres.")
	muteWord(t, ana, strings.Repeat("á", 100), "7d")
	for i := 1; i < 100; i++ {
		muteWord(t, ana, fmt.Sprintf("palavra %02d", i), "30d")
	}
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": "mais uma"}),
		http.StatusUnprocessableEntity, "muted_words_limit", "Você já silenciou 100 palavras. Remova alguma para adicionar outra.")
	// The same word again is no new word: it passes at the limit.
	muteWord(t, ana, "PALAVRA 07", "forever")
	ana.Do(http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": "x", "duration": "1y"}).
		Expect(t, http.StatusUnprocessableEntity)
	app.Client().Do(http.MethodGet, "/api/v1/safety/muted-words", nil).Expect(t, http.StatusUnauthorized)
}

// A block refuses direct messages both ways, new conversation or old, and
// hides each member's lines in a listening room's chat from the other.
func TestBlockRefusesMessagesAndHidesChatLines(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { rooms.ConfigOf(c).Rooms.StreamHosts = []string{"example.com"} })
	ana, bia, cris := app.Member("ana"), app.Member("bia"), app.Member("cris")
	var conv idOnly
	ana.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "bia"}).
		Expect(t, http.StatusCreated).JSON(t, &conv)
	send := func(m *at.Member) *at.Response {
		return m.Do(http.MethodPost, "/api/v1/messages/conversations/"+conv.ID+"/messages", map[string]string{"text": "oi"})
	}
	send(bia).Expect(t, http.StatusCreated)

	var room idOnly
	cris.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Sala da cris",
		"track_preview_url": "https://example.com/faixa.mp3", "current_track": "Faixa", "current_artist": "Artista"}).
		Expect(t, http.StatusCreated).JSON(t, &room)
	lines := map[string]string{}
	for _, m := range []*at.Member{ana, bia} {
		m.Do(http.MethodPost, "/api/v1/rooms/"+room.ID+"/join", nil).Expect(t, http.StatusOK)
		var line idOnly
		m.Do(http.MethodPost, "/api/v1/rooms/"+room.ID+"/messages", map[string]string{"text": "linha de " + m.Handle}).
			Expect(t, http.StatusCreated).JSON(t, &line)
		lines[m.ID] = line.ID
	}

	block(t, bia, "ana")
	blocked := "Não é possível interagir com este membro."
	// The blocked member no longer has the conversation; the blocker keeps
	// it and cannot send.
	at.ExpectProblem(t, send(ana), http.StatusNotFound, "conversation_not_found", "Conversa não encontrada.")
	at.ExpectProblem(t, send(bia), http.StatusForbidden, "member_blocked", blocked)
	cris.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "ana"}).Expect(t, http.StatusCreated)
	// The old conversation still opens, saying no message can go.
	var opened struct {
		CanSend bool `json:"can_send"`
	}
	bia.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "ana"}).Expect(t, http.StatusOK).JSON(t, &opened)
	if opened.CanSend {
		t.Fatal("can_send across a block")
	}
	// A new one is refused.
	dani := app.Member("dani")
	block(t, dani, "ana")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "dani"}),
		http.StatusForbidden, "member_blocked", blocked)
	for _, pair := range [][2]*at.Member{{ana, bia}, {bia, ana}} {
		got := pair[0].ListIDs(t, "/api/v1/rooms/"+room.ID+"/messages")
		if slices.Contains(got, lines[pair[1].ID]) || !slices.Contains(got, lines[pair[0].ID]) {
			t.Fatalf("%s reads chat %v", pair[0].Handle, got)
		}
	}
	if got := cris.ListIDs(t, "/api/v1/rooms/"+room.ID+"/messages"); len(got) != 2 {
		t.Fatalf("cris reads chat %v", got)
	}
	bia.Do(http.MethodDelete, "/api/v1/profiles/ana/block", nil).Expect(t, http.StatusOK)
	send(ana).Expect(t, http.StatusCreated)
}
