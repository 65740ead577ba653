package pgstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"social/core/domain"
	"social/core/ports/portstest"
	"social/features/safety/pgstore"
	"social/tests/testkit/sqlrig"
)

// safety.prune_muted_words deletes the words whose mute ended, for every
// member, whether or not they add another; words still in force and
// forever ones stay, and a second run finds nothing more.
func TestPruneMutedWordsIsIdempotent(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	store := pgstore.NewSafety(rig.DB)
	clock := &portstest.Clock{At: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	ana, bia := rig.Member(), rig.Member()
	mute := func(member domain.UserID, word string, span time.Duration) {
		t.Helper()
		w := domain.MutedWord{ID: domain.NewMutedWordID(), MemberID: member, Word: word, CreatedAt: clock.Now()}
		if span > 0 {
			until := clock.Now().Add(span)
			w.ExpiresAt = &until
		}
		if _, err := store.AddMutedWord(context.Background(), w, 100); err != nil {
			t.Fatal(err)
		}
	}
	mute(ana, "futebol", 24*time.Hour)
	mute(ana, "novela", 30*24*time.Hour)
	mute(ana, "spoiler", 0)
	mute(bia, "eleição", 24*time.Hour)
	clock.At = clock.At.Add(48 * time.Hour)

	w := &pgstore.PruneMutedWordsWorker{Store: store, Clock: clock}
	for range 2 {
		if err := w.Work(context.Background(), &river.Job[pgstore.PruneMutedWordsArgs]{}); err != nil {
			t.Fatal(err)
		}
	}
	var left []string
	if err := rig.DB.NewRaw(`SELECT word FROM muted_words ORDER BY word`).Scan(context.Background(), &left); err != nil {
		t.Fatal(err)
	}
	if len(left) != 2 || left[0] != "novela" || left[1] != "spoiler" {
		t.Fatalf("left %v, want the month's and the forever word", left)
	}
	if (pgstore.PruneMutedWordsArgs{}).Kind() != "safety.prune_muted_words" {
		t.Fatal("job kind changed")
	}
}
