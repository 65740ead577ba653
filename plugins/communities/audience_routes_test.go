package communities_test

import (
	"net/http"
	"testing"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

// Who writes and reads a community's posts through the posts routes
// (create-post with audience_id, list-feed with audience_id): the
// community's own refusals, before the form is looked at, for everyone
// who is not an approved member; the feed's rules for the combinations.
func TestAudienceRulesThroughThePostsRoutes(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, caio, duda, eva := app.Member("ana"), app.Member("bia"), app.Member("caio"), app.Member("duda"), app.Member("eva")
	open := create(t, ana, "Trilhas", "open")
	closed := create(t, ana, "Conselho", "closed")
	join(t, bia, open.ID)
	join(t, eva, open.ID)
	join(t, duda, closed.ID) // pending: the owner never approves

	write := func(m *at.Member, audience, text string) *at.Response {
		return m.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": text, "audience_id": audience})
	}
	type page struct {
		Items []post `json:"items"`
	}
	read := func(m *at.Member, audience string) page {
		var p page
		m.Do(http.MethodGet, feedOf(audience), nil).Expect(t, http.StatusOK).JSON(t, &p)
		return p
	}
	const membersOnly = "Entre na comunidade para ver e compartilhar posts."

	// A member writes; the post is for the community's members alone.
	var p post
	write(bia, open.ID, "Trilha no sábado").Expect(t, http.StatusCreated).JSON(t, &p)
	if p.Visibility != "members_only" || p.AudienceID == nil || *p.AudienceID != open.ID {
		t.Fatalf("created: %+v", p)
	}
	if got := read(ana, open.ID); len(got.Items) != 1 || got.Items[0].ID != p.ID {
		t.Fatalf("owner's page: %+v", got)
	}

	// Not a member (a stranger, a pending request in a closed community):
	// the community's refusal, even for a form the core would refuse.
	at.ExpectProblem(t, write(caio, open.ID, "Oi"), http.StatusForbidden, "community_members_only", membersOnly)
	at.ExpectProblem(t, write(caio, open.ID, "  "), http.StatusForbidden, "community_members_only", membersOnly)
	at.ExpectProblem(t, caio.Do(http.MethodGet, feedOf(open.ID), nil), http.StatusForbidden, "community_members_only", membersOnly)
	at.ExpectProblem(t, write(duda, closed.ID, "Oi"), http.StatusForbidden, "community_members_only", membersOnly)
	at.ExpectProblem(t, duda.Do(http.MethodGet, feedOf(closed.ID), nil), http.StatusForbidden, "community_members_only", membersOnly)

	// An unknown community.
	unknown := domain.NewUserID().String()
	at.ExpectProblem(t, write(bia, unknown, "Oi"), http.StatusNotFound, "community_not_found", "Comunidade não encontrada")
	at.ExpectProblem(t, bia.Do(http.MethodGet, feedOf(unknown), nil), http.StatusNotFound, "community_not_found", "Comunidade não encontrada")

	// Nonsensical combinations: another order than newest first, another
	// visibility than the audience's.
	for _, algorithm := range []string{"ranked", "following"} {
		r := bia.Do(http.MethodGet, feedOf(open.ID)+"&algorithm="+algorithm, nil).Expect(t, http.StatusUnprocessableEntity).Problem(t)
		if r.Code != "invalid_input" || r.Field("algorithm") != "Os posts de um público só vêm do mais novo ao mais antigo." {
			t.Fatalf("%s with an audience: %+v", algorithm, r)
		}
	}
	bia.Do(http.MethodGet, feedOf(open.ID)+"&algorithm=chronological", nil).Expect(t, http.StatusOK)
	r := bia.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Oi", "audience_id": open.ID,
		"visibility": "friends_only"}).Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if r.Code != "invalid_input" || r.Field("visibility") != "Visibilidade inválida." {
		t.Fatalf("friends_only with an audience: %+v", r)
	}
	// Without audience_id nothing changed: a public post, in the public feed.
	var public post
	bia.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Para todos"}).Expect(t, http.StatusCreated).JSON(t, &public)
	if public.Visibility != "public" || public.AudienceID != nil {
		t.Fatalf("a post without audience: %+v", public)
	}
	if got := read(bia, open.ID); len(got.Items) != 1 {
		t.Fatalf("a public post in the community's page: %+v", got)
	}

	// A removed member is a stranger again.
	var members struct {
		Items []member `json:"items"`
	}
	ana.Do(http.MethodGet, "/api/v1/communities/"+open.ID+"/members?status=approved", nil).Expect(t, http.StatusOK).JSON(t, &members)
	for _, m := range members.Items {
		if m.UserID == bia.ID {
			ana.Do(http.MethodDelete, "/api/v1/communities/"+open.ID+"/members/"+m.ID, nil).Expect(t, http.StatusNoContent)
		}
	}
	at.ExpectProblem(t, write(bia, open.ID, "Ainda aqui?"), http.StatusForbidden, "community_members_only", membersOnly)
	at.ExpectProblem(t, bia.Do(http.MethodGet, feedOf(open.ID), nil), http.StatusForbidden, "community_members_only", membersOnly)

	// A suspended member's session stops, and their posts leave the page.
	var evas post
	write(eva, open.ID, "Levo o lanche").Expect(t, http.StatusCreated).JSON(t, &evas)
	if got := read(ana, open.ID); len(got.Items) != 2 {
		t.Fatalf("before the suspension: %+v", got)
	}
	mod := app.Staff("mod", domain.RoleModerator)
	mod.Do(http.MethodPost, "/api/v1/admin/profiles/"+eva.ID+"/suspend", map[string]string{"reason": "Spam"}).Expect(t, http.StatusOK)
	write(eva, open.ID, "Voltei").Expect(t, http.StatusUnauthorized)
	eva.Do(http.MethodGet, feedOf(open.ID), nil).Expect(t, http.StatusUnauthorized)
	if got := read(ana, open.ID); len(got.Items) != 1 || got.Items[0].ID != p.ID {
		t.Fatalf("a suspended member's post is still listed: %+v", got)
	}
}
