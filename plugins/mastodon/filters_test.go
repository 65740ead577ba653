package mastodon_test

import (
	"net/http"
	"net/url"
	"testing"

	at "social/tests/testkit/apptest"
)

type filterJSON struct {
	ID           string   `json:"id"`
	Title        string   `json:"title"`
	Context      []string `json:"context"`
	ExpiresAt    *string  `json:"expires_at"`
	FilterAction string   `json:"filter_action"`
	Keywords     []struct {
		Keyword string `json:"keyword"`
	} `json:"keywords"`
}

// Filters are muted words: made from a form or JSON, listed in v2 and v1,
// their expiry changed, deleted; the word hides posts from the timelines;
// another member's filter is not found.
func TestFilters(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	c := lia.AppClient(t, "read write")

	var f filterJSON
	at.FormPost(c, "/api/v2/filters", url.Values{"title": {"Futebol"}, "context[]": {"home", "public"},
		"keywords_attributes[][keyword]": {"futebol"}, "expires_in": {"3600"}}).Expect(t, http.StatusOK).JSON(t, &f)
	if f.Title != "futebol" || len(f.Keywords) != 1 || f.Keywords[0].Keyword != "futebol" || f.FilterAction != "hide" ||
		f.ExpiresAt == nil || len(f.Context) != 5 {
		t.Fatalf("created: %+v", f)
	}
	var g filterJSON
	c.Do(http.MethodPost, "/api/v2/filters", map[string]any{"title": "novela", "context": []string{"home"},
		"keywords_attributes": []map[string]any{{"keyword": "novela", "whole_word": true}}}).Expect(t, http.StatusOK).JSON(t, &g)
	if g.Title != "novela" || g.ExpiresAt != nil {
		t.Fatalf("json: %+v", g)
	}

	ana.NewPost(t, "jogo de futebol hoje", "public")
	keep := ana.NewPost(t, "bom dia", "public")
	list, _ := statuses(t, c, "/api/v1/timelines/public")
	if len(list) != 1 || list[0].ID != keep {
		t.Fatalf("filtered timeline: %+v", list)
	}

	var all []filterJSON
	c.Do(http.MethodGet, "/api/v2/filters", nil).Expect(t, http.StatusOK).JSON(t, &all)
	if len(all) != 2 {
		t.Fatalf("v2 list: %+v", all)
	}
	var v1 []struct {
		ID, Phrase   string
		Irreversible bool
	}
	c.Do(http.MethodGet, "/api/v1/filters", nil).Expect(t, http.StatusOK).JSON(t, &v1)
	if len(v1) != 2 || !v1[0].Irreversible {
		t.Fatalf("v1 list: %+v", v1)
	}

	// Forever from now on; its word cannot change.
	var put filterJSON
	c.Do(http.MethodPut, "/api/v2/filters/"+f.ID, map[string]any{"expires_in": ""}).Expect(t, http.StatusOK).JSON(t, &put)
	if put.ExpiresAt != nil || put.ID != f.ID {
		t.Fatalf("put: %+v", put)
	}
	expectError(t, c.Do(http.MethodPut, "/api/v2/filters/"+f.ID, map[string]any{"keywords_attributes": []map[string]string{{"keyword": "outra"}}}),
		http.StatusUnprocessableEntity, "filter_word_fixed")

	anaApp := ana.AppClient(t, "read write")
	expectError(t, anaApp.Do(http.MethodGet, "/api/v2/filters/"+f.ID, nil), http.StatusNotFound, "record_not_found")
	expectError(t, anaApp.Do(http.MethodDelete, "/api/v2/filters/"+f.ID, nil), http.StatusNotFound, "record_not_found")
	expectError(t, lia.AppClient(t, "read").Do(http.MethodPost, "/api/v2/filters", map[string]string{"title": "x"}),
		http.StatusForbidden, "insufficient_scope")
	// The use case's own limits, in Mastodon's shape.
	r := c.Do(http.MethodPost, "/api/v2/filters", map[string]string{"title": "  "})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("blank word: %d %s", r.Status, r.Body)
	}

	c.Do(http.MethodDelete, "/api/v2/filters/"+f.ID, nil).Expect(t, http.StatusOK)
	list, _ = statuses(t, c, "/api/v1/timelines/public")
	if len(list) != 2 {
		t.Fatalf("after delete: %+v", list)
	}
}
