// Package sqlrig is a test database whose members, follows and posts are
// written in SQL, for store tests: the store is what is under test there,
// not the features that feed it.
package sqlrig

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/adapters/postgres"
	"social/core/domain"
	"social/tests/testkit"
)

// Rig is one migrated database of its own.
type Rig struct {
	T   *testing.T
	Ctx context.Context
	DB  *bun.DB
	n   int
	// clock dates each post a second after the previous one, so lists
	// newest first have one order.
	clock time.Time
}

// New gives the test a database of its own, closed with the test.
func New(t *testing.T) *Rig {
	t.Helper()
	ctx := context.Background()
	pool, err := postgres.NewPool(ctx, testkit.NewDatabase(t), 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	db := postgres.NewBun(pool)
	t.Cleanup(func() { _ = db.Close() })
	return &Rig{T: t, Ctx: ctx, DB: db, clock: time.Now().UTC().Add(-time.Hour)}
}

// Exec runs q or fails the test.
func (r *Rig) Exec(q string, args ...any) {
	r.T.Helper()
	if _, err := r.DB.ExecContext(r.Ctx, q, args...); err != nil {
		r.T.Fatalf("%s: %v", q, err)
	}
}

// Member adds an account with its profile.
func (r *Rig) Member() domain.UserID {
	r.T.Helper()
	r.n++
	id := domain.NewUserID()
	r.Exec(`INSERT INTO accounts (id, email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', now(), now())`,
		uuid.UUID(id), fmt.Sprintf("m%d@example.com", r.n))
	r.Exec(`INSERT INTO profiles (id, handle, display_name, created_at, updated_at) VALUES (?, ?, 'M', now(), now())`,
		uuid.UUID(id), fmt.Sprintf("membro_%d", r.n))
	return id
}

// Follow makes follower follow followee.
func (r *Rig) Follow(follower, followee domain.UserID) {
	r.T.Helper()
	r.Exec(`INSERT INTO follows (id, follower_id, following_id, created_at) VALUES (?, ?, ?, now())`,
		uuid.Must(uuid.NewV7()), uuid.UUID(follower), uuid.UUID(followee))
}

// Unfollow ends follower's follow of followee.
func (r *Rig) Unfollow(follower, followee domain.UserID) {
	r.T.Helper()
	r.Exec(`DELETE FROM follows WHERE follower_id = ? AND following_id = ?`, uuid.UUID(follower), uuid.UUID(followee))
}

// Post adds a post by author with the given visibility, a second after
// the previous one.
func (r *Rig) Post(author domain.UserID, visibility string) domain.PostID {
	r.T.Helper()
	r.clock = r.clock.Add(time.Second)
	id := domain.NewPostID()
	r.Exec(`INSERT INTO posts (id, author_id, text_content, visibility, created_at, updated_at) VALUES (?, ?, 'oi', ?, ?, ?)`,
		uuid.UUID(id), uuid.UUID(author), visibility, r.clock, r.clock)
	return id
}
