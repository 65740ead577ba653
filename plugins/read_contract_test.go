package plugins

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The read contract: a plugin reads what the core keeps only through the
// views the core's migrations publish for it (member_cards,
// member_follows) and the core's ports; its SQL names its own tables and
// those views, never a core table. A core table can then change shape
// without a plugin noticing, as long as the views keep theirs.
//
// The core tables are whatever the core's migrations create, so a new
// core table is covered without a rule of its own. The check reads every
// plugin's Go files (tests aside: a test may look at the core's rows to
// prove an effect) and its SQL migrations.
//
// One reference is allowed, in migrations only: a foreign key to
// profiles (id), the member's identity. A view cannot be the target of a
// foreign key, and the cascade is how a plugin's rows follow the member's
// account when it is deleted.

// coreTableRef finds a table named after a keyword that reads or writes
// one: FROM, JOIN, INTO, UPDATE, TABLE (ALTER/TRUNCATE) and REFERENCES.
var coreTableRef = regexp.MustCompile(`(?i)\b(from|join|into|update|table|references)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)`)

// released are plugin migrations shipped before the contract: a released
// migration is history and never changes, so they are read as they are.
var released = map[string]bool{
	"communities/migrations/20261214000001_posts_in_core.up.sql":   true,
	"communities/migrations/20261214000001_posts_in_core.down.sql": true,
}

// pending are the statements still outside the contract, each waiting on
// work elsewhere: the console lists' joins (their files belong to the
// console resources) and the deletion of a community's posts (which
// belongs with the core's posts). An entry that no longer matches fails
// the test, so the list only shrinks.
var pending = map[string]string{
	"communities/pgstore/admin.go:profiles":      "console list: owner's card",
	"messages/pgstore/admin.go:profiles":         "console list: both members' cards",
	"rooms/pgstore/admin.go:profiles":            "console list: host's card",
	"stories/pgstore/admin.go:profiles":          "console list: author's card",
	"communities/pgstore/store.go:posts":         "a deleted community's posts: their files and hashtags",
	"communities/pgstore/store.go:post_hashtags": "a deleted community's posts: their hashtags",
	"communities/pgstore/store.go:hashtags":      "a deleted community's posts: their hashtags",
}

func TestPluginSQLNamesNoCoreTable(t *testing.T) {
	core := coreTables(t)
	var found []string
	seen := map[string]bool{}
	report := func(rel string, line int, table string) {
		key := rel + ":" + table
		if _, ok := pending[key]; ok {
			seen[key] = true
			return
		}
		found = append(found, fmt.Sprintf("%s:%d names core table %s", rel, line, table))
	}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(path, string(filepath.Separator)) {
			return err
		}
		rel := filepath.ToSlash(path)
		switch {
		case strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
			for _, lit := range goStrings(t, path) {
				for _, m := range coreRefs(lit.text, core, strings.Contains(rel, "/pgstore/")) {
					report(rel, lit.line+m.line, m.table)
				}
			}
		case strings.HasSuffix(path, ".sql") && strings.Contains(rel, "/migrations/") && !released[rel]:
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range coreRefs(string(b), core, true) {
				if m.keyword == "references" && m.table == "profiles" {
					continue
				}
				report(rel, 1+m.line, m.table)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(found)
	for _, f := range found {
		t.Error(f)
	}
	if len(found) > 0 {
		t.Errorf("%d statements name a core table: read through the core's views (member_cards, member_follows) or ports", len(found))
	}
	for key, why := range pending {
		if !seen[key] {
			t.Errorf("pending %s (%s) no longer names the table: take it off the list", key, why)
		}
	}
}

// A table named only as a bare string (bun's Table, pgkit.EraseRows) is a
// reference too; a view or a plugin's own table is not.
func TestCoreRefsFindsEveryForm(t *testing.T) {
	core := map[string]bool{"profiles": true, "follows": true, "member_blocks": true}
	for text, want := range map[string]string{
		"SELECT 1 FROM follows WHERE follower_id = ?":               "follows",
		"x LEFT JOIN profiles AS p ON p.id = x.user_id":             "profiles",
		"DELETE FROM member_blocks WHERE blocker_id = ?":            "member_blocks",
		"UPDATE profiles SET post_count = 0":                        "profiles",
		"profiles":                                                  "profiles",
		"SELECT * FROM member_cards c JOIN stories s ON s.id = ?":   "",
		"SELECT follower_id FROM member_follows WHERE following_id": "",
	} {
		got := coreRefs(text, core, true)
		switch {
		case want == "" && len(got) != 0:
			t.Errorf("%q: found %v, want nothing", text, got)
		case want != "" && (len(got) != 1 || got[0].table != want):
			t.Errorf("%q: found %v, want %s", text, got, want)
		}
	}
	if got := coreRefs("profiles", core, false); len(got) != 0 {
		t.Errorf("a bare name outside a store: found %v", got)
	}
}

type tableRef struct {
	keyword, table string
	line           int // lines into the text
}

// coreRefs lists the core tables text names, statement keywords first;
// a text that is a table's bare name counts as one reference.
//
// A string that is a table's name alone (TableExpr("posts")) counts in a
// store only (bare is true): elsewhere the same word is a protocol's own
// (Mastodon's "notifications" timeline).
func coreRefs(text string, core map[string]bool, bare bool) []tableRef {
	if bare && core[strings.TrimSpace(text)] {
		return []tableRef{{table: strings.TrimSpace(text)}}
	}
	var out []tableRef
	for _, m := range coreTableRef.FindAllStringSubmatchIndex(text, -1) {
		table := strings.ToLower(text[m[4]:m[5]])
		if core[table] {
			out = append(out, tableRef{keyword: strings.ToLower(text[m[2]:m[3]]), table: table,
				line: strings.Count(text[:m[0]], "\n")})
		}
	}
	return out
}

type goString struct {
	text string
	line int
}

// goStrings are the string literals of a Go file with their first line.
func goStrings(t *testing.T, path string) []goString {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []goString
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
		}
		out = append(out, goString{text: s, line: fset.Position(lit.Pos()).Line})
		return true
	})
	return out
}

var createdTable = regexp.MustCompile(`(?i)\bcreate\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)`)

// coreTables are the tables the core's migrations create.
func coreTables(t *testing.T) map[string]bool {
	files, err := filepath.Glob(filepath.Join("..", "migrations", "*.up.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("core migrations: %v (%d files)", err, len(files))
	}
	tables := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range createdTable.FindAllStringSubmatch(string(b), -1) {
			tables[strings.ToLower(m[1])] = true
		}
	}
	for _, must := range []string{"profiles", "accounts", "follows", "posts", "member_blocks", "member_mutes"} {
		if !tables[must] {
			t.Fatalf("core table %s not found in the core's migrations", must)
		}
	}
	return tables
}
