package httpapi_test

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	search "social/features/search/app"
	at "social/tests/testkit/apptest"
)

type suggestions struct {
	Hashtags []struct {
		Tag    string `json:"tag"`
		People int    `json:"people"`
		Posts  int    `json:"posts"`
	} `json:"hashtags"`
}

func suggested(t *testing.T, m *at.Member) []string {
	t.Helper()
	var s suggestions
	m.Do(http.MethodGet, "/api/v1/search/suggestions", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.Hashtags == nil {
		t.Fatal("hashtags is null")
	}
	tags := make([]string, len(s.Hashtags))
	for i, h := range s.Hashtags {
		tags[i] = h.Tag
	}
	return tags
}

// The suggestions are the week's hashtags of public posts by active
// members, most people first: a tag one member repeats, one hidden in a
// friends-only post, one from last month or from a suspended member does
// not outrank what several people talk about.
func TestSuggestionsAreTheWeeksHashtagsByPeople(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, joao, lia, zeh := app.Member("ana_silva"), app.Member("joao_pedro"), app.Member("lia_souza"), app.Member("zeh_spam")

	r := app.Client().Do(http.MethodGet, "/api/v1/search/suggestions", nil).Expect(t, http.StatusUnauthorized)
	if p := r.Problem(t); p.Code != search.CodeUnauthenticated {
		t.Fatalf("problem = %+v", p)
	}

	ana.NewPost(t, "Forró no sábado #Forro", "public")
	joao.NewPost(t, "#forro e #samba", "public")
	lia.NewPost(t, "Roda de #samba", "public")
	lia.NewPost(t, "Mais #samba hoje", "public")
	for range 3 {
		ana.NewPost(t, "Meu #cordel novo", "public")
	}
	joao.NewPost(t, "Só para amigos #segredo #segredo2 #segredo3", "friends_only")
	old := lia.NewPost(t, "Lembrança #antigo", "public")
	joao.NewPost(t, "Outra lembrança #antigo", "public")
	for range 4 {
		zeh.NewPost(t, "Compre já #promo", "public")
	}
	ctx := context.Background()
	if _, err := app.DB.NewRaw(`UPDATE posts SET created_at = created_at - interval '8 days' WHERE id = ?`, old).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB.NewRaw(`UPDATE accounts SET suspended_at = now() WHERE id = ?`, zeh.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	var s suggestions
	ana.Do(http.MethodGet, "/api/v1/search/suggestions", nil).Expect(t, http.StatusOK).JSON(t, &s)
	want := suggestions{}
	for _, h := range []struct {
		tag           string
		people, posts int
	}{{"samba", 2, 3}, {"forro", 2, 2}, {"cordel", 1, 3}, {"antigo", 1, 1}} {
		want.Hashtags = append(want.Hashtags, struct {
			Tag    string `json:"tag"`
			People int    `json:"people"`
			Posts  int    `json:"posts"`
		}{h.tag, h.people, h.posts})
	}
	if !reflect.DeepEqual(s, want) {
		t.Fatalf("suggestions = %+v, want %+v", s, want)
	}

	// Worked out again only once the answer is five minutes old.
	joao.NewPost(t, "#novidade", "public")
	if got := suggested(t, joao); len(got) != 4 {
		t.Fatalf("within five minutes: %v", got)
	}
	app.Clock.Advance(search.TrendLifetime)
	if got := suggested(t, joao); len(got) != 5 || got[4] != "novidade" {
		t.Fatalf("after five minutes: %v", got)
	}
}
