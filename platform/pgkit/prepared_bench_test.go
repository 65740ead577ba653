package pgkit_test

import (
	"context"
	"testing"

	"social/platform/pgkit"
)

// benchmarkRows is twenty rows shaped like a feed page's: IDs, texts that
// may be NULL, times, counts and flags.
const benchmarkRows = `SELECT gen_random_uuid() AS id, 'texto do post número ' || i AS note,
	CASE WHEN i % 2 = 0 THEN gen_random_uuid() END AS parent_id, now() AS at, i AS count, i % 3 = 0 AS liked
	FROM generate_series(1, ?::int) AS i`

// BenchmarkPreparedScan compares scanning a page of rows by pgx itself
// (Prepared) with database/sql and bun's scanning of the same rows.
func BenchmarkPreparedScan(b *testing.B) {
	db := newDB(b)
	ctx := context.Background()
	b.Run("pgx", func(b *testing.B) {
		for b.Loop() {
			var rows []scannedRow
			if err := pgkit.Prepared(ctx, db, &rows, benchmarkRows, 20); err != nil || len(rows) != 20 {
				b.Fatal(len(rows), err)
			}
		}
	})
	b.Run("database_sql", func(b *testing.B) {
		for b.Loop() {
			var rows []scannedRow
			sqlRows, err := db.DB.QueryContext(ctx, pgkit.Numbered(benchmarkRows), 20)
			if err != nil {
				b.Fatal(err)
			}
			if err := db.ScanRows(ctx, sqlRows, &rows); err != nil || len(rows) != 20 {
				b.Fatal(len(rows), err)
			}
			_ = sqlRows.Close()
		}
	})
}
