package pgkit_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/uuid"

	"social/core/domain"
	"social/platform/pgkit"
)

// A member's rows go a batch at a time, step after step: first their
// views (each lowering its story's count), then their stories. Nobody
// else's row is touched, and a finished erasure changes nothing.
func TestEraseBatchGoesStepByStepLoweringCounts(t *testing.T) {
	ctx := context.Background()
	db := newDB(t)
	ana, bia := uuid.New(), uuid.New()
	for _, q := range []string{
		`CREATE TABLE t_stories (id int PRIMARY KEY, author_id uuid NOT NULL, view_count int NOT NULL)`,
		`CREATE TABLE t_views (story_id int NOT NULL, viewer_id uuid NOT NULL, PRIMARY KEY (story_id, viewer_id))`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	// Bia's stories 1..3 are seen by ana and bia; ana's story 4 by bia.
	if _, err := db.NewRaw(`INSERT INTO t_stories VALUES (1, ?0, 2), (2, ?0, 2), (3, ?0, 2), (4, ?1, 1);
		INSERT INTO t_views VALUES (1, ?1), (2, ?1), (3, ?1), (1, ?0), (2, ?0), (3, ?0), (4, ?0)`, bia, ana).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	steps := []pgkit.EraseRows{
		{Table: "t_views", Member: "viewer_id", Key: "story_id", Parents: "t_stories", Count: "view_count"},
		{Table: "t_stories", Member: "author_id", Key: "id"},
	}
	var calls []bool
	for range 5 {
		more, err := pgkit.EraseBatch(ctx, db, domain.UserID(ana), 2, steps...)
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, more)
	}
	// Two batches of views (3 rows), one of stories, then nothing left.
	if want := []bool{true, true, true, false, false}; !slices.Equal(calls, want) {
		t.Fatalf("more = %v, want %v", calls, want)
	}
	var counts []int
	if err := db.NewRaw(`SELECT view_count FROM t_stories ORDER BY id`).Scan(ctx, &counts); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(counts, []int{1, 1, 1}) {
		t.Fatalf("bia's stories' counts = %v, want [1 1 1] (ana's story gone)", counts)
	}
	var left int
	if err := db.NewRaw(`SELECT (SELECT count(*) FROM t_views WHERE viewer_id = ?0) + (SELECT count(*) FROM t_stories WHERE author_id = ?0)
		+ 10 * (SELECT count(*) FROM t_views WHERE viewer_id = ?1)`, ana, bia).Scan(ctx, &left); err != nil || left != 40 {
		t.Fatalf("ana's rows + 10 x bia's views = %d, want 40: none of ana's, bia's 4 (%v)", left, err)
	}
}
