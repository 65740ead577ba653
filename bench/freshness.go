package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"social/bench/load"
)

// Freshness is how long a new post takes to reach its author's
// followers' timelines (written at once or by the fan-out job, or read
// from the posts for a pulled author) and the search index (the
// indexer taking the search queue), measured from the moment the create
// request is sent.
type Freshness struct {
	Posts       int     `json:"posts"`
	TimelineP50 float64 `json:"timeline_p50_ms"`
	TimelineP99 float64 `json:"timeline_p99_ms"`
	SearchP50   float64 `json:"search_p50_ms"`
	SearchP99   float64 `json:"search_p99_ms"`
	Timeouts    int     `json:"timeouts"`
	// Every other timed post (TopPosts) is by the member with the most
	// followers (TopFollowers of them); TopTimelineP99 is how long those
	// that arrived took to reach the last of them, and TopTimeouts how
	// many did not arrive in time.
	TopFollowers   int     `json:"top_author_followers,omitempty"`
	TopPosts       int     `json:"top_author_posts,omitempty"`
	TopTimeouts    int     `json:"top_author_timeouts,omitempty"`
	TopTimelineP99 float64 `json:"top_author_timeline_p99_ms,omitempty"`
	// FirstError is why the first post that timed out did (a create that
	// failed, or the post not found by the deadline).
	FirstError string  `json:"first_error,omitempty"`
	Seconds    float64 `json:"seconds"`
	// BacklogSeconds is how long the jobs left by the create workload took
	// to drain before these posts were made.
	BacklogSeconds float64 `json:"backlog_seconds,omitempty"`
	// CreateRate, when not 0, is the rate of the other posts created, open
	// loop, while these were timed (measureFreshnessUnderLoad).
	CreateRate float64 `json:"create_rate,omitempty"`
}

// TopLine is what the reports say of the most followed author's posts
// (the HTML page's template calls it too).
func (f Freshness) TopLine() string {
	if f.TopFollowers == 0 {
		return ""
	}
	who := fmt.Sprintf("; every other post by the member with the most followers (%d): ", f.TopFollowers)
	switch f.TopTimeouts {
	case 0:
		return who + fmt.Sprintf("in the last one's timeline p99 %.0f ms", f.TopTimelineP99)
	case f.TopPosts:
		return who + fmt.Sprintf("none of %d in the last one's timeline in time", f.TopPosts)
	}
	return who + fmt.Sprintf("%d of %d late, the others in the last one's timeline p99 %.0f ms",
		f.TopTimeouts, f.TopPosts, f.TopTimelineP99)
}

// measureFreshnessUnderLoad times n new posts as measureFreshness does,
// while create makes other posts at rate a second: how late a post is
// while members keep posting, not only once the system is quiet.
func measureFreshnessUnderLoad(ctx context.Context, c *client, pool *pgxpool.Pool, f *fixture, n int, rate float64, create load.Op) Freshness {
	loadCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		// Longer than the timed posts can take; stopped when they are done.
		load.Open(loadCtx, rate, time.Duration(n)*500*time.Millisecond+FreshnessDeadline, time.Second, create)
	}()
	fresh := measureFreshness(ctx, c, pool, f, n)
	stop()
	<-done
	fresh.CreateRate = rate
	return fresh
}

// FreshnessDeadline is how long a new post may take to be in its author's
// followers' timelines and in search before it counts as a timeout (and
// fails the smoke run: a regression guard, not a speed target).
const FreshnessDeadline = 10 * time.Second

// measureFreshness creates n posts two a second, every other one by the
// member with the most followers and the rest each by a random member, and
// polls for each: the post in the timeline of the author's follower with
// the highest ID (the fan-out's last batch; at once for a pulled author)
// and a search for the post's unique word through the API.
func measureFreshness(ctx context.Context, c *client, pool *pgxpool.Pool, f *fixture, n int) Freshness {
	start := time.Now()
	var mu sync.Mutex
	var timeline, search, top []time.Duration
	timeouts, topPosts, topTimeouts, firstError := 0, 0, 0, ""
	var wg sync.WaitGroup
	for i := range n {
		if i > 0 {
			time.Sleep(500 * time.Millisecond)
		}
		author, byTop := f.pick("all", 0), i%2 == 1 && len(f.viewers["top"]) > 0
		if byTop {
			author = f.pick("top", 0)
		}
		if byTop {
			topPosts++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			tl, sr, err := freshOne(ctx, c, pool, f, author)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if timeouts++; firstError == "" {
					firstError = err.Error()
				}
				if byTop {
					topTimeouts++
				}
				return
			}
			timeline, search = append(timeline, tl), append(search, sr)
			if byTop {
				top = append(top, tl)
			}
		}()
	}
	wg.Wait()
	slices.Sort(timeline)
	slices.Sort(search)
	slices.Sort(top)
	msOf := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	fresh := Freshness{Posts: n, Timeouts: timeouts, FirstError: firstError, Seconds: time.Since(start).Seconds(),
		TimelineP50: msOf(load.Percentile(timeline, 50)), TimelineP99: msOf(load.Percentile(timeline, 99)),
		SearchP50: msOf(load.Percentile(search, 50)), SearchP99: msOf(load.Percentile(search, 99))}
	if topPosts > 0 {
		fresh.TopFollowers, fresh.TopPosts, fresh.TopTimeouts = f.topFollowers, topPosts, topTimeouts
		fresh.TopTimelineP99 = msOf(load.Percentile(top, 99))
	}
	return fresh
}

func freshOne(ctx context.Context, c *client, pool *pgxpool.Pool, f *fixture, v viewer) (timeline, search time.Duration, err error) {
	var last string
	if err := pool.QueryRow(ctx, `SELECT coalesce((SELECT follower_id FROM follows WHERE following_id = $1
		ORDER BY follower_id DESC LIMIT 1), $1)::text`, v.ID).Scan(&last); err != nil {
		return 0, 0, err
	}
	word := uniqueWord(f.seq.Add(1))
	var post struct {
		ID string `json:"id"`
	}
	t0 := time.Now()
	if err := c.Do(ctx, v.Token, http.MethodPost, "/posts", map[string]string{"text_content": f.postText(word)}, &post); err != nil {
		return 0, 0, err
	}
	deadline := t0.Add(FreshnessDeadline)
	var wg sync.WaitGroup
	var tlErr, srErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		timeline, tlErr = seenAfter(t0, deadline, 5*time.Millisecond, func() (bool, error) {
			var ok bool
			// In the follower's timeline, or read from the posts when its
			// author is pulled (as 'Seguindo' reads it).
			err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM timelines WHERE member_id = $1 AND post_id = $2)
				OR EXISTS (SELECT 1 FROM posts p JOIN timeline_pulled_authors pa ON pa.author_id = p.author_id
					JOIN follows f ON f.follower_id = $1 AND f.following_id = p.author_id WHERE p.id = $2)`,
				last, post.ID).Scan(&ok)
			return ok, err
		}, fmt.Errorf("post %s not in the timeline of %s", post.ID, last))
	}()
	go func() {
		defer wg.Done()
		search, srErr = seenAfter(t0, deadline, 10*time.Millisecond, func() (bool, error) {
			type hit struct {
				ID string `json:"id"`
			}
			var res struct {
				Items []hit `json:"items"`
			}
			if err := c.Do(ctx, v.Token, http.MethodGet, "/search?q="+url.QueryEscape(word), nil, &res); err != nil {
				return false, err
			}
			return slices.Contains(res.Items, hit{ID: post.ID}), nil
		}, fmt.Errorf("post %s not found by %q", post.ID, word))
	}()
	wg.Wait()
	if tlErr != nil {
		return 0, 0, tlErr
	}
	return timeline, search, srErr
}

// seenAfter asks found every interval until the post is there, and says
// how long after t0 that was; an error of found, or deadline passing
// (missing), ends the wait.
func seenAfter(t0, deadline time.Time, every time.Duration, found func() (bool, error), missing error) (time.Duration, error) {
	for {
		ok, err := found()
		if err != nil {
			return 0, err
		}
		if ok {
			return time.Since(t0), nil
		}
		if time.Now().After(deadline) {
			return 0, missing
		}
		time.Sleep(every)
	}
}
