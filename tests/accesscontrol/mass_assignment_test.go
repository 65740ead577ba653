package accesscontrol_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

// massActor is who sends an operation without a path parameter ("A"
// unless said): the account operations are made signed out.
var massActor = map[string]string{
	"sign-up":             "anonymous",
	"sign-in":             "anonymous",
	"forgot-password":     "anonymous",
	"resend-confirmation": "anonymous",
	// Its ordinary body deletes the sender's account: a member of its own.
	"delete-account": "leaver",
}

// massAssignment sends every operation with a body twice: first with the
// extra fields, which must be refused with nothing changed (422 naming
// only extra fields) or accepted without any extra field landing in a
// column; then, for an operation no access rule exercises, the ordinary
// body alone, which must succeed (so the builder makes real bodies).
func (w *world) massAssignment(t *testing.T, ops []operation) {
	ruleOf := map[string]rule{}
	for _, r := range rules {
		ruleOf[r.op] = r
	}
	for _, op := range ops {
		if op.Body == nil || op.Method == http.MethodGet || op.Method == http.MethodDelete {
			continue
		}
		if _, skip := notMassAssigned[op.ID]; skip {
			continue
		}
		r, ruled := ruleOf[op.ID]
		if ruled && r.class == staffOnly {
			continue
		}
		t.Run(op.ID, func(t *testing.T) {
			who, variant := massActor[op.ID], ""
			switch {
			case ruled && r.class == anyMember:
				// B's open action is the one a member would pad.
				who, variant = "B", r.on[0]
			case ruled:
				who, variant = r.by, r.on[0]
			case len(op.PathParams) > 0:
				t.Fatalf("%s has a path parameter and no rule", op)
			}
			var values []string
			if variant != "" {
				var err error
				if values, err = w.fixtureValues(op, variant); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := w.body(t, op, false); err != nil {
				t.Fatalf("cannot build a body for %s: %v; give the field a value in fieldValue or list the operation in notMassAssigned", op, err)
			}
			c := w.actor(who)
			before := w.snap.take(t)
			resp := w.send(t, c, op, values, true)
			settle(t, w.app.DB)
			changes := diff(before, w.snap.take(t))
			w.massAnswers[resp.Status]++
			switch {
			case resp.Status == http.StatusUnprocessableEntity || resp.Status == http.StatusBadRequest:
				if len(changes) > 0 {
					t.Errorf("%s refused the extra fields (%d) but changed rows:\n%s", op, resp.Status, describe(changes))
				}
				w.onlyExtrasRefused(t, op, resp)
			case success(resp.Status):
				for _, ch := range changes {
					if problem := assigned(op, ch, w.extras()); problem != "" {
						t.Errorf("%s with extra fields: %s: %s", op, problem, ch)
					}
				}
			default:
				t.Errorf("%s with extra fields as %s: status %d, want 2xx or 422: %s", op, actorName(who), resp.Status, resp.Body)
			}
			if ruled {
				return // the access rule's allowed or control request sends the ordinary body
			}
			if plain := w.send(t, c, op, values, false); !success(plain.Status) {
				t.Errorf("%s with its ordinary body as %s: status %d, want 2xx: %s", op, actorName(who), plain.Status, plain.Body)
			}
			settle(t, w.app.DB)
		})
	}
}

// onlyExtrasRefused checks that a 422 names extra fields only: the rest of
// the body was valid, so the refusal is the extra fields'.
func (w *world) onlyExtrasRefused(t *testing.T, op operation, resp *at.Response) {
	t.Helper()
	var p struct {
		Errors []struct {
			Location string `json:"location"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(resp.Body, &p); err != nil || len(p.Errors) == 0 {
		t.Errorf("%s: 422 without the fields it refuses: %s", op, resp.Body)
		return
	}
	extras := w.extras()
	for _, e := range p.Errors {
		if _, ok := extras[strings.TrimPrefix(e.Location, "body.")]; !ok {
			t.Errorf("%s: refused %q, which is not an extra field: the ordinary body is invalid: %s", op, e.Location, resp.Body)
		}
	}
}

// assigned says which of the extra fields a changed row took, "" when
// none. A field of op's own body may land in its column.
func assigned(op operation, ch rowChange, extras map[string]any) string {
	if ch.After == nil {
		return ""
	}
	if strings.Contains(jsonText(ch.After), sentinelID) {
		return "a row holds the sentinel id"
	}
	for col, sent := range extras {
		if _, inBody := op.Body.Properties[col]; inBody {
			continue
		}
		got, has := ch.After[col]
		if !has {
			continue
		}
		if ch.Before != nil && fmt.Sprint(ch.Before[col]) == fmt.Sprint(got) {
			continue // unchanged
		}
		if sameValue(got, sent) {
			return fmt.Sprintf("column %s took the body's %v", col, sent)
		}
	}
	if ch.Table == "accounts" && ch.Before != nil && fmt.Sprint(ch.Before["role"]) != fmt.Sprint(ch.After["role"]) {
		return "a member's role changed"
	}
	if ch.Table == "profiles" && ch.Before != nil && fmt.Sprint(ch.Before["is_verified"]) != fmt.Sprint(ch.After["is_verified"]) {
		return "a member's badge changed"
	}
	return ""
}

// sameValue compares a column read as JSON with a value sent: times by
// their date and second, numbers and strings by their text.
func sameValue(got, sent any) bool {
	if s, ok := sent.(string); ok && s == sentinelTime {
		g, _ := got.(string)
		return strings.HasPrefix(strings.Replace(g, " ", "T", 1), "2001-02-03T04:05:06")
	}
	return fmt.Sprint(got) == fmt.Sprint(sent)
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
