package mastodon_test

import (
	"net/http"
	"net/url"
	"testing"

	at "social/tests/testkit/apptest"
)

// Mastodon's user domain blocks through this door run the safety
// feature's use cases: a form or a query names the domain, the list is
// of strings, the network's own domain and a malformed one are refused,
// and a token without write:blocks changes nothing.
func TestDomainBlocks(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia := app.Member("lia")
	liaApp := lia.AppClient(t, "read:blocks write:blocks")
	var list []string
	liaApp.Do(http.MethodGet, "/api/v1/domain_blocks", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if list == nil || len(list) != 0 {
		t.Fatalf("no domain blocks yet: %#v", list)
	}
	var empty map[string]any
	at.FormPost(liaApp, "/api/v1/domain_blocks", url.Values{"domain": {"Exemplo.Social"}}).Expect(t, http.StatusOK).JSON(t, &empty)
	if empty == nil || len(empty) != 0 {
		t.Fatalf("a block answers {}: %#v", empty)
	}
	liaApp.Do(http.MethodPost, "/api/v1/domain_blocks", map[string]string{"domain": "outro.example"}).Expect(t, http.StatusOK)
	liaApp.Do(http.MethodGet, "/api/v1/domain_blocks", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list) != 2 || !contains(list, "exemplo.social") || !contains(list, "outro.example") {
		t.Fatalf("domain blocks %q", list)
	}
	expectError(t, liaApp.Do(http.MethodPost, "/api/v1/domain_blocks", map[string]string{"domain": "não é domínio"}),
		http.StatusUnprocessableEntity, "domain_invalid")
	own, _ := url.Parse(app.Config.HTTP.PublicURL)
	expectError(t, liaApp.Do(http.MethodPost, "/api/v1/domain_blocks", map[string]string{"domain": own.Host}),
		http.StatusUnprocessableEntity, "domain_own")
	expectError(t, lia.AppClient(t, "read").Do(http.MethodPost, "/api/v1/domain_blocks", map[string]string{"domain": "x.example"}),
		http.StatusForbidden, "insufficient_scope")

	liaApp.Do(http.MethodDelete, "/api/v1/domain_blocks?domain=exemplo.social", nil).Expect(t, http.StatusOK)
	expectError(t, liaApp.Do(http.MethodDelete, "/api/v1/domain_blocks?domain=exemplo.social", nil),
		http.StatusNotFound, "domain_block_not_found")
	liaApp.Do(http.MethodGet, "/api/v1/domain_blocks", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list) != 1 || list[0] != "outro.example" {
		t.Fatalf("after the removal: %q", list)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
