package accesscontrol_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"
)

// notCompared are the tables that change on their own, whatever the
// requests do. Keep this list short: every table left out is a place a
// refused request could write unseen.
var notCompared = map[string]string{
	// River's bookkeeping: the elected leader renews its lease and the
	// queue its heartbeat on River's own clock.
	"river_leader": "leader lease",
	"river_queue":  "queue heartbeat",
}

// takenOnTheirOwn are queues whose rows a worker deletes as it takes them,
// at any moment: a row's removal says nothing of the request under test,
// so only additions are compared (one taken before the second snapshot is
// missed, which hides nothing a refused request could change: a queued
// search document only makes the indexer read the database again).
var takenOnTheirOwn = map[string]bool{"search_queue": true}

// riverJobRow keeps of a job only what its enqueuer wrote: River moves a
// job's state, attempts and times as it works it, and the elected leader
// enqueues the periodic jobs (metadata "periodic") on its own schedule.
const riverJobRow = `jsonb_build_object('kind', t.kind, 'args', t.args)::text`
const riverJobFilter = ` WHERE NOT coalesce((t.metadata->>'periodic')::boolean, false)`

// snapshotter reads every row of every compared table in one query.
type snapshotter struct {
	db    *bun.DB
	query string
}

// snapshot is table -> primary key (JSON) -> row (JSON).
type snapshot map[string]map[string]string

func newSnapshotter(t testing.TB, db *bun.DB) *snapshotter {
	t.Helper()
	ctx := context.Background()
	var tables []struct {
		Schema string `bun:"schema"`
		Name   string `bun:"name"`
		Key    string `bun:"key"` // primary key columns, comma-separated; "" without one
	}
	err := db.NewRaw(`SELECT n.nspname AS schema, c.relname AS name,
			coalesce((SELECT string_agg(quote_ident(a.attname), ',' ORDER BY array_position(i.indkey, a.attnum))
				FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
				WHERE i.indrelid = c.oid AND i.indisprimary), '') AS key
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
		ORDER BY 1, 2`).Scan(ctx, &tables)
	if err != nil {
		t.Fatalf("list tables: %v", err)
	}
	var parts []string
	for _, tb := range tables {
		label := tb.Name
		if tb.Schema != "public" {
			label = tb.Schema + "." + tb.Name
		}
		if _, skip := notCompared[label]; skip {
			continue
		}
		key, row, where := "to_jsonb(t)::text", "to_jsonb(t)::text", ""
		if tb.Key != "" {
			key = "jsonb_build_array(" + prefixed(tb.Key) + ")::text"
		}
		if label == "river_job" {
			row, where = riverJobRow, riverJobFilter
		}
		parts = append(parts, fmt.Sprintf("SELECT %s AS tbl, %s AS key, %s AS row FROM %s.%s t%s",
			quoteLiteral(label), key, row, quoteIdent(tb.Schema), quoteIdent(tb.Name), where))
	}
	if len(parts) < 10 {
		t.Fatalf("only %d tables found", len(parts))
	}
	return &snapshotter{db: db, query: strings.Join(parts, "\nUNION ALL ")}
}

func prefixed(cols string) string {
	var out []string
	for _, c := range strings.Split(cols, ",") {
		out = append(out, "t."+c)
	}
	return strings.Join(out, ", ")
}

func quoteIdent(s string) string   { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
func quoteLiteral(s string) string { return `'` + strings.ReplaceAll(s, `'`, `''`) + `'` }

func (s *snapshotter) take(t testing.TB) snapshot {
	t.Helper()
	rows, err := s.db.QueryContext(context.Background(), s.query)
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	defer rows.Close()
	out := snapshot{}
	for rows.Next() {
		var tbl, key, row string
		if err := rows.Scan(&tbl, &key, &row); err != nil {
			t.Fatalf("snapshot row: %v", err)
		}
		if out[tbl] == nil {
			out[tbl] = map[string]string{}
		}
		out[tbl][key] = row
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("snapshot rows: %v", err)
	}
	return out
}

// rowChange is one row added (Before nil), removed (After nil) or changed.
type rowChange struct {
	Table, Key    string
	Before, After map[string]any
}

func (c rowChange) String() string {
	switch {
	case c.Before == nil:
		return fmt.Sprintf("%s +%s", c.Table, compact(c.After))
	case c.After == nil:
		return fmt.Sprintf("%s -%s", c.Table, compact(c.Before))
	}
	var cols []string
	for _, col := range c.changedColumns() {
		cols = append(cols, fmt.Sprintf("%s: %s -> %s", col, compact(c.Before[col]), compact(c.After[col])))
	}
	return fmt.Sprintf("%s %s ~{%s}", c.Table, c.Key, strings.Join(cols, ", "))
}

func (c rowChange) changedColumns() []string {
	var cols []string
	for col, v := range c.After {
		if compact(v) != compact(c.Before[col]) {
			cols = append(cols, col)
		}
	}
	sort.Strings(cols)
	return cols
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// diff lists the rows that differ between two snapshots, in table order.
func diff(before, after snapshot) []rowChange {
	var out []rowChange
	decode := func(s string) map[string]any {
		var m map[string]any
		_ = json.Unmarshal([]byte(s), &m)
		return m
	}
	tables := map[string]bool{}
	for tb := range before {
		tables[tb] = true
	}
	for tb := range after {
		tables[tb] = true
	}
	for tb := range tables {
		for key, b := range before[tb] {
			a, ok := after[tb][key]
			switch {
			case !ok && takenOnTheirOwn[tb]:
			case !ok:
				out = append(out, rowChange{Table: tb, Key: key, Before: decode(b)})
			case a != b:
				out = append(out, rowChange{Table: tb, Key: key, Before: decode(b), After: decode(a)})
			}
		}
		for key, a := range after[tb] {
			if _, ok := before[tb][key]; !ok {
				out = append(out, rowChange{Table: tb, Key: key, After: decode(a)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Table != out[j].Table {
			return out[i].Table < out[j].Table
		}
		return out[i].Key < out[j].Key
	})
	return out
}

func describe(changes []rowChange) string {
	var lines []string
	for _, c := range changes {
		lines = append(lines, "  "+c.String())
	}
	return strings.Join(lines, "\n")
}

// settle waits until River has worked every job enqueued so far (the
// periodic ones aside), so that what a request set going has landed
// before the next snapshot.
func settle(t testing.TB, db *bun.DB) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var pending int
		err := db.NewRaw(`SELECT count(*) FROM river_job
			WHERE NOT coalesce((metadata->>'periodic')::boolean, false)
			  AND (state IN ('available', 'running', 'pending')
			    OR (state IN ('scheduled', 'retryable') AND scheduled_at < now() + interval '2 seconds'))`).
			Scan(context.Background(), &pending)
		if err != nil {
			t.Fatalf("pending jobs: %v", err)
		}
		if pending == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs still pending after 30 s", pending)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
