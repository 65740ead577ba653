package auth

import (
	"strings"
	"testing"
	"time"

	"social/core/domain"
)

type settableClock struct{ now time.Time }

func (c *settableClock) Now() time.Time { return c.now }

// A token checked once is answered from memory afterwards, and memory
// changes none of the answers: an expired token is refused, and a token
// that differs in a single character is checked, and refused, in full.
func TestTokensRememberedKeepEveryCheck(t *testing.T) {
	clock := &settableClock{now: time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)}
	tokens := NewTokensWith([]byte("0123456789abcdef0123456789abcdef"), "http://social.test", 15*time.Minute, clock)
	want := domain.Viewer{UserID: domain.NewUserID(), Role: domain.RoleMember, SessionID: "s1"}
	token, _, err := tokens.Issue(want)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		got, err := tokens.Parse(token)
		if err != nil || got != want {
			t.Fatalf("Parse = %+v, %v; want %+v", got, err, want)
		}
	}

	signature := strings.LastIndexByte(token, '.') + 1
	forged := token[:signature] + strings.Map(func(r rune) rune {
		if r == 'A' {
			return 'B'
		}
		return 'A'
	}, token[signature:signature+1]) + token[signature+1:]
	if _, err := tokens.Parse(forged); err == nil {
		t.Error("a token with another signature was accepted")
	}

	clock.now = clock.now.Add(15*time.Minute + time.Second)
	if _, err := tokens.Parse(token); err == nil {
		t.Error("a remembered token was accepted after it expired")
	}
}

// Memory is bounded: past a generation's size the oldest tokens are
// forgotten (and checked again in full when they come back).
func TestVerifiedTokensAreBounded(t *testing.T) {
	v := newVerifiedTokens()
	now := time.Now()
	for i := range 3 * verifiedTokensPerGeneration {
		v.remember(strings.Repeat("x", i%7)+string(rune(i)), domain.Viewer{SessionID: "s"}, now.Add(time.Hour))
	}
	if n := len(v.current) + len(v.previous); n > 2*verifiedTokensPerGeneration {
		t.Errorf("%d tokens remembered, more than two generations of %d", n, verifiedTokensPerGeneration)
	}
}
