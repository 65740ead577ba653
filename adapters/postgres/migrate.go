package postgres

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/migrate"
)

// MigrationSource is one independently versioned set of migrations: core's,
// River's, or one plugin's. Each keeps its own version table.
type MigrationSource interface {
	Name() string
	// Up applies every pending migration and returns their names.
	Up(ctx context.Context) ([]string, error)
	// Down rolls back the most recent group and returns the names undone.
	Down(ctx context.Context) ([]string, error)
	Status(ctx context.Context) ([]MigrationStatus, error)
}

// MigrationStatus is one migration of one set.
type MigrationStatus struct {
	Set       string
	Name      string
	GroupID   int64
	Applied   bool
	AppliedAt time.Time
}

// Migrator runs the sets in order: Up from first to last, Down from last to first.
type Migrator struct {
	db      *bun.DB
	sources []MigrationSource
	// OnApplied, when set, hears each set's applied migrations as Up goes
	// (the command line's progress).
	OnApplied func(set string, names []string)
}

// NewMigrator orders sources as given: core first, then River, then plugins.
func NewMigrator(db *bun.DB, sources ...MigrationSource) *Migrator {
	return &Migrator{db: db, sources: sources}
}

// migrationLockKey serialises migrations across processes (several nodes
// starting at once).
const migrationLockKey = 7_301_202_611

// Up applies all pending migrations of every set.
func (m *Migrator) Up(ctx context.Context) (applied []MigrationStatus, err error) {
	err = m.locked(ctx, func() error {
		for _, src := range m.sources {
			names, err := src.Up(ctx)
			if err != nil {
				return fmt.Errorf("migrate %s up: %w", src.Name(), err)
			}
			for _, n := range names {
				applied = append(applied, MigrationStatus{Set: src.Name(), Name: n, Applied: true})
			}
			if m.OnApplied != nil {
				m.OnApplied(src.Name(), names)
			}
		}
		return nil
	})
	return applied, err
}

// Down rolls back the latest group of the last set that has anything applied.
func (m *Migrator) Down(ctx context.Context) (set string, undone []string, err error) {
	err = m.locked(ctx, func() error {
		for i := len(m.sources) - 1; i >= 0; i-- {
			src := m.sources[i]
			st, err := src.Status(ctx)
			if err != nil {
				return err
			}
			if !anyApplied(st) {
				continue
			}
			set = src.Name()
			undone, err = src.Down(ctx)
			if err != nil {
				return fmt.Errorf("migrate %s down: %w", set, err)
			}
			return nil
		}
		return errors.New("nothing to roll back")
	})
	return set, undone, err
}

// Status lists every migration of every set, in order.
func (m *Migrator) Status(ctx context.Context) ([]MigrationStatus, error) {
	var all []MigrationStatus
	for _, src := range m.sources {
		st, err := src.Status(ctx)
		if err != nil {
			return nil, fmt.Errorf("migration status of %s: %w", src.Name(), err)
		}
		all = append(all, st...)
	}
	return all, nil
}

func (m *Migrator) locked(ctx context.Context, fn func() error) error {
	conn, err := m.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(?)", migrationLockKey); err != nil {
		return fmt.Errorf("migrate: take lock: %w", err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(?)", migrationLockKey) //nolint:errcheck
	return fn()
}

func anyApplied(st []MigrationStatus) bool {
	for _, s := range st {
		if s.Applied {
			return true
		}
	}
	return false
}

// SQLSet is a set of SQL files named <timestamp>_<name>.up.sql / .down.sql
// (.tx.up.sql to run in a transaction), versioned in its own bun table.
type SQLSet struct {
	name     string
	migrator *migrate.Migrator
}

// NewSQLSet reads the set's files from fsys. Core's table is bun_migrations;
// a plugin's is bun_migrations_<plugin>.
func NewSQLSet(db *bun.DB, name string, fsys fs.FS) (*SQLSet, error) {
	ms := migrate.NewMigrations()
	if err := ms.Discover(fsys); err != nil {
		return nil, fmt.Errorf("read %s migrations: %w", name, err)
	}
	table, locks := "bun_migrations", "bun_migration_locks"
	if name != "core" {
		table, locks = table+"_"+name, locks+"_"+name
	}
	return &SQLSet{name: name, migrator: migrate.NewMigrator(db, ms,
		migrate.WithTableName(table), migrate.WithLocksTableName(locks),
		migrate.WithMarkAppliedOnSuccess(true))}, nil
}

func (s *SQLSet) Name() string { return s.name }

func (s *SQLSet) Up(ctx context.Context) ([]string, error) { return s.step(ctx, s.migrator.Migrate) }

func (s *SQLSet) Down(ctx context.Context) ([]string, error) { return s.step(ctx, s.migrator.Rollback) }

// step makes the set's tables if they are missing, then applies or rolls
// back one group, and names the migrations it went through.
func (s *SQLSet) step(ctx context.Context, move func(context.Context, ...migrate.MigrationOption) (*migrate.MigrationGroup, error)) ([]string, error) {
	if err := s.migrator.Init(ctx); err != nil {
		return nil, err
	}
	group, err := move(ctx)
	if err != nil {
		return nil, err
	}
	return names(group), nil
}

func (s *SQLSet) Status(ctx context.Context) ([]MigrationStatus, error) {
	if err := s.migrator.Init(ctx); err != nil {
		return nil, err
	}
	ms, err := s.migrator.MigrationsWithStatus(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]MigrationStatus, 0, len(ms))
	for _, m := range ms {
		out = append(out, MigrationStatus{Set: s.name, Name: m.Name + "_" + m.Comment,
			GroupID: m.GroupID, Applied: m.IsApplied(), AppliedAt: m.MigratedAt})
	}
	return out, nil
}

func names(g *migrate.MigrationGroup) []string {
	if g == nil {
		return nil
	}
	out := make([]string, 0, len(g.Migrations))
	for _, m := range g.Migrations {
		out = append(out, m.Name+"_"+m.Comment)
	}
	return out
}
