package reliability_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"social/tests/testkit/apptest"
)

// The size of each storm: togglers members at once, the first of them also
// racing itself from selfRacers more goroutines, each goroutine making
// toggleRounds requests.
const (
	togglers     = 50
	selfRacers   = 5
	toggleRounds = 8
)

// toggleAnswer is one request of a storm.
type toggleAnswer struct {
	member       int
	method, path string
	apiAnswer
}

// toggleStorm sends, from togglers members at once (and selfRacers more
// goroutines of the first), toggleRounds requests each, switching on or
// off at random, and fails the test for any answer that is not 2xx. It
// returns every answer.
func toggleStorm(t *testing.T, members []*apptest.Member, on, off func(m *apptest.Member) (method, path string)) []toggleAnswer {
	t.Helper()
	var (
		mu      sync.Mutex
		answers []toggleAnswer
		wg      sync.WaitGroup
		go_     = make(chan struct{})
	)
	// A fresh seed per storm: members end in a different state each time.
	seed := rand.Uint64()
	run := func(i int, stream uint64) {
		defer wg.Done()
		m := members[i]
		r := rand.New(rand.NewPCG(seed, stream))
		<-go_
		for range toggleRounds {
			turnOn := r.IntN(2) == 0
			method, path := off(m)
			if turnOn {
				method, path = on(m)
			}
			a := toggleAnswer{member: i, method: method, path: path, apiAnswer: callAPI(m.App.URL, m.Token, method, path, nil)}
			mu.Lock()
			answers = append(answers, a)
			mu.Unlock()
		}
	}
	for i := range members {
		wg.Add(1)
		go run(i, uint64(i))
	}
	for s := range selfRacers {
		wg.Add(1)
		go run(0, uint64(len(members)+s))
	}
	started := time.Now()
	close(go_)
	wg.Wait()
	bad := 0
	for _, a := range answers {
		if a.err != nil || a.status < 200 || a.status > 299 {
			if bad++; bad <= 10 {
				t.Errorf("%s %s by %s: %s", a.method, a.path, members[a.member].Handle, a.apiAnswer)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d answers were not 2xx", bad, len(answers))
	}
	t.Logf("%d requests in %v (seed %d)", len(answers), time.Since(started).Round(time.Millisecond), seed)
	return answers
}

// Fifty members liking and unliking one post, following and unfollowing
// one profile, joining and leaving one community and one listening room,
// all at once (one of them racing itself too): every answer is 2xx, and
// afterwards each stored counter equals its rows, the API says the same,
// each member's own state matches their row, notifications, search and
// the 'Seguindo' timelines agree once the jobs have run.
func TestConcurrentTogglesKeepCountersEqualToRows(t *testing.T) {
	ctx := context.Background()
	app := apptest.Start(t, nil)
	autora := app.Member("autora")
	members := newMembers(t, app, "par", togglers)

	var posts []string
	for i := range 3 {
		var p struct {
			ID string `json:"id"`
		}
		mustCall(t, autora, http.MethodPost, "/api/v1/posts",
			map[string]string{"text_content": fmt.Sprintf("post concorrido %d", i), "visibility": "public"}, http.StatusCreated, &p)
		posts = append(posts, p.ID)
	}

	t.Run("likes", func(t *testing.T) {
		post := posts[0]
		like := "/api/v1/posts/" + post + "/like"
		toggleStorm(t, members,
			func(*apptest.Member) (string, string) { return http.MethodPut, like },
			func(*apptest.Member) (string, string) { return http.MethodDelete, like })

		var stored, rows, notices int
		if err := app.DB.NewRaw(`SELECT like_count, (SELECT count(*) FROM likes WHERE post_id = p.id),
			(SELECT count(*) FROM notifications WHERE post_id = p.id AND type = 'like')
			FROM posts p WHERE id = ?`, post).Scan(ctx, &stored, &rows, &notices); err != nil {
			t.Fatal(err)
		}
		if stored != rows {
			t.Errorf("posts.like_count %d, %d like rows", stored, rows)
		}
		// One "curtiu seu post" per like standing: none stale, none twice.
		if notices != rows {
			t.Errorf("%d like notifications for %d like rows", notices, rows)
		}
		var view struct {
			LikeCount int  `json:"like_count"`
			IsLiked   bool `json:"is_liked"`
		}
		mustCall(t, autora, http.MethodGet, "/api/v1/posts/"+post, nil, http.StatusOK, &view)
		if view.LikeCount != rows {
			t.Errorf("API like_count %d, %d like rows", view.LikeCount, rows)
		}
		likers := idSet(t, app.DB, `SELECT user_id::text FROM likes WHERE post_id = ?`, post)
		for _, m := range members {
			mustCall(t, m, http.MethodGet, "/api/v1/posts/"+post, nil, http.StatusOK, &view)
			if view.IsLiked != likers[m.ID] {
				t.Errorf("%s: is_liked %v, like row %v", m.Handle, view.IsLiked, likers[m.ID])
			}
		}
		t.Logf("%d likes standing", rows)
	})

	t.Run("follows", func(t *testing.T) {
		// autora follows and unfollows members back at the same time: two
		// members following each other at once must not deadlock.
		var back sync.WaitGroup
		stop := make(chan struct{})
		var backBad []apiAnswer
		backSent := 0
		back.Add(1)
		go func() {
			defer back.Done()
			r := rand.New(rand.NewPCG(7, 7))
			for {
				select {
				case <-stop:
					return
				default:
				}
				m := members[r.IntN(len(members))]
				method := http.MethodPost
				if r.IntN(2) == 0 {
					method = http.MethodDelete
				}
				backSent++
				if a := callAPI(app.URL, autora.Token, method, "/api/v1/profiles/"+m.Handle+"/follow", nil); a.err != nil || a.status != http.StatusOK {
					backBad = append(backBad, a)
				}
			}
		}()
		follow := "/api/v1/profiles/" + autora.Handle + "/follow"
		toggleStorm(t, members,
			func(*apptest.Member) (string, string) { return http.MethodPost, follow },
			func(*apptest.Member) (string, string) { return http.MethodDelete, follow })
		close(stop)
		back.Wait()
		for _, a := range backBad {
			t.Errorf("autora following back: %s", a)
		}
		t.Logf("autora toggled following back %d times meanwhile", backSent)

		// Every profile's counters, not only autora's: each follow moves two.
		var wrong []struct {
			Handle    string `bun:"handle"`
			Followers int    `bun:"follower_count"`
			Following int    `bun:"following_count"`
			RowsIn    int    `bun:"rows_in"`
			RowsOut   int    `bun:"rows_out"`
		}
		if err := app.DB.NewRaw(`SELECT * FROM (SELECT handle, follower_count, following_count,
			(SELECT count(*) FROM follows WHERE following_id = p.id) AS rows_in,
			(SELECT count(*) FROM follows WHERE follower_id = p.id) AS rows_out FROM profiles p) c
			WHERE follower_count <> rows_in OR following_count <> rows_out`).Scan(ctx, &wrong); err != nil {
			t.Fatal(err)
		}
		for _, w := range wrong {
			t.Errorf("%s: follower_count %d for %d rows, following_count %d for %d rows",
				w.Handle, w.Followers, w.RowsIn, w.Following, w.RowsOut)
		}
		var notices, followRows int
		if err := app.DB.NewRaw(`SELECT (SELECT count(*) FROM notifications WHERE type = 'follow'),
			(SELECT count(*) FROM follows)`).Scan(ctx, &notices, &followRows); err != nil {
			t.Fatal(err)
		}
		if notices != followRows {
			t.Errorf("%d follow notifications for %d follow rows", notices, followRows)
		}

		followers := idSet(t, app.DB, `SELECT follower_id::text FROM follows WHERE following_id = ?`, autora.ID)
		var profile struct {
			FollowerCount  int  `json:"follower_count"`
			FollowingCount int  `json:"following_count"`
			IsFollowing    bool `json:"is_following"`
		}
		mustCall(t, autora, http.MethodGet, "/api/v1/profiles/"+autora.Handle, nil, http.StatusOK, &profile)
		if profile.FollowerCount != len(followers) {
			t.Errorf("API follower_count %d, %d follow rows", profile.FollowerCount, len(followers))
		}

		// The 'Seguindo' timeline of each member holds autora's posts
		// exactly while they follow her, once the follow jobs have run.
		drainJobs(t, app.DB, "timelines.backfill", "timelines.remove_author", "timelines.fan_out")
		for _, m := range members {
			mustCall(t, m, http.MethodGet, "/api/v1/profiles/"+autora.Handle, nil, http.StatusOK, &profile)
			if profile.IsFollowing != followers[m.ID] {
				t.Errorf("%s: is_following %v, follow row %v", m.Handle, profile.IsFollowing, followers[m.ID])
			}
			var feed struct {
				Items []struct {
					ID string `json:"id"`
				} `json:"items"`
			}
			mustCall(t, m, http.MethodGet, "/api/v1/feed?algorithm=following&limit=50", nil, http.StatusOK, &feed)
			var got []string
			for _, it := range feed.Items {
				got = append(got, it.ID)
			}
			slices.Sort(got)
			want := []string(nil)
			if followers[m.ID] {
				want = slices.Sorted(slices.Values(posts))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s (following %v): 'Seguindo' holds %v, want %v", m.Handle, followers[m.ID], got, want)
			}
		}
		// Rows the feed hides (an unfollowed author's) are worth knowing
		// about, though members never see them.
		var stale int
		if err := app.DB.NewRaw(`SELECT count(*) FROM timelines t WHERE t.member_id <> t.author_id
			AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = t.member_id AND f.following_id = t.author_id)`).
			Scan(ctx, &stale); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d of %d members follow autora; %d timeline rows of unfollowed authors left", len(followers), len(members), stale)
	})

	t.Run("joins", func(t *testing.T) {
		var c struct {
			ID string `json:"id"`
		}
		mustCall(t, autora, http.MethodPost, "/api/v1/communities",
			map[string]string{"name": "Roda Concorrente", "description": "Entra e sai.", "privacy": "open"}, http.StatusCreated, &c)
		base := "/api/v1/communities/" + c.ID
		toggleStorm(t, members,
			func(*apptest.Member) (string, string) { return http.MethodPost, base + "/join" },
			func(*apptest.Member) (string, string) { return http.MethodDelete, base + "/membership" })

		var stored, rows int
		if err := app.DB.NewRaw(`SELECT member_count, (SELECT count(*) FROM community_members
			WHERE community_id = c.id AND status = 'approved') FROM communities c WHERE id = ?`, c.ID).Scan(ctx, &stored, &rows); err != nil {
			t.Fatal(err)
		}
		if stored != rows {
			t.Errorf("communities.member_count %d, %d approved member rows", stored, rows)
		}
		var view struct {
			MemberCount int `json:"member_count"`
			Membership  *struct {
				Status string `json:"status"`
			} `json:"membership"`
		}
		mustCall(t, autora, http.MethodGet, base, nil, http.StatusOK, &view)
		if view.MemberCount != rows {
			t.Errorf("API member_count %d, %d member rows", view.MemberCount, rows)
		}
		in := idSet(t, app.DB, `SELECT user_id::text FROM community_members WHERE community_id = ? AND status = 'approved'`, c.ID)
		for _, m := range members {
			mustCall(t, m, http.MethodGet, base, nil, http.StatusOK, &view)
			if member := view.Membership != nil && view.Membership.Status == "approved"; member != in[m.ID] {
				t.Errorf("%s: membership %+v, member row %v", m.Handle, view.Membership, in[m.ID])
			}
		}
		// Search shows the count the last reindex read, once it has run.
		drainSearchQueue(t, app.DB)
		var found struct {
			Items []struct {
				Type        string `json:"type"`
				ID          string `json:"id"`
				MemberCount *int   `json:"member_count"`
			} `json:"items"`
		}
		mustCall(t, autora, http.MethodGet, "/api/v1/search?q=Concorrente", nil, http.StatusOK, &found)
		shown := -1
		for _, it := range found.Items {
			if it.Type == "community" && it.ID == c.ID && it.MemberCount != nil {
				shown = *it.MemberCount
			}
		}
		if shown != rows {
			t.Errorf("search shows member_count %d, %d member rows", shown, rows)
		}
		t.Logf("%d members (owner included)", rows)
	})

	t.Run("rooms", func(t *testing.T) {
		var room struct {
			ID string `json:"id"`
		}
		mustCall(t, autora, http.MethodPost, "/api/v1/rooms",
			map[string]string{"name": "Sala concorrida", "station_id": "fallback-jazz"}, http.StatusCreated, &room)
		base := "/api/v1/rooms/" + room.ID
		toggleStorm(t, members,
			func(*apptest.Member) (string, string) { return http.MethodPost, base + "/join" },
			func(*apptest.Member) (string, string) { return http.MethodPost, base + "/leave" })

		var stored, rows int
		if err := app.DB.NewRaw(`SELECT participant_count, (SELECT count(*) FROM listening_participants
			WHERE room_id = r.id) FROM listening_rooms r WHERE id = ?`, room.ID).Scan(ctx, &stored, &rows); err != nil {
			t.Fatal(err)
		}
		if stored != rows {
			t.Errorf("listening_rooms.participant_count %d, %d participant rows", stored, rows)
		}
		var view struct {
			ParticipantCount int `json:"participant_count"`
		}
		mustCall(t, autora, http.MethodGet, base, nil, http.StatusOK, &view)
		if view.ParticipantCount != rows {
			t.Errorf("API participant_count %d, %d participant rows", view.ParticipantCount, rows)
		}
		var list struct {
			Items []struct {
				UserID string `json:"user_id"`
			} `json:"items"`
		}
		mustCall(t, autora, http.MethodGet, base+"/participants", nil, http.StatusOK, &list)
		present := idSet(t, app.DB, `SELECT user_id::text FROM listening_participants WHERE room_id = ?`, room.ID)
		listed := map[string]bool{}
		for _, it := range list.Items {
			listed[it.UserID] = true
		}
		if len(list.Items) != rows || len(listed) != len(present) {
			t.Errorf("API lists %d participants, %d rows", len(list.Items), rows)
		}
		for id := range present {
			if !listed[id] {
				t.Errorf("participant %s not listed", id)
			}
		}
		t.Logf("%d participants", rows)
	})
}

// idSet is the set of IDs a query returns.
func idSet(t *testing.T, db *bun.DB, query string, args ...any) map[string]bool {
	t.Helper()
	var ids []string
	if err := db.NewRaw(query, args...).Scan(context.Background(), &ids); err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, id := range ids {
		set[id] = true
	}
	return set
}
