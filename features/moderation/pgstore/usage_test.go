package pgstore_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	moderation "social/features/moderation/app"
	"social/features/moderation/pgstore"
	"social/tests/testkit"
	"social/tests/testkit/sqlrig"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// The network's figures count its own members and their posts: a remote
// account, however busy, is neither a member nor an active one, and its
// posts are not the server's.
func TestCountUsageLeavesRemoteAccountsOut(t *testing.T) {
	t.Parallel()
	rig := sqlrig.New(t)
	now := time.Now().UTC()

	ana, bia, caio, davi := rig.Member(), rig.Member(), rig.Member(), rig.Member()
	rig.Exec(`UPDATE accounts SET suspended_at = now() WHERE id = ?`, uuid.UUID(caio))
	rig.Exec(`UPDATE accounts SET deleted_at = now() WHERE id = ?`, uuid.UUID(davi))
	anaPost := rig.Post(ana, "public") // this month
	rig.Post(caio, "public")           // a suspended member's post is still written here
	// bia commented a hundred days ago: active in the half year only.
	rig.Exec(`INSERT INTO comments (id, post_id, author_id, text_content, created_at) VALUES (?, ?, ?, 'oi', ?)`,
		uuid.Must(uuid.NewV7()), uuid.UUID(anaPost), uuid.UUID(bia), now.Add(-100*24*time.Hour))

	remote := domain.NewUserID()
	rig.Exec(`INSERT INTO profiles (id, handle, display_name, domain, remote_url, created_at, updated_at)
		VALUES (?, 'rui@longe.example', 'Rui', 'longe.example', 'https://longe.example/@rui', now(), now())`, uuid.UUID(remote))
	rig.Post(remote, "public")
	rig.Post(remote, "public")
	rig.Exec(`INSERT INTO comments (id, post_id, author_id, text_content, created_at) VALUES (?, ?, ?, 'oi', now())`,
		uuid.Must(uuid.NewV7()), uuid.UUID(anaPost), uuid.UUID(remote))

	store := pgstore.NewModeration(rig.DB, nil, nil)
	u, err := store.CountUsage(rig.Ctx, now.Add(-moderation.ActiveMonth), now.Add(-moderation.ActiveHalfyear))
	if err != nil {
		t.Fatal(err)
	}
	want := moderation.Usage{Members: 2, ActiveMonth: 1, ActiveHalfyear: 2, LocalPosts: 2}
	if u != want {
		t.Fatalf("usage = %+v, want %+v", u, want)
	}
}
