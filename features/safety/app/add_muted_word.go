package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Duration is how long a word stays muted.
type Duration string

// The durations a member chooses from.
const (
	Day     Duration = "24h"
	Week    Duration = "7d"
	Month   Duration = "30d"
	Forever Duration = "forever"
)

// Durations are every choice, shortest first.
var Durations = []Duration{Day, Week, Month, Forever}

// span is d's length; ok false for an unknown d. Forever is 0.
func (d Duration) span() (time.Duration, bool) {
	switch d {
	case Day:
		return 24 * time.Hour, true
	case Week:
		return 7 * 24 * time.Hour, true
	case Month:
		return 30 * 24 * time.Hour, true
	case Forever, "":
		return 0, true
	}
	return 0, false
}

// ErrTooManyWords is a store's answer when the member already has max
// words muted (expired ones do not count).
var ErrTooManyWords = errors.New("too many muted words")

// WordAdder stores a muted word. A word equal to one already muted, once
// case and accents are folded, replaces that one's expiry instead of
// adding a second: muting again is how a member extends a mute.
type WordAdder interface {
	AddMutedWord(ctx context.Context, w domain.MutedWord, max int) (domain.MutedWord, error)
}

// AddMutedWord mutes a word or phrase for the viewer.
type AddMutedWord struct {
	Words WordAdder
	Clock ports.Clock
}

// Handle mutes word for d.
func (uc *AddMutedWord) Handle(ctx context.Context, viewer domain.Viewer, word string, d Duration) (domain.MutedWord, error) {
	if !viewer.SignedIn() {
		return domain.MutedWord{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	word = strings.Join(strings.Fields(word), " ")
	switch {
	case word == "":
		return domain.MutedWord{}, errs.Invalid(CodeWordEmpty, MsgWordEmpty, map[string]string{"word": MsgWordEmpty})
	case utf8.RuneCountInString(word) > MaxMutedWordLen:
		return domain.MutedWord{}, errs.Invalid(CodeWordTooLong, MsgWordTooLong, map[string]string{"word": MsgWordTooLong})
	}
	span, ok := d.span()
	if !ok {
		return domain.MutedWord{}, errs.Invalid(CodeWordDuration, MsgWordDuration, map[string]string{"duration": MsgWordDuration})
	}
	now := uc.Clock.Now()
	w := domain.MutedWord{ID: domain.NewMutedWordID(), MemberID: viewer.UserID, Word: word, CreatedAt: now}
	if span > 0 {
		until := now.Add(span)
		w.ExpiresAt = &until
	}
	saved, err := uc.Words.AddMutedWord(ctx, w, MaxMutedWords)
	switch {
	case errors.Is(err, ErrTooManyWords):
		return domain.MutedWord{}, errs.Invalid(CodeWordsLimit, MsgWordsLimit, nil)
	case errors.Is(err, ErrNoActorProfile):
		return domain.MutedWord{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	case err != nil:
		return domain.MutedWord{}, fmt.Errorf("mute word for %s: %w", viewer.UserID, err)
	}
	return saved, nil
}
