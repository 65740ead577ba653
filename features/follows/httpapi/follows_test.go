package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"social/features/follows/followstest"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type state struct {
	Following     bool `json:"following"`
	FollowerCount int  `json:"follower_count"`
}

type entry struct {
	ID          string    `json:"id"`
	Handle      string    `json:"handle"`
	DisplayName string    `json:"display_name"`
	AvatarURL   *string   `json:"avatar_url"`
	IsVerified  bool      `json:"is_verified"`
	FollowedAt  time.Time `json:"followed_at"`
}

type page struct {
	Items      []entry `json:"items"`
	NextCursor string  `json:"next_cursor"`
}

func followPath(handle string) string { return "/api/v1/profiles/" + handle + "/follow" }

// A follow and an unfollow through the whole app, with the counters the
// store keeps, is_following as each viewer reads it, and the HTTP answer of
// each kind of refusal once; every branch of the rules is the use cases'
// unit tests.
func TestFollowAndUnfollow(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	isFollowing := func(c *at.Client, handle string) bool {
		t.Helper()
		var p struct {
			IsFollowing *bool `json:"is_following"`
		}
		c.Do(http.MethodGet, "/api/v1/profiles/"+handle, nil).Expect(t, http.StatusOK).JSON(t, &p)
		if p.IsFollowing == nil {
			t.Fatalf("profile %s lacks is_following", handle)
		}
		return *p.IsFollowing
	}

	at.ExpectProblem(t, app.Client().Do(http.MethodPost, followPath("bia"), nil), http.StatusUnauthorized,
		"unauthenticated", "Você precisa estar logado para seguir usuários.")
	at.ExpectProblem(t, ana.Do(http.MethodPost, followPath("@ANA"), nil), http.StatusUnprocessableEntity,
		"cannot_follow_self", "Você não pode seguir a si mesmo.")
	at.ExpectProblem(t, ana.Do(http.MethodPost, followPath("%3Cscript%3E"), nil), http.StatusNotFound,
		"profile_not_found", "Profile not found")
	if isFollowing(ana.Client, "bia") {
		t.Fatal("following before any follow")
	}

	var s state
	ana.Do(http.MethodPost, followPath("bia"), nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s != (state{Following: true, FollowerCount: 1}) {
		t.Fatalf("follow = %+v", s)
	}
	// A repeat inserts no second row and moves no counter.
	ana.Do(http.MethodPost, followPath("BIA"), nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s != (state{Following: true, FollowerCount: 1}) {
		t.Fatalf("second follow = %+v", s)
	}
	if f, g := followstest.Counts(t, app.DB, bia.ID); f != 1 || g != 0 {
		t.Fatalf("bia %d/%d", f, g)
	}
	if f, g := followstest.Counts(t, app.DB, ana.ID); f != 0 || g != 1 {
		t.Fatalf("ana %d/%d", f, g)
	}
	if !isFollowing(ana.Client, "bia") || isFollowing(bia.Client, "ana") || isFollowing(app.Client(), "bia") {
		t.Fatal("is_following after ana follows bia")
	}
	var me struct {
		IsFollowing    bool `json:"is_following"`
		FollowingCount int  `json:"following_count"`
	}
	ana.Do(http.MethodGet, "/api/v1/profiles/me", nil).Expect(t, http.StatusOK).JSON(t, &me)
	if me.IsFollowing || me.FollowingCount != 1 {
		t.Fatalf("me = %+v", me)
	}

	ana.Do(http.MethodDelete, followPath("bia"), nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s != (state{Following: false, FollowerCount: 0}) {
		t.Fatalf("unfollow = %+v", s)
	}
	ana.Do(http.MethodDelete, followPath("bia"), nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s != (state{Following: false, FollowerCount: 0}) {
		t.Fatalf("second unfollow = %+v", s)
	}
	if f, g := followstest.Counts(t, app.DB, ana.ID); f != 0 || g != 0 {
		t.Fatalf("ana %d/%d", f, g)
	}
	followstest.Counts(t, app.DB, bia.ID)
	if isFollowing(ana.Client, "bia") {
		t.Fatal("still following after unfollow")
	}
}

// Members following each other while unfollowing, from both sides at once,
// must neither deadlock nor let the counters drift from the rows.
func TestConcurrentTogglesKeepCountersExact(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	var wg sync.WaitGroup
	errs := make(chan error, 80)
	for i := 0; i < 20; i++ {
		for _, pair := range [][2]*at.Member{{ana, bia}, {bia, ana}} {
			for _, method := range []string{http.MethodPost, http.MethodDelete} {
				wg.Add(1)
				go func(m *at.Member, target, method string) {
					defer wg.Done()
					r := m.Do(method, followPath(target), nil)
					if r.Status != http.StatusOK {
						errs <- fmt.Errorf("%s %s by %s: %d %s", method, target, m.Handle, r.Status, r.Body)
					}
				}(pair[0], pair[1].Handle, method)
			}
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	followstest.Counts(t, app.DB, ana.ID)
	followstest.Counts(t, app.DB, bia.ID)
	// One more of each ends in a known state.
	var s state
	ana.Do(http.MethodPost, followPath("bia"), nil).Expect(t, http.StatusOK).JSON(t, &s)
	bia.Do(http.MethodDelete, followPath("ana"), nil).Expect(t, http.StatusOK)
	if f, g := followstest.Counts(t, app.DB, bia.ID); f != 1 || g != 0 || s.FollowerCount != 1 {
		t.Fatalf("bia %d/%d, answer %+v", f, g, s)
	}
}

func TestFollowListsPaginate(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	star := app.Member("estrela")
	fan := app.Member("fa_zero")
	// 55 followers, one clock second apart, so that the order is known; rows
	// are written directly after the first two to keep the test quick.
	app.Clock.Advance(time.Second)
	fan.Do(http.MethodPost, followPath("estrela"), nil).Expect(t, http.StatusOK)
	ctx := context.Background()
	base := app.Clock.Now()
	for i := 1; i < 55; i++ {
		id := fmt.Sprintf("00000000-0000-7000-8000-%012d", i)
		at := base.Add(time.Duration(i) * time.Second)
		if _, err := app.DB.NewRaw(`WITH a AS (INSERT INTO accounts (id, email, password_hash, created_at, updated_at)
			VALUES (?, ?, 'x', ?, ?)), p AS (INSERT INTO profiles (id, handle, display_name, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?))
			INSERT INTO follows (id, follower_id, following_id, created_at) VALUES (?, ?, ?, ?)`,
			id, fmt.Sprintf("fa%d@example.com", i), at, at, id, fmt.Sprintf("fa_%03d", i), fmt.Sprintf("Fã %d", i), at, at,
			fmt.Sprintf("00000000-0000-7000-9000-%012d", i), id, star.ID, at).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	var p page
	app.Client().Do(http.MethodGet, "/api/v1/profiles/estrela/followers", nil).Expect(t, http.StatusOK).JSON(t, &p)
	if len(p.Items) != 50 || p.NextCursor == "" || p.Items[0].Handle != "fa_054" || p.Items[49].Handle != "fa_005" {
		t.Fatalf("page 1: %d items, next %q, first %+v", len(p.Items), p.NextCursor, p.Items[0])
	}
	if p.Items[0].DisplayName != "Fã 54" || p.Items[0].IsVerified || p.Items[0].AvatarURL != nil ||
		!p.Items[0].FollowedAt.Equal(base.Add(54*time.Second)) {
		t.Fatalf("entry = %+v", p.Items[0])
	}
	var p2 page
	star.Do(http.MethodGet, "/api/v1/profiles/estrela/followers?cursor="+p.NextCursor, nil).Expect(t, http.StatusOK).JSON(t, &p2)
	if len(p2.Items) != 5 || p2.NextCursor != "" || p2.Items[4].Handle != "fa_zero" || p2.Items[4].ID != fan.ID {
		t.Fatalf("page 2: %+v", p2)
	}

	var g page
	app.Client().Do(http.MethodGet, "/api/v1/profiles/fa_zero/following", nil).Expect(t, http.StatusOK).JSON(t, &g)
	if len(g.Items) != 1 || g.Items[0].Handle != "estrela" || g.Items[0].ID != star.ID {
		t.Fatalf("following: %+v", g)
	}
	app.Client().Do(http.MethodGet, "/api/v1/profiles/estrela/following", nil).Expect(t, http.StatusOK).JSON(t, &g)
	if len(g.Items) != 0 || g.NextCursor != "" {
		t.Fatalf("nobody followed: %+v", g)
	}
}
