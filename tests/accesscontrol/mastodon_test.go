package accesscontrol_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"social/core/domain"
	"social/plugins/mastodon/httpapi"
	at "social/tests/testkit/apptest"
)

// Every endpoint of the Mastodon client API (the plugin's catalog, so a
// new one is walked without being listed here) is guarded by the same
// token check: without a token it is refused 401, with an app's token that
// lacks its scopes 403, with the token of a member since suspended 401;
// an anonymous endpoint answers without one. And no parameter, however
// wrong, makes it fail with a 5xx.
func TestEveryMastodonEndpointIsGuarded(t *testing.T) {
	t.Parallel()
	var catalog httpapi.Catalog
	app := at.StartPopulating(t, nil, &catalog)
	if len(catalog.Endpoints) == 0 {
		t.Fatal("the catalog is empty")
	}
	lia := app.Member("lia")
	everything := strings.Join(domain.AllScopeNames(), " ")
	full := lia.AppClient(t, everything)
	victim := app.Member("rui")
	suspended := victim.AppClient(t, everything)
	admin := app.Staff("chefe", domain.RoleAdmin)
	admin.Do(http.MethodPost, "/api/v1/admin/profiles/"+victim.ID+"/suspend", map[string]string{"reason": "spam"}).
		Expect(t, http.StatusOK)
	narrow := map[string]*at.Client{}

	for _, e := range catalog.Endpoints {
		path := fill(e.Path, "01930000-0000-7000-8000-000000000000")
		send := func(c *at.Client) *at.Response { return c.Do(e.Method, path, nil) }
		if e.Anonymous {
			if r := send(app.Client()); r.Status >= 400 && r.Status != http.StatusNotFound {
				t.Errorf("%s (anonymous) without a token: %d %.200s", e.Pattern(), r.Status, r.Body)
			}
		} else {
			wantCode(t, e, send(app.Client()), http.StatusUnauthorized, "token_required")
			wantCode(t, e, send(suspended), http.StatusUnauthorized, "token_required")
		}
		if e.Scopes == 0 {
			if !e.Anonymous {
				t.Errorf("%s names no scope: no app could call it", e.Pattern())
			}
			continue
		}
		scope := outside(e.Scopes)
		if narrow[scope] == nil {
			narrow[scope] = lia.AppClient(t, scope)
		}
		if r := send(narrow[scope]); !e.Anonymous {
			wantCode(t, e, r, http.StatusForbidden, "insufficient_scope")
		} else if r.Status == http.StatusForbidden {
			t.Errorf("%s (anonymous) with a token of another scope: 403", e.Pattern())
		}
		// Wrong values everywhere: an ID that is no ID, a body of the
		// wrong types. A refusal, never a 5xx.
		for _, c := range []struct {
			path string
			body any
		}{
			{fill(e.Path, "não-é-id"), nil},
			{path + "?limit=muitos&max_id=%00&since_id=x&min_id=&id[]=x&types[]=x", nil},
			{path, map[string]any{"status": map[string]any{"x": 1}, "media_ids": "x", "visibility": 3,
				"in_reply_to_id": []int{1}, "limit": "x", "file": true, "display_name": []string{"a"}}},
			{path, strings.NewReader("{")},
		} {
			if r := full.Do(e.Method, c.path, c.body, "Content-Type", "application/json"); r.Status >= 500 {
				t.Errorf("%s %s with wrong values: %d %.300s", e.Method, c.path, r.Status, r.Body)
			}
		}
	}
	t.Logf("%d endpoints walked", len(catalog.Endpoints))
}

func wantCode(t *testing.T, e httpapi.Endpoint, r *at.Response, status int, code string) {
	t.Helper()
	var body struct{ Error, Code string }
	if r.Status != status || json.Unmarshal(r.Body, &body) != nil || body.Code != code || body.Error == "" {
		t.Errorf("%s: %d %.200s, want %d %s with a message", e.Pattern(), r.Status, r.Body, status, code)
	}
}

// fill puts value in every {name} of a ServeMux path.
func fill(path, value string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return b.String() + path
		}
		j := strings.IndexByte(path[i:], '}')
		b.WriteString(path[:i] + value)
		path = path[i+j+1:]
	}
}

// outside is a scope that grants none of need.
func outside(need domain.Scopes) string {
	for _, name := range domain.AllScopeNames() {
		s, _, ok := domain.ParseScopes(name)
		if ok && !s.Covers(need) && !need.Covers(s) {
			return name
		}
	}
	panic("every scope grants it")
}
