package twofactor_test

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	twofactor "social/features/twofactor/app"
	"social/features/twofactor/pgstore"
	at "social/tests/testkit/apptest"
)

func TestPruneDeletesChallengesAndFailuresADayPast(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("hana")
	acc, err := domain.ParseUserID(m.ID)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s := pgstore.NewStore(app.DB)
	now := app.Clock.Now()
	for i, at := range []time.Time{now.Add(-25 * time.Hour), now.Add(-time.Hour)} {
		if err := s.CreateChallenge(ctx, twofactor.Challenge{TokenHash: []byte{byte(i)}, Kind: twofactor.KindSecondStep,
			AccountID: acc, CreatedAt: at, ExpiresAt: at.Add(twofactor.ChallengeTTL)}); err != nil {
			t.Fatal(err)
		}
		if err := s.AddFailure(ctx, acc, at); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Prune(ctx, now.Add(-24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"twofactor_challenges", "twofactor_failures"} {
		var n int
		if err := app.DB.NewRaw(`SELECT count(*) FROM `+table+` WHERE account_id = ?`, m.ID).Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("%s: %d rows left, want the recent one", table, n)
		}
	}
}
