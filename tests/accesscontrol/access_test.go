package accesscontrol_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestEveryOperationIsGuarded walks the API document the running server
// serves, so an operation added tomorrow is covered or the test names it:
//
//   - refused: another member (B) acting through an owner-only operation,
//     on A's private variant of an open one, or through the admin API gets
//     403 or 404, and no row of any table changes;
//   - mass assignment: every body sent with extra fields (role, badge,
//     counters, owners, ids, times) leaves those columns alone;
//   - allowed: B's open actions change only B's own rows and the counters
//     the rule names, and B's answers carry none of A's private data;
//   - controls: each refused operation answers 2xx to whom the owner
//     admits, so every refusal above is about who asked.
func TestEveryOperationIsGuarded(t *testing.T) {
	w := newWorld(t)
	ops := w.document(t)
	byID := map[string]operation{}
	for _, op := range ops {
		byID[op.ID] = op
	}
	c := classify(ops, rules)
	for _, op := range c.Unclassified {
		t.Errorf("classify operation %s in rules (tests/accesscontrol/rules_test.go)", op)
	}
	for _, id := range c.Stale {
		t.Errorf("rule for %s: the API document has no such operation with a path parameter; remove or rename the rule", id)
	}
	for _, id := range c.Duplicated {
		t.Errorf("operation %s is classified twice in rules", id)
	}
	counts := map[class]int{}
	for _, r := range rules {
		if _, ok := byID[r.op]; ok {
			counts[r.class]++
		}
	}
	t.Logf("%d operations, %d with a path parameter: %d owner only, %d any member, %d staff only",
		len(ops), len(withPathParams(ops)), counts[ownerOnly], counts[anyMember], counts[staffOnly])

	live := func(yield func(rule, operation) bool) {
		for _, r := range rules {
			if op, ok := byID[r.op]; ok && !yield(r, op) {
				return
			}
		}
	}
	t.Run("app tokens", func(t *testing.T) { w.appTokens(t, ops) })
	t.Run("refused", func(t *testing.T) {
		for r, op := range live {
			if r.class == anyMember && len(r.hidden) == 0 {
				continue
			}
			t.Run(r.op, func(t *testing.T) {
				switch r.class {
				case ownerOnly:
					for _, v := range r.on {
						t.Run(v, func(t *testing.T) { w.refused(t, op, v, false) })
					}
				case anyMember:
					for _, v := range r.hidden {
						t.Run(v, func(t *testing.T) { w.refused(t, op, v, false) })
					}
				case staffOnly:
					w.refused(t, op, "", true)
				}
			})
		}
	})
	t.Logf("refused checks answered %v (status: count)", w.refusals)
	t.Run("mass assignment", func(t *testing.T) { w.massAssignment(t, ops) })
	t.Logf("mass assignment requests answered %v (status: count)", w.massAnswers)
	t.Run("allowed", func(t *testing.T) {
		for r, op := range live {
			if r.class != anyMember {
				continue
			}
			t.Run(r.op, func(t *testing.T) {
				for _, v := range r.on {
					t.Run(v, func(t *testing.T) { w.allowed(t, r, op, byID, v) })
				}
			})
		}
	})
	t.Run("controls", func(t *testing.T) {
		var last []func()
		for r, op := range live {
			if !controlled(r, op) {
				continue
			}
			run := func() { t.Run(r.op, func(t *testing.T) { w.control(t, r, op) }) }
			if r.consumes {
				last = append(last, run)
				continue
			}
			run()
		}
		for _, run := range last {
			run()
		}
	})
}

// document reads the OpenAPI document from the running server.
func (w *world) document(t *testing.T) []operation {
	t.Helper()
	r := w.anonymous.Do(http.MethodGet, "/api/openapi.json", nil)
	r.Expect(t, http.StatusOK)
	ops, err := parseDocument(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	if len(withPathParams(ops)) < 20 {
		t.Fatalf("only %d operations with a path parameter in the document", len(withPathParams(ops)))
	}
	return ops
}

// refused sends op as B on the variant (on the staff's first item when
// staff) and wants a refusal that changed no row.
func (w *world) refused(t *testing.T, op operation, variant string, staff bool) {
	var values []string
	if staff {
		values = []string{w.staffItem(t, op)}
	} else {
		var err error
		if values, err = w.fixtureValues(op, variant); err != nil {
			t.Fatal(err)
		}
	}
	before := w.snap.take(t)
	r := w.send(t, w.b.Client, op, values, false)
	settle(t, w.app.DB)
	changes := diff(before, w.snap.take(t))
	switch {
	case staff && r.Status != http.StatusForbidden:
		t.Errorf("%s as a plain member: status %d, want 403: %s", op, r.Status, r.Body)
	case !staff && !refusal(r.Status):
		t.Errorf("%s as another member on %s: status %d, want 403 or 404: %s", op, variant, r.Status, r.Body)
	}
	if len(changes) > 0 {
		t.Errorf("%s as another member changed rows (status %d):\n%s", op, r.Status, describe(changes))
	}
	if leaks := w.leaked(r.Body); len(leaks) > 0 {
		t.Errorf("%s refused another member but answered A's private data: %s", op, strings.Join(leaks, ", "))
	}
	w.refusals[r.Status]++
}

// staffItem is the ID of the first item the staff's list at op's parent
// path answers (a fresh UUID when the list is empty: the gate refuses
// before any lookup either way).
func (w *world) staffItem(t *testing.T, op operation) string {
	t.Helper()
	if len(op.PathParams) != 1 || !strings.HasPrefix(op.Path, "/api/v1/admin/") {
		t.Fatalf("%s: a staff rule needs one path parameter under /api/v1/admin/", op)
	}
	list := op.Path[:strings.Index(op.Path, "/{")]
	if id, ok := w.staffItems[list]; ok {
		return id
	}
	r := w.staff.Do(http.MethodGet, list, nil)
	r.Expect(t, http.StatusOK)
	var items []map[string]any
	r.JSON(t, &items)
	id := sentinelID
	if len(items) > 0 {
		switch v := items[0]["id"].(type) {
		case string:
			id = v
		case float64:
			id = fmt.Sprint(int64(v))
		default:
			t.Fatalf("%s: first item has no id: %v", list, items[0])
		}
	}
	w.staffItems[list] = id
	return id
}

// allowed sends op as B on the variant (after the rule's setup) and wants
// a success whose changes the rule's effect allows, carrying none of A's
// secrets.
func (w *world) allowed(t *testing.T, r rule, op operation, byID map[string]operation, variant string) {
	values, err := w.fixtureValues(op, variant)
	if err != nil {
		t.Fatal(err)
	}
	if r.setup != "" {
		setup, ok := byID[r.setup]
		if !ok {
			t.Fatalf("setup %s is not in the document", r.setup)
		}
		if s := w.send(t, w.b.Client, setup, values, false); !success(s.Status) {
			t.Fatalf("setup %s: status %d: %s", setup, s.Status, s.Body)
		}
		settle(t, w.app.DB)
	}
	before := w.snap.take(t)
	resp := w.send(t, w.b.Client, op, values, false)
	settle(t, w.app.DB)
	changes := diff(before, w.snap.take(t))
	if !success(resp.Status) {
		t.Fatalf("%s as another member on %s: status %d, want 2xx (open to every member): %s", op, variant, resp.Status, resp.Body)
	}
	if leaks := w.leaked(resp.Body); len(leaks) > 0 {
		t.Errorf("%s answered another member A's private data: %s", op, strings.Join(leaks, ", "))
	}
	for _, ch := range changes {
		if problem := r.effect.allows(ch, w.b.ID); problem != "" {
			t.Errorf("%s as another member on %s: %s: %s", op, variant, problem, ch)
		}
	}
}

// allows says what is wrong with a change, "" when the effect allows it.
func (e effect) allows(ch rowChange, actor string) string {
	c, ok := e[ch.Table]
	if !ok {
		return "a table outside the operation's effect changed"
	}
	if ch.Before == nil || ch.After == nil {
		row := ch.After
		if row == nil {
			row = ch.Before
		}
		added := ch.Before == nil
		switch {
		case added && c.cache:
		case added && c.kinds != nil:
			if !slices.Contains(c.kinds, fmt.Sprint(row["kind"])) {
				return "a job or search document of another kind was queued"
			}
		case added && c.ownerHash != "":
			sum := sha256.Sum256([]byte(actor))
			if fmt.Sprint(row[c.ownerHash]) != `\x`+hex.EncodeToString(sum[:]) {
				return fmt.Sprintf("a row whose %s is not the acting member's was added", c.ownerHash)
			}
		case c.owner == "":
			return "a row was added or removed where only existing rows may change"
		case fmt.Sprint(row[c.owner]) != actor:
			return fmt.Sprintf("a row whose %s is not the acting member's was added or removed", c.owner)
		}
		return ""
	}
	for _, col := range ch.changedColumns() {
		if !slices.Contains(c.cols, col) {
			return fmt.Sprintf("column %s changed", col)
		}
		if strings.HasSuffix(col, "_count") {
			b, _ := ch.Before[col].(float64)
			a, _ := ch.After[col].(float64)
			if math.Abs(a-b) > 1 {
				return fmt.Sprintf("%s moved by %v", col, a-b)
			}
		}
	}
	return ""
}

// control shows that the operation works for whom the owner admits, on
// the same fixtures B was refused (or, for an open operation, on the
// private variant B was refused).
func (w *world) control(t *testing.T, r rule, op operation) {
	var (
		who     string
		variant string
	)
	switch {
	case r.class == ownerOnly:
		who, variant = r.by, r.on[0]
	case r.class == anyMember && len(r.hidden) > 0:
		who, variant = r.hiddenBy, r.hidden[0]
	case r.class == staffOnly && op.Method == http.MethodGet:
		resp := w.staff.Do(op.Method, op.URL([]string{w.staffItem(t, op)}), nil)
		if !success(resp.Status) {
			t.Errorf("%s as staff: status %d: %s", op, resp.Status, resp.Body)
		}
		return
	default:
		return
	}
	values, err := w.fixtureValues(op, variant)
	if err != nil {
		t.Fatal(err)
	}
	if resp := w.send(t, w.actor(who), op, values, false); !success(resp.Status) {
		t.Errorf("%s as %s on %s: status %d, want 2xx: %s", op, actorName(who), variant, resp.Status, resp.Body)
	}
}

// controlled says whether control has something to show: open operations
// without a private variant answered B in "allowed", and the staff's
// writes act on the item their GET control reads.
func controlled(r rule, op operation) bool {
	switch r.class {
	case ownerOnly:
		return true
	case anyMember:
		return len(r.hidden) > 0
	}
	return op.Method == http.MethodGet
}

func actorName(who string) string {
	if who == "" {
		return "A"
	}
	return who
}

// openToApps are the operations that name OAuth scopes: an app's token
// with one of them acts there as its member.
var openToApps = []string{"verify-account-credentials"}

// appTokens sends every operation that refuses an anonymous request (401)
// with an app's OAuth token of A's carrying every scope, on A's own
// fixtures: it must be refused alike, as an app reaches only what names
// scopes. The token is shown alive on an operation opened to apps.
func (w *world) appTokens(t *testing.T, ops []operation) {
	app := w.app.Client()
	app.Token = w.appToken
	checked := 0
	for _, op := range ops {
		if slices.Contains(openToApps, op.ID) {
			continue
		}
		var values []string
		if len(op.PathParams) > 0 {
			i := slices.IndexFunc(rules, func(r rule) bool { return r.op == op.ID })
			if i < 0 || len(rules[i].on) == 0 {
				continue // a staff operation: its items are not A's
			}
			var err error
			if values, err = w.fixtureValues(op, rules[i].on[0]); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := w.body(t, op, false); err != nil {
			continue // a body only a browser ceremony makes (a passkey's)
		}
		if w.send(t, w.anonymous, op, values, false).Status != http.StatusUnauthorized {
			continue
		}
		checked++
		if r := w.send(t, app, op, values, false); r.Status != http.StatusUnauthorized {
			t.Errorf("%s with an app's token: status %d, want 401 as anonymous: %.300s", op, r.Status, r.Body)
		}
	}
	app.Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)
	if checked < 50 {
		t.Fatalf("only %d operations refuse an anonymous request", checked)
	}
	t.Logf("%d operations refused an app's token with every scope as anonymous", checked)
}
