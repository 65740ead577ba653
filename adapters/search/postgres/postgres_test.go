package postgres_test

import (
	"context"
	"testing"

	pg "social/adapters/postgres"
	"social/adapters/search/postgres"
	"social/adapters/search/searchtest"
	"social/core/ports"
	"social/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestContract(t *testing.T) {
	t.Parallel()
	searchtest.Run(t, func(t *testing.T) ports.SearchIndex {
		pool, err := pg.NewPool(context.Background(), testkit.NewDatabase(t), 4)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		db := pg.NewBun(pool)
		t.Cleanup(func() { _ = db.Close() })
		return postgres.New(db)
	})
}
