package assembly_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"social/tests/testkit"
)

// Every foreign key of the schema (core, River and every plugin) has an
// index whose leading columns are the key's. Deleting the row it refers to
// (a post, a comment, a member) checks or deletes the rows that point at
// it by those columns; without such an index each deletion reads the
// whole referring table, which grows with the network.
func TestEveryForeignKeyHasAnIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, testkit.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `
		SELECT c.conrelid::regclass::text || ' (' ||
			(SELECT string_agg(a.attname, ', ' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
				JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) || ') -> ' ||
			c.confrelid::regclass::text
		FROM pg_constraint c
		WHERE c.contype = 'f' AND NOT EXISTS (
			SELECT 1 FROM pg_index i
			WHERE i.indrelid = c.conrelid
				AND (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] @> c.conkey
				AND (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] <@ c.conkey)
		ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	missing, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	for _, fk := range missing {
		t.Errorf("foreign key without an index leading with its columns: %s", fk)
	}
}
