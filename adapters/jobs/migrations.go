package jobs

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"social/adapters/postgres"
)

// RiverMigrations is River's schema as one migration set named "river".
type RiverMigrations struct {
	pool     *pgxpool.Pool
	migrator *rivermigrate.Migrator[pgx.Tx]
}

// NewRiverMigrations reads River's embedded migrations.
func NewRiverMigrations(pool *pgxpool.Pool) (*RiverMigrations, error) {
	m, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return nil, fmt.Errorf("river migrations: %w", err)
	}
	return &RiverMigrations{pool: pool, migrator: m}, nil
}

func (r *RiverMigrations) Name() string { return "river" }

func (r *RiverMigrations) Up(ctx context.Context) ([]string, error) {
	res, err := r.migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return nil, err
	}
	return versionNames(res), nil
}

// Down undoes River's latest version only: River's versions are its groups.
func (r *RiverMigrations) Down(ctx context.Context) ([]string, error) {
	res, err := r.migrator.Migrate(ctx, rivermigrate.DirectionDown, &rivermigrate.MigrateOpts{MaxSteps: 1})
	if err != nil {
		return nil, err
	}
	return versionNames(res), nil
}

func (r *RiverMigrations) Status(ctx context.Context) ([]postgres.MigrationStatus, error) {
	applied := map[int]time.Time{}
	var exists bool
	if err := r.pool.QueryRow(ctx, "SELECT to_regclass('river_migration') IS NOT NULL").Scan(&exists); err != nil {
		return nil, err
	}
	if exists {
		rows, err := r.pool.Query(ctx, "SELECT version, created_at FROM river_migration WHERE line = 'main'")
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var v int
			var at time.Time
			if err := rows.Scan(&v, &at); err != nil {
				return nil, err
			}
			applied[v] = at
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	all := r.migrator.AllVersions()
	out := make([]postgres.MigrationStatus, 0, len(all))
	for _, m := range all {
		at, ok := applied[m.Version]
		st := postgres.MigrationStatus{Set: "river", Name: riverName(m.Version, m.Name), Applied: ok, AppliedAt: at}
		if ok {
			st.GroupID = int64(m.Version)
		}
		out = append(out, st)
	}
	return out, nil
}

func versionNames(res *rivermigrate.MigrateResult) []string {
	out := make([]string, 0, len(res.Versions))
	for _, v := range res.Versions {
		out = append(out, riverName(v.Version, v.Name))
	}
	return out
}

// riverName gives River's versions file-like names: 002_initial_schema.
func riverName(version int, name string) string {
	return fmt.Sprintf("%03d_%s", version, strings.ReplaceAll(name, " ", "_"))
}
