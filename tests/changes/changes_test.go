// Package changes_test checks the core's change listeners
// (ports.ChangeListener): each change is told once, inside its
// transaction, by the use case that makes it.
package changes_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"testing"

	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
	"social/kit/plugin"
	"social/platform/pgkit"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// recorder keeps what it is told; it fails a change when Fail is set.
type recorder struct {
	mu    sync.Mutex
	heard []ports.Change
	inTx  []bool
	Fail  ports.ChangeKind
}

func (r *recorder) Changed(ctx context.Context, c ports.Change) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c.Kind == r.Fail {
		return errors.New("listener refuses")
	}
	_, tx := pgkit.TxFrom(ctx)
	r.heard, r.inTx = append(r.heard, c), append(r.inTx, tx)
	return nil
}

// take answers what was heard since the last take.
func (r *recorder) take() []ports.Change {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, tx := range r.inTx {
		if !tx {
			panic("change told outside its transaction: " + string(r.heard[i].Kind))
		}
	}
	out := r.heard
	r.heard, r.inTx = nil, nil
	return out
}

func start(t *testing.T) (*at.App, *recorder) {
	rec := &recorder{}
	app := at.StartWith(t, nil, fx.Provide(plugin.AsChangeListener(func() ports.ChangeListener { return rec })))
	return app, rec
}

func uid(t *testing.T, s string) domain.UserID {
	id, err := domain.ParseUserID(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func pid(t *testing.T, s string) domain.PostID {
	id, err := domain.ParsePostID(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func expect(t *testing.T, rec *recorder, want ...ports.Change) {
	t.Helper()
	if got := rec.take(); !slices.Equal(got, want) {
		t.Fatalf("heard %+v\nwant  %+v", got, want)
	}
}

// Every change of the list is told once with its actor, post, comment, target and
// visibility; a repeat that changes nothing is not told.
func TestEachChangeIsToldInItsTransaction(t *testing.T) {
	app, rec := start(t)
	ana, bia := app.Member("ana"), app.Member("bia")
	rec.take() // the sign-ups' own profile writes
	a, b := uid(t, ana.ID), uid(t, bia.ID)

	post := ana.NewPost(t, "olá", "friends_only")
	p := pid(t, post)
	expect(t, rec, ports.Change{Kind: ports.ChangePostCreated, Actor: a, Post: p, Visibility: domain.VisibilityFriendsOnly})
	ana.Do(http.MethodPatch, "/api/v1/posts/"+post, map[string]string{"text_content": "olá de novo"}).Expect(t, http.StatusOK)
	expect(t, rec, ports.Change{Kind: ports.ChangePostEdited, Actor: a, Post: p, Visibility: domain.VisibilityFriendsOnly})

	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	expect(t, rec, ports.Change{Kind: ports.ChangeFollowAdded, Actor: b, Target: a})
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	expect(t, rec, ports.Change{Kind: ports.ChangeLikeAdded, Actor: b, Post: p, Target: a})
	bia.Do(http.MethodDelete, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	expect(t, rec, ports.Change{Kind: ports.ChangeLikeRemoved, Actor: b, Post: p, Target: a})
	var comment struct {
		ID string `json:"id"`
	}
	bia.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "oi"}).
		Expect(t, http.StatusCreated).JSON(t, &comment)
	cid, err := domain.ParseCommentID(comment.ID)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, rec, ports.Change{Kind: ports.ChangeCommentCreated, Actor: b, Post: p, Comment: cid, Target: a,
		Visibility: domain.VisibilityFriendsOnly})
	// The post's author deletes it: still the comment's author's change.
	ana.Do(http.MethodDelete, "/api/v1/comments/"+comment.ID, nil).Expect(t, http.StatusNoContent)
	expect(t, rec, ports.Change{Kind: ports.ChangeCommentDeleted, Actor: b, Post: p, Comment: cid, Target: a,
		Visibility: domain.VisibilityFriendsOnly})
	bia.Do(http.MethodDelete, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	expect(t, rec, ports.Change{Kind: ports.ChangeFollowRemoved, Actor: b, Target: a})

	ana.Do(http.MethodDelete, "/api/v1/posts/"+post, nil).Expect(t, http.StatusNoContent)
	expect(t, rec, ports.Change{Kind: ports.ChangePostDeleted, Actor: a, Post: p, Visibility: domain.VisibilityFriendsOnly})

	ana.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	expect(t, rec, ports.Change{Kind: ports.ChangeBlockAdded, Actor: a, Target: b})
	ana.Do(http.MethodDelete, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	expect(t, rec, ports.Change{Kind: ports.ChangeBlockRemoved, Actor: a, Target: b})

	ana.Do(http.MethodPatch, "/api/v1/profiles/me", map[string]string{"bio": "nova bio"}).Expect(t, http.StatusOK)
	expect(t, rec, ports.Change{Kind: ports.ChangeProfileUpdated, Actor: a})

	bia.Do(http.MethodPost, "/api/v1/account/delete", map[string]string{"password": at.Password}).Expect(t, http.StatusNoContent)
	got := rec.take()
	if !slices.Contains(got, ports.Change{Kind: ports.ChangeAccountDeleted, Actor: b}) {
		t.Fatalf("account deletion: heard %+v", got)
	}
}

// A listener's failure rolls the change back: what it writes in the
// transaction commits with the change or not at all.
func TestAFailingListenerRollsTheChangeBack(t *testing.T) {
	app, rec := start(t)
	ana := app.Member("ana")
	rec.Fail = ports.ChangePostCreated
	r := ana.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "não fica"})
	if r.Status != http.StatusInternalServerError {
		t.Fatalf("create with a failing listener: %d, want 500", r.Status)
	}
	var n int
	if err := app.DB.NewRaw(`SELECT count(*) FROM posts`).Scan(context.Background(), &n); err != nil || n != 0 {
		t.Fatalf("%d posts (%v), want none", n, err)
	}
}
