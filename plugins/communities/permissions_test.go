package communities_test

import (
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

// want is the answer one role gets: a status and, for a refusal, its code.
type want struct {
	status int
	code   string
}

var (
	ok        = want{http.StatusOK, ""}
	created   = want{http.StatusCreated, ""}
	gone      = want{http.StatusNoContent, ""}
	anonymous = want{http.StatusUnauthorized, "unauthenticated"}
	forbidden = want{http.StatusForbidden, "community_forbidden"}
	onlyMine  = want{http.StatusForbidden, "community_members_only"}
	notOwner  = want{http.StatusForbidden, "community_not_owner"}
	// hidden: a community's post is, for anyone but its members, no post.
	hidden = want{http.StatusNotFound, "post_not_found"}
)

var roles = []string{"anonymous", "stranger", "pending", "rejected", "member", "admin", "owner"}

// world is one community and a member in each role.
type world struct {
	c         community
	as        map[string]*at.Client
	rows      map[string]string // role -> membership row ID
	asker     string            // a request to approve
	victim    string            // a member the owner removes
	ownerPost string
	postOf    map[string]string // role -> a post that role deletes
}

func newWorld(t *testing.T, app *at.App, ms map[string]*at.Member, privacy string) world {
	owner := ms["owner"]
	w := world{as: map[string]*at.Client{"anonymous": app.Client()}, rows: map[string]string{}, postOf: map[string]string{}}
	w.c = create(t, owner, "Mundo "+privacy, privacy)
	if w.c.Membership == nil || w.c.Membership.Role != "owner" || w.c.Membership.Status != "approved" || w.c.MemberCount != 1 {
		t.Fatalf("new community: %+v", w.c)
	}
	w.rows["owner"] = w.c.Membership.ID
	base := "/api/v1/communities/" + w.c.ID
	approve := func(row string) {
		if privacy == "closed" {
			owner.Do(http.MethodPost, base+"/members/"+row+"/approve", nil).Expect(t, http.StatusOK)
		}
	}
	for _, role := range []string{"admin", "member", "victim", "asker"} {
		w.rows[role] = join(t, ms[role], w.c.ID).ID
		if role != "asker" {
			approve(w.rows[role])
		}
	}
	owner.Do(http.MethodPatch, base+"/members/"+w.rows["admin"], map[string]string{"role": "admin"}).Expect(t, http.StatusOK)
	if privacy == "closed" {
		w.rows["pending"] = join(t, ms["pending"], w.c.ID).ID
		w.rows["rejected"] = join(t, ms["rejected"], w.c.ID).ID
		owner.Do(http.MethodPost, base+"/members/"+w.rows["rejected"]+"/reject", nil).Expect(t, http.StatusOK)
	}
	w.asker, w.victim = w.rows["asker"], w.rows["victim"]
	for role, m := range ms {
		w.as[role] = m.Client
	}
	w.ownerPost = createPost(t, owner, w.c.ID, "Boas-vindas à comunidade!").ID
	memberPost := createPost(t, ms["member"], w.c.ID, "Oi, pessoal").ID
	adminPost := createPost(t, ms["admin"], w.c.ID, "Regras da casa").ID
	for _, r := range roles {
		w.postOf[r] = memberPost
	}
	w.postOf["owner"] = adminPost
	w.postOf["admin"] = w.ownerPost
	return w
}

// TestPermissionMatrix runs every action as every role in open and closed
// communities: allowed roles get the answer, the others the exact refusal,
// and a refusal changes nothing. Open communities have no pending or
// rejected members (a join is approved at once), so those roles are only in
// closed ones.
func TestPermissionMatrix(t *testing.T) {
	app := at.Start(t, nil)
	ms := map[string]*at.Member{}
	for _, h := range []string{"owner", "admin", "member", "pending", "rejected", "stranger", "victim", "asker"} {
		ms[h] = app.Member("m_" + h)
	}
	for _, privacy := range []string{"open", "closed"} {
		t.Run(privacy, func(t *testing.T) {
			w := newWorld(t, app, ms, privacy)
			base := "/api/v1/communities/" + w.c.ID
			readers := func(allowed want) map[string]want {
				return map[string]want{"anonymous": anonymous, "stranger": onlyMine, "pending": onlyMine, "rejected": onlyMine,
					"member": allowed, "admin": allowed, "owner": allowed}
			}
			managers := func(allowed want) map[string]want {
				return map[string]want{"anonymous": anonymous, "stranger": forbidden, "pending": forbidden, "rejected": forbidden,
					"member": forbidden, "admin": allowed, "owner": allowed}
			}
			ownerOnly := func(allowed, refused want) map[string]want {
				return map[string]want{"anonymous": anonymous, "stranger": refused, "pending": refused, "rejected": refused,
					"member": refused, "admin": refused, "owner": allowed}
			}
			membersList := managers(ok)
			membersList["member"] = ok
			// A community's posts are core posts: every core path on them
			// answers its members only; anyone else finds no post.
			postReaders := func(allowed want) map[string]want {
				return map[string]want{"anonymous": anonymous, "stranger": hidden, "pending": hidden, "rejected": hidden,
					"member": allowed, "admin": allowed, "owner": allowed}
			}
			deletePost := postReaders(gone)
			deletePost["admin"] = want{http.StatusForbidden, "post_not_author"}
			// As for a followers-only post, the locked row decides: only
			// its author edits, and to anyone else it is no post.
			editPost := postReaders(hidden)
			editPost["owner"] = ok
			report := postReaders(created)
			report["owner"] = want{http.StatusForbidden, "report_own_post"}
			translate := postReaders(want{http.StatusServiceUnavailable, "translation_unavailable"})
			posts := "/api/v1/posts/" + w.ownerPost
			rejectWant := managers(ok)
			if privacy == "open" {
				// The target is an approved member: only the owner removes them.
				rejectWant["admin"] = want{http.StatusUnprocessableEntity, "community_member_not_pending"}
				rejectWant["owner"] = rejectWant["admin"]
			}
			rejectTarget := w.rows["rejected"]
			if privacy == "open" {
				rejectTarget = w.rows["member"]
			}
			actions := []struct {
				name string
				do   func(c *at.Client, role string) *at.Response
				want map[string]want
			}{
				{"get", func(c *at.Client, _ string) *at.Response { return c.Do(http.MethodGet, base, nil) },
					map[string]want{"anonymous": anonymous, "stranger": ok, "pending": ok, "rejected": ok, "member": ok, "admin": ok, "owner": ok}},
				{"list approved members", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodGet, base+"/members?status=approved", nil)
				}, membersList},
				{"list pending requests", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodGet, base+"/members?status=pending", nil)
				}, managers(ok)},
				{"list posts", func(c *at.Client, _ string) *at.Response { return c.Do(http.MethodGet, feedOf(w.c.ID), nil) }, readers(ok)},
				{"create post", func(c *at.Client, role string) *at.Response {
					return c.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Post de " + role, "audience_id": w.c.ID})
				}, readers(created)},
				{"read post", func(c *at.Client, _ string) *at.Response { return c.Do(http.MethodGet, posts, nil) }, postReaders(ok)},
				{"like", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodPut, posts+"/like", nil)
				}, postReaders(ok)},
				{"unlike", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodDelete, posts+"/like", nil)
				}, postReaders(ok)},
				{"comment", func(c *at.Client, role string) *at.Response {
					return c.Do(http.MethodPost, posts+"/comments", map[string]string{"text_content": "Comentário de " + role})
				}, postReaders(created)},
				{"list comments", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodGet, posts+"/comments", nil)
				}, postReaders(ok)},
				{"share", func(c *at.Client, _ string) *at.Response { return c.Do(http.MethodPost, posts+"/share", nil) },
					postReaders(ok)},
				{"translate", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodPost, posts+"/translation", map[string]string{"target_language": "en"})
				}, translate},
				{"report", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodPost, posts+"/report", map[string]string{"reason": "spam"})
				}, report},
				{"edit", func(c *at.Client, role string) *at.Response {
					return c.Do(http.MethodPatch, posts, map[string]string{"text_content": "Boas-vindas, editado por " + role})
				}, editPost},
				{"delete post", func(c *at.Client, role string) *at.Response {
					return c.Do(http.MethodDelete, "/api/v1/posts/"+w.postOf[role], nil)
				}, deletePost},
				{"approve", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodPost, base+"/members/"+w.asker+"/approve", nil)
				}, managers(ok)},
				{"reject", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodPost, base+"/members/"+rejectTarget+"/reject", nil)
				}, rejectWant},
				{"set role", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodPatch, base+"/members/"+w.rows["member"], map[string]string{"role": "member"})
				}, ownerOnly(ok, forbidden)},
				{"set the owner's role", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodPatch, base+"/members/"+w.rows["owner"], map[string]string{"role": "admin"})
				}, ownerOnly(want{http.StatusUnprocessableEntity, "community_owner_immutable"}, forbidden)},
				{"remove the owner", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodDelete, base+"/members/"+w.rows["owner"], nil)
				}, ownerOnly(want{http.StatusUnprocessableEntity, "community_owner_immutable"}, forbidden)},
				{"remove member", func(c *at.Client, _ string) *at.Response {
					return c.Do(http.MethodDelete, base+"/members/"+w.victim, nil)
				}, ownerOnly(gone, forbidden)},
				{"owner leaves", func(c *at.Client, role string) *at.Response {
					if role != "owner" {
						return nil
					}
					return c.Do(http.MethodDelete, base+"/membership", nil)
				}, map[string]want{"owner": {http.StatusUnprocessableEntity, "community_owner_cannot_leave"}}},
				{"delete community", func(c *at.Client, _ string) *at.Response { return c.Do(http.MethodDelete, base, nil) },
					ownerOnly(gone, notOwner)},
			}
			for _, a := range actions {
				for _, role := range roles {
					c, exists := w.as[role]
					wnt, has := a.want[role]
					if !exists || !has || (privacy == "open" && (role == "pending" || role == "rejected")) {
						continue
					}
					before := snapshot(t, app, w.c.ID)
					r := a.do(c, role)
					if r == nil {
						continue
					}
					if r.Status != wnt.status {
						t.Fatalf("%s as %s: status %d, want %d: %s", a.name, role, r.Status, wnt.status, r.Body)
					}
					if wnt.code != "" {
						p := r.Problem(t)
						if p.Code != wnt.code {
							t.Fatalf("%s as %s: code %q, want %q (%s)", a.name, role, p.Code, wnt.code, p.Detail)
						}
						if wnt == notOwner && p.Detail != "Unauthorized to delete this community" {
							t.Fatalf("%s as %s: detail %q", a.name, role, p.Detail)
						}
						if wnt == onlyMine && p.Detail != "Entre na comunidade para ver e compartilhar posts." {
							t.Fatalf("%s as %s: detail %q", a.name, role, p.Detail)
						}
						if wnt == anonymous && a.name == "get" && p.Detail != "Você precisa estar logado" {
							t.Fatalf("%s as %s: detail %q", a.name, role, p.Detail)
						}
					}
					after := snapshot(t, app, w.c.ID)
					if r.Status >= 300 && after != before {
						t.Fatalf("%s as %s was refused but changed %v into %v", a.name, role, before, after)
					}
					if after.MemberCount >= 0 && after.MemberCount != after.Approved {
						t.Fatalf("%s as %s: %v", a.name, role, after)
					}
				}
			}
			if s := snapshot(t, app, w.c.ID); s.MemberCount != -1 || s.Rows != 0 || s.Posts != 0 {
				t.Fatalf("after delete: %v", s)
			}
		})
	}
}
