package domain

import "testing"

func TestScopesParseAndCover(t *testing.T) {
	s, _, ok := ParseScopes("read write:statuses  push")
	if !ok || s.String() != "read write:statuses push" {
		t.Fatalf("parse: %v %q", ok, s)
	}
	if _, bad, ok := ParseScopes("read admin:read"); ok || bad != "admin:read" {
		t.Fatalf("unknown scope accepted: %q", bad)
	}
	if d, _, _ := ParseScopes(""); d != ScopeRead {
		t.Fatalf("default: %q", d)
	}
	for _, c := range []struct {
		granted string
		need    Scopes
		want    bool
	}{
		{"read", ScopeReadAccounts, true},
		{"read:accounts", ScopeReadAccounts | ScopeProfile, true},
		{"profile", ScopeReadAccounts | ScopeProfile, true},
		{"read:statuses", ScopeReadAccounts | ScopeProfile, false},
		{"write", ScopeReadAccounts, false},
		{"follow", ScopeWriteBlocks, true},
		{"follow", ScopeWriteStatuses, false},
	} {
		g, _, _ := ParseScopes(c.granted)
		if got := g.Covers(c.need); got != c.want {
			t.Errorf("%q covers %q: %v, want %v", c.granted, c.need, got, c.want)
		}
	}
	for _, c := range []struct {
		asked, app string
		want       bool
	}{
		{"read:accounts", "read", true},
		{"read", "read:accounts", false},
		{"read write", "read write follow", true},
		{"write:follows", "follow", true},
		{"push", "read write", false},
	} {
		a, _, _ := ParseScopes(c.asked)
		p, _, _ := ParseScopes(c.app)
		if got := a.Within(p); got != c.want {
			t.Errorf("%q within %q: %v, want %v", c.asked, c.app, got, c.want)
		}
	}
	if len(AllScopeNames()) != 29 {
		t.Fatalf("scopes: %d", len(AllScopeNames()))
	}
}
