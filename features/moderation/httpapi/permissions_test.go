package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"social/config"
	"social/core/domain"
	"social/plugins/rooms"
	at "social/tests/testkit/apptest"
)

// need is who may use an operation.
type need int

const (
	moderators need = iota
	admins
)

var roles = []string{"anonymous", "member", "moderator", "admin"}

// op is one admin operation. setup makes what a call by one role acts on
// (a fresh post to remove, say) and returns the path and body; check, when
// set, proves an allowed call did its work.
type op struct {
	name   string
	method string
	need   need
	setup  func(t *testing.T) (path string, body any)
	check  func(t *testing.T, path string)
}

func get(path string) func(*testing.T) (string, any) {
	return func(*testing.T) (string, any) { return path, nil }
}

// fingerprint sums up everything an admin operation could change; a
// refused call must leave it as it was.
func fingerprint(t *testing.T, app *at.App) string {
	t.Helper()
	var s string
	err := app.DB.NewRaw(`SELECT concat_ws('|',
		(SELECT string_agg(id::text || role || coalesce(suspended_at::text, '-'), ',' ORDER BY id) FROM accounts),
		(SELECT string_agg(id::text || is_verified::text, ',' ORDER BY id) FROM profiles),
		(SELECT string_agg(id::text, ',' ORDER BY id) FROM posts),
		(SELECT string_agg(id::text || status, ',' ORDER BY id) FROM reports),
		(SELECT count(*) FROM audit_log),
		(SELECT string_agg(id::text || is_active::text, ',' ORDER BY id) FROM listening_rooms),
		(SELECT count(*) FROM sessions WHERE revoked_at IS NULL))`).Scan(context.Background(), &s)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPermissionMatrix calls every admin operation as nobody, a member, a
// moderator and an administrator: each gets the allowed answer or its
// refusal (401 unauthenticated, 403 admin_access_closed, 403 admins_only),
// and after each refusal nothing changed.
func TestPermissionMatrix(t *testing.T) {
	// The outbox is closed here, as in production.
	app := at.Start(t, func(c *config.Config) {
		c.Admin.OpenAccess = false
		rooms.ConfigOf(c).Rooms.StreamHosts = []string{"example.com"} // the room fixture's track
	})
	as := map[string]*at.Client{
		"anonymous": app.Client(),
		"member":    app.Member("membro").Client,
		"moderator": app.Staff("moderadora", domain.RoleModerator).Client,
		"admin":     app.Staff("admin", domain.RoleAdmin).Client,
	}
	author, reporter := app.Member("autora"), app.Member("denunciante")
	post := func(t *testing.T, text string) string { return author.NewPost(t, text, "") }
	report := func(t *testing.T) string {
		id := post(t, "Um post denunciado")
		return fileReport(t, reporter, id)
	}
	community := createCommunity(t, author, "Clube do Livro")
	communityPost := func(t *testing.T) string {
		var p struct{ ID string }
		author.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Capítulo 3", "audience_id": community}).
			Expect(t, http.StatusCreated).JSON(t, &p)
		return p.ID
	}
	room := func(t *testing.T) string {
		var r struct{ ID string }
		author.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Sala de jazz",
			"track_preview_url": "https://example.com/a.mp3", "track_source": "preview", "current_track": "Faixa"}).
			Expect(t, http.StatusCreated).JSON(t, &r)
		return r.ID
	}
	target := func(handle string) string { return app.Member(handle).ID }
	n := 0
	fresh := func() string { n++; return "alvo" + string(rune('a'+n%26)) + string(rune('a'+n/26)) }
	first := post(t, "Primeiro post #livros")
	firstReport := fileReport(t, reporter, first)
	var audit []struct{ ID string }
	reason := map[string]string{"reason": "Spam repetido"}

	ops := []op{
		{name: "stats", method: http.MethodGet, need: moderators, setup: get("/api/v1/admin/stats")},
		{name: "migrations", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/migrations")},
		{name: "migration", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/migrations/" + url.PathEscape("core:20261127000001_moderation"))},
		{name: "plugins", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/plugins")},
		{name: "plugin", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/plugins/rooms")},
		{name: "mail", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/mail")},
		{name: "profiles", method: http.MethodGet, need: moderators, setup: get("/api/v1/admin/profiles")},
		{name: "profile", method: http.MethodGet, need: moderators, setup: get("/api/v1/admin/profiles/" + author.ID)},
		{name: "verify profile", method: http.MethodPut, need: admins, setup: func(t *testing.T) (string, any) {
			return "/api/v1/admin/profiles/" + target(fresh()), map[string]any{"is_verified": true}
		}},
		{name: "change role", method: http.MethodPut, need: admins, setup: func(t *testing.T) (string, any) {
			return "/api/v1/admin/profiles/" + target(fresh()), map[string]any{"role": "moderator"}
		}},
		{name: "suspend", method: http.MethodPost, need: moderators, setup: func(t *testing.T) (string, any) {
			return "/api/v1/admin/profiles/" + target(fresh()) + "/suspend", reason
		}},
		{name: "unsuspend", method: http.MethodPost, need: moderators, setup: func(t *testing.T) (string, any) {
			id := target(fresh())
			as["admin"].Do(http.MethodPost, "/api/v1/admin/profiles/"+id+"/suspend", reason).Expect(t, http.StatusOK)
			return "/api/v1/admin/profiles/" + id + "/unsuspend", map[string]string{"reason": "Recurso aceito"}
		}},
		{name: "posts", method: http.MethodGet, need: moderators, setup: get("/api/v1/admin/posts?filter=" + url.QueryEscape(`{"hashtag":"livros"}`))},
		{name: "post", method: http.MethodGet, need: moderators, setup: get("/api/v1/admin/posts/" + first)},
		{name: "remove post", method: http.MethodDelete, need: moderators, setup: func(t *testing.T) (string, any) {
			return "/api/v1/admin/posts/" + post(t, "Um post removido"), reason
		}, check: func(t *testing.T, path string) {
			author.Do(http.MethodGet, "/api/v1"+path[len("/api/v1/admin"):], nil).Expect(t, http.StatusNotFound)
		}},
		{name: "reports", method: http.MethodGet, need: moderators, setup: get("/api/v1/admin/reports?filter=" + url.QueryEscape(`{"status":"open"}`))},
		{name: "report", method: http.MethodGet, need: moderators, setup: get("/api/v1/admin/reports/" + firstReport)},
		{name: "resolve report", method: http.MethodPost, need: moderators, setup: func(t *testing.T) (string, any) {
			return "/api/v1/admin/reports/" + report(t) + "/resolve", map[string]string{"action": "dismiss", "note": "Sem violação"}
		}},
		{name: "hashtags", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/hashtags")},
		{name: "hashtag", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/hashtags/livros")},
		{name: "audit", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/audit")},
		{name: "audit entry", method: http.MethodGet, need: admins, setup: func(t *testing.T) (string, any) {
			as["admin"].Do(http.MethodGet, "/api/v1/admin/audit?range=[0,0]", nil).Expect(t, http.StatusOK).JSON(t, &audit)
			return "/api/v1/admin/audit/" + audit[0].ID, nil
		}},
		{name: "communities", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/communities")},
		{name: "community", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/communities/" + community)},
		// A community's post is a post: the posts resource removes it.
		{name: "remove community post", method: http.MethodDelete, need: moderators, setup: func(t *testing.T) (string, any) {
			return "/api/v1/admin/posts/" + communityPost(t), reason
		}},
		{name: "rooms", method: http.MethodGet, need: admins, setup: get("/api/v1/admin/rooms")},
		{name: "end room", method: http.MethodPost, need: admins, setup: func(t *testing.T) (string, any) {
			return "/api/v1/admin/rooms/" + room(t) + "/end", reason
		}},
		{name: "job dashboard", method: http.MethodGet, need: admins, setup: get("/admin/jobs/api/jobs?state=available")},
	}
	for _, o := range ops {
		for _, role := range roles {
			t.Run(o.name+"/"+role, func(t *testing.T) {
				path, body := o.setup(t)
				before := fingerprint(t, app)
				r := as[role].Do(o.method, path, body)
				allowed := role == "admin" || (role == "moderator" && o.need == moderators)
				if allowed {
					if r.Status != http.StatusOK {
						t.Fatalf("%s %s as %s = %d: %s", o.method, path, role, r.Status, r.Body)
					}
					if o.check != nil {
						o.check(t, path)
					}
					return
				}
				wantStatus, wantCode := http.StatusForbidden, "admins_only"
				switch role {
				case "anonymous":
					wantStatus, wantCode = http.StatusUnauthorized, "unauthenticated"
				case "member":
					wantCode = "admin_access_closed"
				}
				if p := r.Expect(t, wantStatus).Problem(t); p.Code != wantCode {
					t.Fatalf("%s %s as %s: code %q, want %q", o.method, path, role, p.Code, wantCode)
				}
				if after := fingerprint(t, app); after != before {
					t.Fatalf("%s %s as %s was refused but changed the data", o.method, path, role)
				}
			})
		}
	}
}

func fileReport(t *testing.T, m *at.Member, post string) string {
	t.Helper()
	var r struct{ ID string }
	m.Do(http.MethodPost, "/api/v1/posts/"+post+"/report", map[string]string{"reason": "Conteúdo ofensivo"}).
		Expect(t, http.StatusCreated).JSON(t, &r)
	return r.ID
}

func createCommunity(t *testing.T, m *at.Member, name string) string {
	t.Helper()
	var c struct{ ID string }
	m.Do(http.MethodPost, "/api/v1/communities", map[string]string{"name": name, "privacy": "open"}).
		Expect(t, http.StatusCreated).JSON(t, &c)
	return c.ID
}
