package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"testing"
	"time"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

// searchHas polls the search until it finds id (or not): the index follows
// the database through a job.
func searchHas(t *testing.T, m *at.Member, q, id string, want bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var r struct {
			Items []struct{ ID string } `json:"items"`
		}
		m.Do(http.MethodGet, "/api/v1/search?q="+url.QueryEscape(q), nil).Expect(t, http.StatusOK).JSON(t, &r)
		found := false
		for _, it := range r.Items {
			found = found || it.ID == id
		}
		if found == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("search %q: found %s = %v, want %v", q, id, found, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type auditRow struct {
	Action     string          `json:"action"`
	ActorID    *string         `json:"actor_id"`
	ActorRole  string          `json:"actor_role"`
	TargetType string          `json:"target_type"`
	TargetID   string          `json:"target_id"`
	Reason     *string         `json:"reason"`
	Details    json.RawMessage `json:"details"`
}

func auditOf(t *testing.T, admin *at.Member, targetID string) []auditRow {
	t.Helper()
	var rows []auditRow
	f, _ := json.Marshal(map[string]string{"target_id": targetID})
	admin.Do(http.MethodGet, "/api/v1/admin/audit?filter="+url.QueryEscape(string(f)), nil).Expect(t, http.StatusOK).JSON(t, &rows)
	return rows
}

// A suspended member cannot sign in, their sessions end, and their posts
// leave the feeds, 'Seguindo', their profile, the post page and search
// until the suspension is lifted.
func TestSuspension(t *testing.T) {
	app := at.Start(t, nil)
	mod := app.Staff("moderadora", domain.RoleModerator)
	admin := app.Staff("admin", domain.RoleAdmin)
	rui, bia := app.Member("rui"), app.Member("bia")
	bia.Do(http.MethodPost, "/api/v1/profiles/rui/follow", nil).Expect(t, http.StatusOK)
	post := rui.NewPost(t, "Promoção imperdível de abacaxis", "")
	feeds := []string{"/api/v1/feed?algorithm=chronological", "/api/v1/feed?algorithm=ranked", "/api/v1/profiles/rui/posts"}
	waitFollowing := func(want bool) {
		deadline := time.Now().Add(20 * time.Second)
		for slices.Contains(bia.ListIDs(t, "/api/v1/feed?algorithm=following"), post) != want {
			if time.Now().After(deadline) {
				t.Fatalf("'Seguindo' has the post = %v, want %v", !want, want)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	for _, f := range feeds {
		if !slices.Contains(bia.ListIDs(t, f), post) {
			t.Fatalf("%s lacks the post before the suspension", f)
		}
	}
	waitFollowing(true)
	searchHas(t, bia, "abacaxis", post, true)

	base := "/api/v1/admin/profiles/" + rui.ID
	if p := mod.Do(http.MethodPost, base+"/suspend", map[string]string{"reason": "  "}).Expect(t, http.StatusUnprocessableEntity).Problem(t); p.Code != "reason_required" || p.Detail != "Informe o motivo." {
		t.Fatalf("blank reason: %+v", p)
	}
	var prof struct {
		SuspendedAt     *time.Time `json:"suspended_at"`
		SuspendedReason *string    `json:"suspended_reason"`
	}
	mod.Do(http.MethodPost, base+"/suspend", map[string]string{"reason": "Spam"}).Expect(t, http.StatusOK).JSON(t, &prof)
	if prof.SuspendedAt == nil || *prof.SuspendedReason != "Spam" {
		t.Fatalf("suspended profile: %+v", prof)
	}
	if p := mod.Do(http.MethodPost, base+"/suspend", map[string]string{"reason": "De novo"}).Expect(t, http.StatusConflict).Problem(t); p.Code != "already_suspended" {
		t.Fatalf("twice: %+v", p)
	}

	// Their token, their refresh token and their password stop working.
	rui.Do(http.MethodGet, "/api/v1/profiles/me", nil).Expect(t, http.StatusUnauthorized)
	rui.Do(http.MethodPost, "/api/v1/auth/refresh", map[string]string{"refresh_token": rui.Session.RefreshToken}).Expect(t, http.StatusUnauthorized)
	r := app.Client().Do(http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": rui.Email, "password": at.Password})
	if p := r.Expect(t, http.StatusForbidden).Problem(t); p.Code != "account_suspended" {
		t.Fatalf("sign-in while suspended: %+v", p)
	}
	// Their posts are gone for everyone else.
	for _, f := range feeds {
		if slices.Contains(bia.ListIDs(t, f), post) {
			t.Fatalf("%s still shows a suspended author's post", f)
		}
	}
	waitFollowing(false)
	bia.Do(http.MethodGet, "/api/v1/posts/"+post, nil).Expect(t, http.StatusNotFound)
	searchHas(t, bia, "abacaxis", post, false)
	// A moderator cannot suspend staff, nor anyone change their own role.
	if p := mod.Do(http.MethodPost, "/api/v1/admin/profiles/"+admin.ID+"/suspend", map[string]string{"reason": "x"}).Expect(t, http.StatusForbidden).Problem(t); p.Code != "staff_target_admins_only" {
		t.Fatalf("moderator suspending an admin: %+v", p)
	}
	if p := admin.Do(http.MethodPut, "/api/v1/admin/profiles/"+admin.ID, map[string]string{"role": "member"}).Expect(t, http.StatusForbidden).Problem(t); p.Code != "own_account" {
		t.Fatalf("own role: %+v", p)
	}

	// Lifted: they sign in again and their posts come back.
	mod.Do(http.MethodPost, base+"/unsuspend", map[string]string{"reason": "Recurso aceito"}).Expect(t, http.StatusOK)
	app.Client().SignIn(rui.Email, at.Password)
	for _, f := range feeds {
		if !slices.Contains(bia.ListIDs(t, f), post) {
			t.Fatalf("%s lacks the post after the suspension was lifted", f)
		}
	}
	waitFollowing(true)
	searchHas(t, bia, "abacaxis", post, true)

	rows := auditOf(t, admin, rui.ID)
	if len(rows) != 2 || rows[0].Action != "account.unsuspend" || rows[1].Action != "account.suspend" ||
		*rows[1].Reason != "Spam" || *rows[1].ActorID != mod.ID || rows[1].ActorRole != "moderator" {
		t.Fatalf("audit: %+v", rows)
	}
	// The audit log is read-only.
	admin.Do(http.MethodDelete, "/api/v1/admin/audit/"+rui.ID, nil).Expect(t, http.StatusMethodNotAllowed)
}

// Resolving a report by removing the post deletes it through the author's
// path, closes every open report against it and records both acts.
func TestResolveReportRemovesPost(t *testing.T) {
	app := at.Start(t, nil)
	mod := app.Staff("moderadora", domain.RoleModerator)
	admin := app.Staff("admin", domain.RoleAdmin)
	ana, bia, caio := app.Member("ana"), app.Member("bia"), app.Member("caio")
	post := ana.NewPost(t, "Texto ofensivo #polemica", "")
	first, second := fileReport(t, bia, post), fileReport(t, caio, post)
	other := fileReport(t, bia, ana.NewPost(t, "Outro post", ""))

	var queue []struct {
		ID         string  `json:"id"`
		TargetText *string `json:"target_text"`
		Reporter   *string `json:"reporter_handle"`
		Author     *string `json:"target_author_handle"`
	}
	f := url.QueryEscape(`{"status":"open"}`)
	r := mod.Do(http.MethodGet, "/api/v1/admin/reports?filter="+f+"&sort="+url.QueryEscape(`["created_at","ASC"]`), nil).Expect(t, http.StatusOK)
	r.JSON(t, &queue)
	if len(queue) != 3 || queue[0].ID != first || *queue[0].TargetText != "Texto ofensivo #polemica" ||
		*queue[0].Reporter != "bia" || *queue[0].Author != "ana" || r.Header.Get("Content-Range") != "reports 0-2/3" {
		t.Fatalf("queue: %+v %s", queue, r.Header.Get("Content-Range"))
	}
	if p := mod.Do(http.MethodPost, "/api/v1/admin/reports/"+first+"/resolve", map[string]string{"action": "ban"}).Expect(t, http.StatusUnprocessableEntity).Problem(t); p.Code == "" {
		t.Fatalf("bad action: %+v", p)
	}
	var done struct {
		Status         string  `json:"status"`
		Resolution     *string `json:"resolution"`
		ResolutionNote *string `json:"resolution_note"`
		ResolverHandle *string `json:"resolver_handle"`
	}
	mod.Do(http.MethodPost, "/api/v1/admin/reports/"+first+"/resolve", map[string]string{"action": "remove_post", "note": "Discurso de ódio"}).
		Expect(t, http.StatusOK).JSON(t, &done)
	if done.Status != "actioned" || *done.Resolution != "remove_post" || *done.ResolutionNote != "Discurso de ódio" || *done.ResolverHandle != "moderadora" {
		t.Fatalf("resolved: %+v", done)
	}
	ana.Do(http.MethodGet, "/api/v1/posts/"+post, nil).Expect(t, http.StatusNotFound)
	if p := mod.Do(http.MethodPost, "/api/v1/admin/reports/"+first+"/resolve", map[string]string{"action": "dismiss"}).Expect(t, http.StatusConflict).Problem(t); p.Code != "report_already_resolved" {
		t.Fatalf("twice: %+v", p)
	}
	var status, left string
	var postCount, usage int
	ctx := context.Background()
	if err := app.DB.NewRaw(`SELECT status FROM reports WHERE id = ?`, second).Scan(ctx, &status); err != nil || status != "actioned" {
		t.Fatalf("the other report of the post: %q %v", status, err)
	}
	if err := app.DB.NewRaw(`SELECT status FROM reports WHERE id = ?`, other).Scan(ctx, &left); err != nil || left != "open" {
		t.Fatalf("a report of another post: %q %v", left, err)
	}
	// The same side effects as the author's delete: counters and hashtags.
	if err := app.DB.NewRaw(`SELECT post_count FROM profiles WHERE id = ?`, ana.ID).Scan(ctx, &postCount); err != nil || postCount != 1 {
		t.Fatalf("post_count %d %v", postCount, err)
	}
	if err := app.DB.NewRaw(`SELECT usage_count FROM hashtags WHERE tag = 'polemica'`).Scan(ctx, &usage); err != nil || usage != 0 {
		t.Fatalf("usage_count %d %v", usage, err)
	}
	removal := auditOf(t, admin, post)
	resolution := auditOf(t, admin, first)
	if len(removal) != 1 || removal[0].Action != "post.remove" || *removal[0].Reason != "Discurso de ódio" ||
		string(removal[0].Details) == "" || !json.Valid(removal[0].Details) {
		t.Fatalf("removal audit: %+v", removal)
	}
	var kept map[string]any
	_ = json.Unmarshal(removal[0].Details, &kept)
	if kept["text"] != "Texto ofensivo #polemica" || kept["author_id"] != ana.ID {
		t.Fatalf("the removed post is not kept in the audit log: %s", removal[0].Details)
	}
	if len(resolution) != 1 || resolution[0].Action != "report.resolve" || resolution[0].ActorRole != "moderator" {
		t.Fatalf("resolution audit: %+v", resolution)
	}
	// Dismissing leaves the post alone; suspend_author suspends its author.
	mod.Do(http.MethodPost, "/api/v1/admin/reports/"+other+"/resolve", map[string]string{"action": "suspend_author"}).Expect(t, http.StatusOK)
	var suspended bool
	if err := app.DB.NewRaw(`SELECT suspended_at IS NOT NULL FROM accounts WHERE id = ?`, ana.ID).Scan(ctx, &suspended); err != nil || !suspended {
		t.Fatalf("author suspended = %v %v", suspended, err)
	}
}
