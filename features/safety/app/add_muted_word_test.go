package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// wordStore is an in-memory WordAdder: it keeps what it was given and
// answers err when set.
type wordStore struct {
	added []domain.MutedWord
	max   int
	err   error
}

func (s *wordStore) AddMutedWord(_ context.Context, w domain.MutedWord, max int) (domain.MutedWord, error) {
	s.max = max
	if s.err != nil {
		return domain.MutedWord{}, s.err
	}
	s.added = append(s.added, w)
	return w, nil
}

// The form rules of a muted word: spaces folded, empty and too long
// refused, a duration from the list only, the expiry counted from now.
func TestAddMutedWordRules(t *testing.T) {
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	viewer := domain.Viewer{UserID: domain.NewUserID()}
	store := &wordStore{}
	uc := &AddMutedWord{Words: store, Clock: portstest.Clock{At: now}}
	ctx := context.Background()

	w, err := uc.Handle(ctx, viewer, "  copa \t do\n mundo ", Week)
	if err != nil || w.Word != "copa do mundo" || w.MemberID != viewer.UserID {
		t.Fatalf("spaces are folded to one: %+v %v", w, err)
	}
	if w.ExpiresAt == nil || !w.ExpiresAt.Equal(now.Add(7*24*time.Hour)) {
		t.Fatalf("7d expires a week from now: %v", w.ExpiresAt)
	}
	if store.max != MaxMutedWords {
		t.Fatalf("the store is given the limit %d, got %d", MaxMutedWords, store.max)
	}
	for d, span := range map[Duration]time.Duration{Day: 24 * time.Hour, Month: 30 * 24 * time.Hour} {
		w, err := uc.Handle(ctx, viewer, "palavra", d)
		if err != nil || w.ExpiresAt == nil || !w.ExpiresAt.Equal(now.Add(span)) {
			t.Fatalf("%s: %v %v", d, w.ExpiresAt, err)
		}
	}
	for _, d := range []Duration{Forever, ""} {
		if w, err := uc.Handle(ctx, viewer, "palavra", d); err != nil || w.ExpiresAt != nil {
			t.Fatalf("%q never expires: %v %v", d, w.ExpiresAt, err)
		}
	}

	added := len(store.added)
	for _, tc := range []struct {
		word string
		d    Duration
		want string
	}{
		{" \n\t ", Day, CodeWordEmpty},
		{strings.Repeat("é", MaxMutedWordLen+1), Day, CodeWordTooLong},
		{"palavra", "1y", CodeWordDuration},
	} {
		if _, err := uc.Handle(ctx, viewer, tc.word, tc.d); portstest.CodeOf(err) != tc.want {
			t.Fatalf("%q for %q: %v, want %s", tc.word, tc.d, err, tc.want)
		}
	}
	if _, err := uc.Handle(ctx, viewer, strings.Repeat("é", MaxMutedWordLen), Day); err != nil {
		t.Fatalf("%d characters (not bytes) are allowed: %v", MaxMutedWordLen, err)
	}
	if len(store.added) != added+1 {
		t.Fatal("a refused word reached the store")
	}
	if _, err := uc.Handle(ctx, domain.Viewer{}, "palavra", Day); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
}

// The store's refusals become the member's answers.
func TestAddMutedWordStoreRefusals(t *testing.T) {
	viewer := domain.Viewer{UserID: domain.NewUserID()}
	for err, want := range map[error]string{ErrTooManyWords: CodeWordsLimit, ErrNoActorProfile: CodeNoProfile} {
		uc := &AddMutedWord{Words: &wordStore{err: err}, Clock: portstest.Clock{At: time.Now()}}
		if _, got := uc.Handle(context.Background(), viewer, "palavra", Day); portstest.CodeOf(got) != want {
			t.Fatalf("%v: %v, want %s", err, got, want)
		}
	}
}
