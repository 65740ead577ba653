package delivery

import (
	"slices"
	"testing"
)

// Deliveries are queued one server at a time in turn, so that the
// workers, which may send only per_host at once to one server, are never
// all held by one server's long list.
func TestInterleaveTakesServersInTurn(t *testing.T) {
	got := interleave([]string{"https://a.example/u/1/inbox", "https://a.example/u/2/inbox", "https://a.example/u/3/inbox",
		"https://b.example/inbox", "https://C.example/u/1/inbox", "https://c.example/u/2/inbox"})
	want := []string{"https://a.example/u/1/inbox", "https://b.example/inbox", "https://C.example/u/1/inbox",
		"https://a.example/u/2/inbox", "https://c.example/u/2/inbox", "https://a.example/u/3/inbox"}
	if !slices.Equal(got, want) {
		t.Fatalf("%q\nwant %q", got, want)
	}
}
