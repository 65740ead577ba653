package bulkseed

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// loadedTables are the tables a load writes millions of rows into.
var loadedTables = []string{"accounts", "profiles", "posts", "follows", "likes", "comments", "post_hashtags", "timelines"}

// deferredPart is a secondary index or a foreign key of a loaded table,
// with the statements that drop it and make it again.
type deferredPart struct {
	name, drop, create string
}

// dropDeferredParts drops the loaded tables' secondary indexes and foreign
// keys and answers them, to be made again by makeDeferredParts. While they
// exist, each row COPY adds is put into every index, a random write into
// each (at ten million posts the indexes outgrew memory and the load slowed
// by half), and is checked against each table it refers to, one lookup and
// one row lock at a time. Made after the rows, an index is one sort and a
// foreign key one join. Primary keys and unique indexes stay: the load's
// own statements (ON CONFLICT) need them, and the foreign keys refer to them.
func dropDeferredParts(ctx context.Context, tx pgx.Tx) ([]deferredPart, error) {
	rows, err := tx.Query(ctx, `SELECT name, drop, "create" FROM (
			SELECT 1 AS kind, i.indexrelid::regclass::text AS name,
				format('DROP INDEX %s', i.indexrelid::regclass) AS drop, pg_get_indexdef(i.indexrelid) AS "create"
			FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
			WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace AND NOT i.indisunique
				AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
			UNION ALL
			SELECT 2, c.conname, format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname),
				format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
			FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
			WHERE c.contype = 'f' AND t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace) parts
		ORDER BY kind, name`, loadedTables)
	if err != nil {
		return nil, fmt.Errorf("list indexes and foreign keys: %w", err)
	}
	parts, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (deferredPart, error) {
		var p deferredPart
		err := r.Scan(&p.name, &p.drop, &p.create)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("list indexes and foreign keys: %w", err)
	}
	for _, p := range parts {
		if _, err := tx.Exec(ctx, p.drop); err != nil {
			return nil, fmt.Errorf("drop %s: %w", p.name, err)
		}
	}
	return parts, nil
}

// makeDeferredParts makes parts again, in their order: the indexes, each
// from one sort of its table, then the foreign keys, each checked by one
// join. progress hears how many are made.
func makeDeferredParts(ctx context.Context, tx pgx.Tx, parts []deferredPart, progress func(done int)) error {
	// The sort of a large table's keys spills to disk below this.
	if _, err := tx.Exec(ctx, `SET LOCAL maintenance_work_mem = '512MB'`); err != nil {
		return err
	}
	for i, p := range parts {
		if _, err := tx.Exec(ctx, p.create); err != nil {
			return fmt.Errorf("make %s: %w", p.name, err)
		}
		progress(i + 1)
	}
	return nil
}
