package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	notifications "social/features/notifications/app"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type notification struct {
	ID      string  `json:"id"`
	Type    string  `json:"type"`
	Title   string  `json:"title"`
	Message *string `json:"message"`
	PostID  *string `json:"post_id"`
	IsRead  bool    `json:"is_read"`
	Sender  struct {
		ID          string `json:"id"`
		Handle      string `json:"handle"`
		DisplayName string `json:"display_name"`
	} `json:"sender"`
}

type page struct {
	Items       []notification `json:"items"`
	UnreadCount int            `json:"unread_count"`
}

func list(t *testing.T, m *at.Member) page {
	t.Helper()
	var p page
	m.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &p)
	return p
}

// kinds is the list's types, newest first.
func kinds(p page) string {
	out := make([]string, len(p.Items))
	for i, n := range p.Items {
		out[i] = n.Type
	}
	return strings.Join(out, ",")
}

func TestWhoIsNotifiedOfWhat(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, caio := app.Member("ana_souza"), app.Member("bia_lima"), app.Member("caio_reis")
	post := ana.NewPost(t, "Primeiro post", "public")

	// Acting on one's own post notifies nobody.
	ana.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "eu mesma"}).
		Expect(t, http.StatusCreated)
	ana.NewPost(t, "falando comigo @ana_souza", "public")
	if p := list(t, ana); len(p.Items) != 0 || p.UnreadCount != 0 {
		t.Fatalf("self actions notified: %+v", p)
	}

	// A like, liked twice, is one notification; the unlike takes it back,
	// and liking again brings one back.
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	p := list(t, ana)
	if kinds(p) != "like" || p.UnreadCount != 1 {
		t.Fatalf("after two likes: %+v", p)
	}
	n := p.Items[0]
	if n.Title != "Membro bia_lima curtiu seu post" || n.Sender.Handle != "bia_lima" || n.PostID == nil || *n.PostID != post || n.IsRead {
		t.Errorf("like notification = %+v", n)
	}
	bia.Do(http.MethodDelete, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	if p := list(t, ana); len(p.Items) != 0 || p.UnreadCount != 0 {
		t.Fatalf("after the unlike: %+v", p)
	}
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)

	// Each comment notifies the post's author, with an excerpt.
	long := strings.Repeat("ótimo ", 30)
	caio.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": long}).
		Expect(t, http.StatusCreated)
	p = list(t, ana)
	if kinds(p) != "comment,like" || p.UnreadCount != 2 {
		t.Fatalf("after a comment: %+v", p)
	}
	c := p.Items[0]
	if c.Title != "Membro caio_reis comentou no seu post" || c.Message == nil ||
		*c.Message != string([]rune(long)[:100])+"..." {
		t.Errorf("comment notification = %+v", c)
	}

	// Mentions reach existing members who may read the post; unknown
	// handles and a followers-only post for a non-follower reach nobody.
	bia.NewPost(t, "Olá @Ana_Souza e @ninguem_aqui", "public")
	caio.NewPost(t, "Só para seguidores, @ana_souza", "friends_only")
	// An address of another server and an e-mail address name someone
	// else who only shares the name.
	caio.NewPost(t, "Falei com @ana_souza@outro.example e escrevi para contato@ana_souza", "public")
	p = list(t, ana)
	if kinds(p) != "mention,comment,like" {
		t.Fatalf("after mentions: %+v", p)
	}
	if m := p.Items[0]; m.Title != "Membro bia_lima mencionou você em um post" || m.Message == nil || *m.Message != "Olá @Ana_Souza e @ninguem_aqui" {
		t.Errorf("mention notification = %+v", m)
	}
	// Nobody else got anything.
	for _, m := range []*at.Member{bia, caio} {
		if p := list(t, m); len(p.Items) != 0 {
			t.Errorf("%s got %+v", m.Handle, p)
		}
	}

	// A deleted post takes its notifications along.
	ana.Do(http.MethodDelete, "/api/v1/posts/"+post, nil).Expect(t, http.StatusNoContent)
	if p := list(t, ana); kinds(p) != "mention" || p.UnreadCount != 1 {
		t.Fatalf("after deleting the post: %+v", p)
	}
}

func TestMarkingRead(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana_souza"), app.Member("bia_lima")
	for _, text := range []string{"um", "dois", "três"} {
		post := ana.NewPost(t, text, "public")
		bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	}
	p := list(t, ana)
	if len(p.Items) != 3 || p.UnreadCount != 3 {
		t.Fatalf("list = %+v", p)
	}
	var unread struct {
		UnreadCount int `json:"unread_count"`
	}
	ana.Do(http.MethodGet, "/api/v1/notifications/unread-count", nil).Expect(t, http.StatusOK).JSON(t, &unread)
	if unread.UnreadCount != 3 {
		t.Fatalf("unread-count = %d", unread.UnreadCount)
	}

	first := p.Items[1].ID
	// Someone else's notification is not found, and stays unread.
	r := bia.Do(http.MethodPost, "/api/v1/notifications/"+first+"/read", nil).Expect(t, http.StatusNotFound)
	if pr := r.Problem(t); pr.Code != notifications.CodeNotFound || pr.Detail != notifications.MsgNotFound {
		t.Errorf("problem = %+v", pr)
	}
	bia.Do(http.MethodPost, "/api/v1/notifications/not-an-id/read", nil).Expect(t, http.StatusNotFound)

	for range 2 { // idempotent
		ana.Do(http.MethodPost, "/api/v1/notifications/"+first+"/read", nil).Expect(t, http.StatusOK).JSON(t, &unread)
		if unread.UnreadCount != 2 {
			t.Fatalf("after marking one read: %d", unread.UnreadCount)
		}
	}
	p = list(t, ana)
	if p.Items[0].IsRead || !p.Items[1].IsRead || p.Items[2].IsRead {
		t.Errorf("read flags = %+v", p.Items)
	}
	ana.Do(http.MethodPost, "/api/v1/notifications/read-all", nil).Expect(t, http.StatusOK).JSON(t, &unread)
	if unread.UnreadCount != 0 || list(t, ana).UnreadCount != 0 {
		t.Errorf("after read-all: %d", unread.UnreadCount)
	}

	// Signed out: the screen's sign-in prompt as the detail.
	r = app.Client().Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusUnauthorized)
	if pr := r.Problem(t); pr.Detail != notifications.MsgLoggedOut {
		t.Errorf("signed-out problem = %+v", pr)
	}
}

func TestNotificationsArriveLiveWithTheUnreadCount(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana_souza"), app.Member("bia_lima")
	post := ana.NewPost(t, "ao vivo", "public")
	sock := ana.Realtime(t, "user:"+ana.ID+":notifications")
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	ev := sock.Event(t, notifications.EventCreated)
	if ev["unread_count"] != float64(1) || ev["id"] == "" {
		t.Fatalf("created event = %v", ev)
	}
	bia.Do(http.MethodDelete, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	if ev := sock.Event(t, notifications.EventRemoved); ev["unread_count"] != float64(0) {
		t.Fatalf("removed event = %v", ev)
	}
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	sock.Event(t, notifications.EventCreated)
	ana.Do(http.MethodPost, "/api/v1/notifications/read-all", nil).Expect(t, http.StatusOK)
	if ev := sock.Event(t, notifications.EventRead); ev["unread_count"] != float64(0) {
		t.Fatalf("read event = %v", ev)
	}
}

func TestFollowNotifications(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana_souza"), app.Member("bia_lima")
	for range 2 {
		bia.Do(http.MethodPost, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
	}
	p := list(t, ana)
	if kinds(p) != "follow" || p.Items[0].Title != "Membro bia_lima começou a seguir você" || p.Items[0].PostID != nil {
		t.Fatalf("after following twice: %+v", p)
	}
	bia.Do(http.MethodDelete, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
	if p := list(t, ana); len(p.Items) != 0 {
		t.Fatalf("after the unfollow: %+v", p)
	}
	bia.Do(http.MethodPost, "/api/v1/profiles/ana_souza/follow", nil).Expect(t, http.StatusOK)
	if p := list(t, ana); kinds(p) != "follow" || p.UnreadCount != 1 {
		t.Fatalf("after following again: %+v", p)
	}
	if p := list(t, bia); len(p.Items) != 0 {
		t.Errorf("the follower was notified: %+v", p)
	}
}

// A suspended sender's notifications, and a deleted one's from the moment
// the deletion is confirmed (before the erasure removes them), leave the
// list and the unread count, as their posts leave every read.
func TestNotificationsOfSuspendedAndDeletedSendersAreLeftOut(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, caio := app.Member("ana_notificada"), app.Member("bia_apagada"), app.Member("caio_suspenso")
	post := ana.NewPost(t, "um post curtido", "public")
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	if p := list(t, ana); len(p.Items) != 2 || p.UnreadCount != 2 {
		t.Fatalf("before: %+v", p)
	}
	ctx := context.Background()
	if _, err := app.DB.NewRaw(`UPDATE accounts SET deleted_at = now() WHERE id = ?`, bia.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if p := list(t, ana); len(p.Items) != 1 || p.Items[0].Sender.Handle != "caio_suspenso" || p.UnreadCount != 1 {
		t.Fatalf("after bia's deletion: %+v", p)
	}
	if _, err := app.DB.NewRaw(`UPDATE accounts SET suspended_at = now() WHERE id = ?`, caio.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	var unread struct {
		UnreadCount int `json:"unread_count"`
	}
	ana.Do(http.MethodGet, "/api/v1/notifications/unread-count", nil).Expect(t, http.StatusOK).JSON(t, &unread)
	if p := list(t, ana); len(p.Items) != 0 || p.UnreadCount != 0 || unread.UnreadCount != 0 {
		t.Fatalf("after caio's suspension: %+v, unread-count %d", p, unread.UnreadCount)
	}
}
