package accesscontrol_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

// hostileText is what a client may put in any text: each value goes, in
// turn, into every string field of every body, every query parameter and
// every path parameter of the document.
type hostileText struct {
	name  string
	value string
	// exact: printable text that must be stored as sent, if accepted.
	exact bool
}

// loneSurrogates stands in a JSON body for a raw \ud800 and \udfff, which
// Go strings cannot hold; the query and the path get the bytes of UTF-8
// encoded surrogates instead, which are not valid UTF-8.
const loneSurrogates = "SURROGATES-PLACEHOLDER"

var hostileTexts = []hostileText{
	{name: "nul", value: "antes\x00depois"},
	{name: "c0 controls", value: "a\x01\x07\x08\x1b[31m\x7fb"},
	{name: "c1 controls", value: "a\u0085\u009b\u009fb"},
	{name: "lone surrogates", value: loneSurrogates},
	{name: "100,000 characters", value: strings.Repeat("é", 100_000)},
	{name: "quotes, backslashes and placeholders", value: `marca-7Qz ' '' " \ \\ \' ? ?? $1 $2 :name ?name %s -- ; /*`, exact: true},
}

// TestHostileTextNeverAnswers500 walks every operation of the document the
// running server serves. No value answers 500; a NUL is refused with 422
// naming the field (PostgreSQL cannot store it); and printable text full
// of quotes, backslashes and placeholders that an operation accepts is
// stored exactly as sent, so no value ever changed the shape of a query.
func TestHostileTextNeverAnswers500(t *testing.T) {
	w := newWorld(t)
	ops := w.document(t)
	ruleOf := map[string]rule{}
	for _, r := range rules {
		ruleOf[r.op] = r
	}
	// The session operations (sign-out, sign-in with wrong passwords) are
	// walked by a member of their own, so that the others' sessions and
	// sign-in limits stay whole.
	walker := w.app.Member("andarilho")
	sent := 0
	before := w.snap.take(t)
	for _, op := range ops {
		who, values := w.ownValues(t, op, ruleOf)
		w.keepSignedIn(t, who)
		c := w.actor(who)
		switch {
		case strings.HasPrefix(op.Path, "/api/v1/auth/"):
			c = walker.Client
		case strings.HasPrefix(op.Path, "/api/v1/admin/"):
			c = w.staff.Client
		}
		for _, h := range hostileTexts {
			try := func(where string, resp *at.Response) {
				t.Helper()
				sent++
				if resp.Status >= 500 {
					t.Errorf("%s, %s in %s: status %d: %.300s", op, h.name, where, resp.Status, resp.Body)
					return
				}
				if h.name == "nul" && !namesTheField(resp, where) {
					t.Errorf("%s, NUL in %s: status %d, want 422 naming %s: %.300s", op, where, resp.Status, where, resp.Body)
				}
				if h.exact && success(resp.Status) {
					after := w.snap.take(t)
					for _, ch := range diff(before, after) {
						if ch.After != nil && strings.Contains(compact(ch.After), "marca-7Qz") &&
							!strings.Contains(compact(ch.After), jsonString(h.value)) {
							t.Errorf("%s, %s in %s: stored differently from what was accepted: %s", op, h.name, where, ch)
						}
					}
					before = after
				}
			}
			for _, field := range stringFields(op) {
				try("body."+field, w.sendHostileBody(t, c, op, values, field, h.value, walker.Email))
			}
			for _, q := range op.QueryParams {
				try("query."+q, c.Do(op.Method, op.URL(values)+"?"+q+"="+queryValue(h.value), nil))
			}
			for i := range op.PathParams {
				hostile := append([]string(nil), values...)
				hostile[i] = pathValue(h.value)
				try("path", c.Do(op.Method, op.URL(hostile), nil))
			}
		}
	}
	t.Logf("%d operations, %d hostile requests", len(ops), sent)
}

// keepSignedIn signs the actor in again when an operation walked before
// (ending sessions) signed it out, so every operation is tried signed in.
func (w *world) keepSignedIn(t *testing.T, who string) {
	t.Helper()
	var m *at.Member
	switch who {
	case "", "A":
		m = w.a
	case "B":
		m = w.b
	case "C":
		m = w.c
	case "staff":
		m = w.staff
	default:
		return
	}
	if m.Do(http.MethodGet, "/api/v1/notifications/unread-count", nil).Status != http.StatusUnauthorized {
		return
	}
	m.Session = m.SignIn(m.Email, at.Password)
	m.Token = m.Session.AccessToken
}

// ownValues are path values an operation accepts and who may use them: the
// control of its access rule (the owner's fixture), else nothing to fill.
func (w *world) ownValues(t *testing.T, op operation, ruleOf map[string]rule) (string, []string) {
	r, ok := ruleOf[op.ID]
	if !ok || len(r.on) == 0 {
		values := make([]string, len(op.PathParams))
		for i := range values {
			values[i] = "0193e0c1-7c2e-7000-8000-000000000001"
		}
		return "", values
	}
	values, err := w.fixtureValues(op, r.on[0])
	if err != nil {
		t.Fatal(err)
	}
	who := r.by
	if r.class == anyMember {
		who = "B"
	}
	return who, values
}

// stringFields are the body's free-text fields (enumerations and files
// aside), sorted.
func stringFields(op operation) []string {
	if op.Body == nil {
		return nil
	}
	var out []string
	for name, p := range op.Body.Properties {
		if name != "$schema" && !p.ReadOnly && p.is("string") && len(p.Enum) == 0 && p.Format != "binary" {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

func (w *world) sendHostileBody(t *testing.T, c *at.Client, op operation, values []string, field, value, email string) *at.Response {
	t.Helper()
	set := map[string]any{field: value}
	if _, has := op.Body.Properties["email"]; has && field != "email" && strings.HasPrefix(op.Path, "/api/v1/auth/") {
		set["email"] = email
	}
	for _, name := range op.Body.Required {
		// A required field the ordinary bodies have no value for (a
		// mailed token) gets some text: the walk is about the other field.
		if p := op.Body.Properties[name]; p != nil && p.is("string") && name != field {
			if _, ok := w.fieldValue(op, name, p); !ok {
				set[name] = "texto"
			}
		}
	}
	req, err := w.bodyWith(t, op, false, set)
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	if fields, ok := req.body.(map[string]any); ok {
		raw, err := json.Marshal(fields)
		if err != nil {
			t.Fatal(err)
		}
		raw = bytes.ReplaceAll(raw, []byte(loneSurrogates), []byte(`\ud800x\udfff`))
		return c.Do(op.Method, op.URL(values), bytes.NewReader(raw), "Content-Type", "application/json")
	}
	return c.Do(op.Method, op.URL(values), req.body, req.header...)
}

func queryValue(v string) string {
	if v == loneSurrogates {
		return "%ED%A0%80x%ED%BF%BF"
	}
	return url.QueryEscape(v)
}

func pathValue(v string) string {
	if v == loneSurrogates {
		return "%ED%A0%80x%ED%BF%BF"
	}
	return url.PathEscape(v)
}

// namesTheField: a 422 whose errors name where the NUL was.
func namesTheField(resp *at.Response, where string) bool {
	if resp.Status != http.StatusUnprocessableEntity {
		return false
	}
	var p struct {
		Code   string `json:"code"`
		Errors []struct {
			Location string `json:"location"`
		} `json:"errors"`
	}
	if json.Unmarshal(resp.Body, &p) != nil || p.Code != "unstorable_text" {
		return false
	}
	for _, e := range p.Errors {
		if e.Location == where {
			return true
		}
	}
	return false
}

// jsonString is v as it appears inside a JSON document, without quotes.
func jsonString(v string) string {
	raw, _ := json.Marshal(v)
	return string(raw[1 : len(raw)-1])
}
