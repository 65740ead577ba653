package pgkit

import "testing"

func TestNumberedGivesEachPlaceholderTheNextParameter(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"SELECT ?", "SELECT $1"},
		{"WHERE a = ? AND (b, c) < (?, ?) LIMIT 20", "WHERE a = $1 AND (b, c) < ($2, $3) LIMIT 20"},
		{"?,?", "$1,$2"},
	} {
		if got := Numbered(c.in); got != c.want {
			t.Errorf("Numbered(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
