package communities_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

func TestCreateValidationAndList(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	at.ExpectProblem(t, app.Client().Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": "X"}),
		http.StatusUnauthorized, "unauthenticated", "Você precisa estar logado")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": "   "}),
		http.StatusUnprocessableEntity, "community_name_required", "Nome da comunidade é obrigatório")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/communities", map[string]any{}),
		http.StatusUnprocessableEntity, "community_name_required", "Nome da comunidade é obrigatório")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": strings.Repeat("ç", 51)}),
		http.StatusUnprocessableEntity, "community_name_too_long", "")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": "Ok", "description": strings.Repeat("a", 501)}),
		http.StatusUnprocessableEntity, "community_description_too_long", "")

	var c community
	ana.Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": "  Café e Música  ", "description": "  Som e grãos  "}).
		Expect(t, http.StatusCreated).JSON(t, &c)
	if c.Name != "Café e Música" || c.Description == nil || *c.Description != "Som e grãos" || c.Privacy != "open" ||
		c.OwnerID != ana.ID || c.Owner.Handle != "ana" || c.MemberCount != 1 || c.Membership == nil || c.Membership.Role != "owner" {
		t.Fatalf("created %+v", c)
	}
	var blank community
	ana.Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": strings.Repeat("ç", 50), "description": "  ", "privacy": "closed"}).
		Expect(t, http.StatusCreated).JSON(t, &blank)
	if blank.Description != nil || blank.Privacy != "closed" {
		t.Fatalf("blank description: %+v", blank)
	}
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": " CAFÉ E MÚSICA"}),
		http.StatusConflict, "community_name_taken", "Já existe uma comunidade com esse nome. Escolha outro nome.")

	other := create(t, bia, "Leitores do Sertão", "open")
	join(t, ana, other.ID)
	var list struct{ Items []community }
	bia.Do(http.MethodGet, "/api/v1/communities", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 3 || list.Items[0].ID != other.ID || list.Items[0].MemberCount != 2 ||
		list.Items[0].Membership == nil || list.Items[1].Membership != nil {
		t.Fatalf("list = %+v", list.Items)
	}
	for q, n := range map[string]int{"cafe": 1, "SERTAO": 1, "grãos": 1, "som e graos": 1, "%": 0, "nada": 0} {
		bia.Do(http.MethodGet, "/api/v1/communities?q="+url.QueryEscape(q), nil).Expect(t, http.StatusOK).JSON(t, &list)
		if len(list.Items) != n {
			t.Errorf("q=%q: %d items", q, len(list.Items))
		}
	}
	at.ExpectProblem(t, bia.Do(http.MethodGet, "/api/v1/communities/00000000-0000-0000-0000-000000000000", nil),
		http.StatusNotFound, "community_not_found", "Comunidade não encontrada")
	at.ExpectProblem(t, bia.Do(http.MethodGet, "/api/v1/communities/nada", nil),
		http.StatusNotFound, "community_not_found", "Comunidade não encontrada")

	// The admin resource pages in SQL.
	r := app.Staff("chefe", domain.RoleAdmin).Do(http.MethodGet, "/api/v1/admin/communities?sort="+url.QueryEscape(`["member_count","DESC"]`)+"&range="+url.QueryEscape("[0,1]"), nil).
		Expect(t, http.StatusOK)
	var rows []struct {
		Name        string  `json:"name"`
		MemberCount int     `json:"member_count"`
		OwnerHandle *string `json:"owner_handle"`
	}
	r.JSON(t, &rows)
	if len(rows) != 2 || rows[0].Name != "Leitores do Sertão" || *rows[0].OwnerHandle != "bia" || r.Header.Get("Content-Range") != "communities 0-1/3" {
		t.Fatalf("admin = %+v %q", rows, r.Header.Get("Content-Range"))
	}
}

func TestJoinLeaveStates(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	open, closed := create(t, ana, "Aberta", "open"), create(t, ana, "Fechada", "closed")
	at.ExpectProblem(t, app.Client().Do(http.MethodPost, "/api/v1/communities/"+open.ID+"/join", nil),
		http.StatusUnauthorized, "unauthenticated", "Você precisa estar logado para entrar em comunidades")

	if m := join(t, bia, open.ID); m.Status != "approved" || m.Role != "member" {
		t.Fatalf("open join: %+v", m)
	}
	first := join(t, bia, open.ID)
	if s := snapshot(t, app, open.ID); s.MemberCount != 2 || s.Approved != 2 {
		t.Fatalf("open after joining twice: %v", s)
	}
	var left struct {
		MemberCount int `json:"member_count"`
	}
	bia.Do(http.MethodDelete, "/api/v1/communities/"+open.ID+"/membership", nil).Expect(t, http.StatusOK).JSON(t, &left)
	if left.MemberCount != 1 {
		t.Fatalf("left: %+v", left)
	}
	bia.Do(http.MethodDelete, "/api/v1/communities/"+open.ID+"/membership", nil).Expect(t, http.StatusOK).JSON(t, &left)
	if left.MemberCount != 1 || first.ID == "" {
		t.Fatalf("left twice: %+v", left)
	}

	req := join(t, bia, closed.ID)
	if req.Status != "pending" || snapshot(t, app, closed.ID).MemberCount != 1 {
		t.Fatalf("closed join: %+v", req)
	}
	var m member
	ana.Do(http.MethodPost, "/api/v1/communities/"+closed.ID+"/members/"+req.ID+"/reject", nil).Expect(t, http.StatusOK).JSON(t, &m)
	if m.Status != "rejected" || m.Profile.Handle != "bia" {
		t.Fatalf("rejected: %+v", m)
	}
	if again := join(t, bia, closed.ID); again.Status != "pending" || again.ID != req.ID {
		t.Fatalf("asked again: %+v", again)
	}
	// Cancelling a request removes the row.
	bia.Do(http.MethodDelete, "/api/v1/communities/"+closed.ID+"/membership", nil).Expect(t, http.StatusOK)
	if s := snapshot(t, app, closed.ID); s.Rows != 1 || s.MemberCount != 1 {
		t.Fatalf("cancelled: %v", s)
	}
	req = join(t, bia, closed.ID)
	ana.Do(http.MethodPost, "/api/v1/communities/"+closed.ID+"/members/"+req.ID+"/approve", nil).Expect(t, http.StatusOK).JSON(t, &m)
	var c community
	bia.Do(http.MethodGet, "/api/v1/communities/"+closed.ID, nil).Expect(t, http.StatusOK).JSON(t, &c)
	if m.Status != "approved" || c.MemberCount != 2 || c.Membership == nil || c.Membership.Status != "approved" {
		t.Fatalf("approved: %+v %+v", m, c)
	}
	var list struct{ Items []member }
	bia.Do(http.MethodGet, "/api/v1/communities/"+closed.ID+"/members", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 2 || list.Items[0].Role != "owner" || list.Items[1].UserID != bia.ID {
		t.Fatalf("members: %+v", list.Items)
	}
}

// TestConcurrentMembership races joins, leaves and approvals: member_count
// always equals the approved rows.
func TestConcurrentMembership(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	owner := app.Member("dona")
	open, closed := create(t, owner, "Corrida aberta", "open"), create(t, owner, "Corrida fechada", "closed")
	var ms []*at.Member
	for i := range 8 {
		ms = append(ms, app.Member(fmt.Sprintf("corre_%d", i)))
	}
	var wg sync.WaitGroup
	for _, m := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 6 {
				for _, id := range []string{open.ID, closed.ID} {
					if i%2 == 0 {
						r := m.Do(http.MethodPost, "/api/v1/communities/"+id+"/join", nil)
						var out struct{ Membership membership }
						if r.Status == http.StatusOK && id == closed.ID {
							r.JSON(t, &out)
							owner.Do(http.MethodPost, "/api/v1/communities/"+id+"/members/"+out.Membership.ID+"/approve", nil)
						}
					} else {
						m.Do(http.MethodDelete, "/api/v1/communities/"+id+"/membership", nil)
					}
				}
			}
			m.Do(http.MethodPost, "/api/v1/communities/"+open.ID+"/join", nil)
		}()
	}
	wg.Wait()
	for _, id := range []string{open.ID, closed.ID} {
		if s := snapshot(t, app, id); s.MemberCount != s.Approved {
			t.Fatalf("member_count drifted: %v", s)
		}
	}
	if s := snapshot(t, app, open.ID); s.MemberCount != 9 {
		t.Fatalf("open: %v", s)
	}
}

func TestRealtime(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, caio, duda := app.Member("ana"), app.Member("bia"), app.Member("caio"), app.Member("duda")
	c := create(t, ana, "Ao Vivo", "closed")
	req := join(t, bia, c.ID)
	ana.Do(http.MethodPost, "/api/v1/communities/"+c.ID+"/members/"+req.ID+"/approve", nil).Expect(t, http.StatusOK)
	join(t, caio, c.ID) // pending
	topic := "community:" + c.ID

	for _, m := range []*at.Member{caio, duda} {
		s := m.Realtime(t)
		if msg := s.Subscribe(t, topic); msg.Type != "error" || msg.Code != "topic_forbidden" {
			t.Fatalf("%s subscribed: %+v", m.Handle, msg)
		}
	}
	if msg := duda.Realtime(t).Subscribe(t, "community:nada"); msg.Type != "error" {
		t.Fatalf("malformed topic: %+v", msg)
	}
	owner := ana.Realtime(t, topic)
	sock := bia.Realtime(t, topic)

	p := createPost(t, ana, c.ID, "Começou!")
	if d := sock.Event(t, "community_post.created"); d["id"] != p.ID || d["author_id"] != ana.ID {
		t.Fatalf("created: %v", d)
	}
	owner.Event(t, "community_post.created")

	// The post is a core post: its counters live on post:{id}, which only
	// the community's members may follow.
	postTopic := "post:" + p.ID
	for _, m := range []*at.Member{caio, duda} {
		if msg := m.Realtime(t).Subscribe(t, postTopic); msg.Type != "error" || msg.Code != "topic_forbidden" {
			t.Fatalf("%s subscribed to the post: %+v", m.Handle, msg)
		}
	}
	live := bia.Realtime(t, postTopic)
	bia.Do(http.MethodPut, "/api/v1/posts/"+p.ID+"/like", nil).Expect(t, http.StatusOK)
	if d := live.Event(t, "post.liked"); d["id"] != p.ID || d["like_count"] != float64(1) {
		t.Fatalf("liked: %v", d)
	}
	bia.Do(http.MethodDelete, "/api/v1/posts/"+p.ID+"/like", nil).Expect(t, http.StatusOK)
	if d := live.Event(t, "post.unliked"); d["like_count"] != float64(0) {
		t.Fatalf("unliked: %v", d)
	}
	ana.Do(http.MethodDelete, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusNoContent)
	if d := live.Event(t, "post.deleted"); d["id"] != p.ID {
		t.Fatalf("deleted: %v", d)
	}
}

func TestPostsPagesAndMedia(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	c := create(t, ana, "Fotos", "open")
	join(t, bia, c.ID)
	feed := feedOf(c.ID)
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "  ", "audience_id": c.ID}),
		http.StatusUnprocessableEntity, "post_empty", "Por favor, adicione algum conteúdo ao post.")
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": strings.Repeat("a", 281), "audience_id": c.ID}),
		http.StatusUnprocessableEntity, "post_too_long", "")
	for i := range 52 {
		app.Clock.Advance(time.Second)
		createPost(t, bia, c.ID, fmt.Sprintf("post %d", i))
	}
	var page struct {
		Items      []post `json:"items"`
		NextCursor string `json:"next_cursor"`
	}
	ana.Do(http.MethodGet, feed, nil).Expect(t, http.StatusOK).JSON(t, &page)
	if len(page.Items) != 50 || *page.Items[0].TextContent != "post 51" || page.NextCursor == "" ||
		page.Items[0].Visibility != "members_only" || page.Items[0].AudienceID == nil || *page.Items[0].AudienceID != c.ID {
		t.Fatalf("page 1: %d %+v", len(page.Items), page.Items[0])
	}
	next := page.NextCursor
	page.NextCursor = ""
	ana.Do(http.MethodGet, feed+"&cursor="+next, nil).Expect(t, http.StatusOK).JSON(t, &page)
	if len(page.Items) != 2 || *page.Items[1].TextContent != "post 0" || page.NextCursor != "" {
		t.Fatalf("page 2: %+v", page)
	}

	var buf bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	upload := func(m *at.Member, data []byte) *at.Response {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		fw, _ := w.CreateFormFile("file", "foto.png")
		_, _ = fw.Write(data)
		_ = w.WriteField("text_content", "Olha a foto")
		_ = w.WriteField("audience_id", c.ID)
		_ = w.Close()
		return m.Do(http.MethodPost, "/api/v1/posts/media", &body, "Content-Type", w.FormDataContentType())
	}
	var p struct {
		post
		Type     string  `json:"type"`
		MediaURL *string `json:"media_url"`
	}
	upload(bia, buf.Bytes()).Expect(t, http.StatusCreated).JSON(t, &p)
	if p.Type != "image" || p.MediaURL == nil {
		t.Fatalf("media post: %+v", p)
	}
	r := upload(bia, []byte("GIF89a not an image"))
	r.Expect(t, http.StatusUnprocessableEntity)
	if pr := r.Problem(t); pr.Code != "media_type_invalid" || pr.Detail != "Por favor, selecione um arquivo de imagem ou vídeo válido." {
		t.Fatalf("bad file: %+v", pr)
	}
	stranger := app.Member("caio")
	at.ExpectProblem(t, upload(stranger, buf.Bytes()), http.StatusForbidden, "community_members_only", "")

	// Deleting the community takes its posts and files (posts.delete_media).
	var key string
	if err := app.DB.NewRaw("SELECT media_path FROM posts WHERE id = ?", p.ID).Scan(context.Background(), &key); err != nil {
		t.Fatal(err)
	}
	ana.Do(http.MethodDelete, "/api/v1/communities/"+c.ID, nil).Expect(t, http.StatusNoContent)
	deadline := time.Now().Add(15 * time.Second)
	for {
		if f, _, err := app.Blobs.Open(context.Background(), key); err != nil {
			break
		} else {
			_ = f.Close()
		}
		if false {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the deleted community's file is still stored")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type searchItem struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	Title       string `json:"title"`
	MemberCount *int   `json:"member_count"`
}

func searchFor(t *testing.T, m *at.Member, q string, ok func([]searchItem) bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var r struct{ Items []searchItem }
		m.Do(http.MethodGet, "/api/v1/search?q="+url.QueryEscape(q), nil).Expect(t, http.StatusOK).JSON(t, &r)
		if ok(r.Items) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("search %q: gave up at %+v", q, r.Items)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestSearch(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	c := create(t, ana, "Programação Brasileira", "closed")
	post := createPost(t, ana, c.ID, "segredo interno da comunidade")
	searchFor(t, bia, "programacao", func(items []searchItem) bool {
		return len(items) == 1 && items[0].Type == "community" && items[0].ID == c.ID && *items[0].MemberCount == 1
	})
	// member_count follows joins; community posts are never found.
	req := join(t, bia, c.ID)
	ana.Do(http.MethodPost, "/api/v1/communities/"+c.ID+"/members/"+req.ID+"/approve", nil).Expect(t, http.StatusOK)
	searchFor(t, bia, "brasileira", func(items []searchItem) bool {
		return len(items) == 1 && *items[0].MemberCount == 2
	})
	searchFor(t, bia, "segredo", func(items []searchItem) bool { return len(items) == 0 && post.ID != "" })
	ana.Do(http.MethodDelete, "/api/v1/communities/"+c.ID, nil).Expect(t, http.StatusNoContent)
	searchFor(t, bia, "programacao", func(items []searchItem) bool { return len(items) == 0 })
}

func TestDemoCommunities(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	create(t, bia, "café e código", "open") // the demo's first name is taken
	var d struct {
		Skipped bool `json:"skipped"`
	}
	for i := range 2 {
		ana.Do(http.MethodPost, "/api/v1/demo-data", nil).Expect(t, http.StatusOK).JSON(t, &d)
		if d.Skipped != (i == 1) {
			t.Fatalf("seeding %d: %+v", i, d)
		}
	}
	var names []string
	if err := app.DB.NewRaw(`SELECT c.name FROM communities c JOIN community_members m ON m.community_id = c.id
		AND m.user_id = c.owner_id AND m.role = 'owner' AND m.status = 'approved'
		WHERE c.owner_id = ? AND c.privacy = 'open' AND c.member_count = 1 ORDER BY c.name`, ana.ID).
		Scan(context.Background(), &names); err != nil {
		t.Fatal(err)
	}
	if strings.Join(names, "|") != "Café e Código 2|Trilhas e Natureza" {
		t.Fatalf("demo communities = %q", names)
	}
	// The demo community is searchable (the member's demo posts about
	// trails may match too: only the community is asserted).
	searchFor(t, bia, "trilhas natureza", func(items []searchItem) bool {
		for _, it := range items {
			if it.Type == "community" && it.Title == "Trilhas e Natureza" && it.MemberCount != nil && *it.MemberCount == 1 {
				return true
			}
		}
		return false
	})
}
