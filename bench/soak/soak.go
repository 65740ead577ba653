// Package soak drives the cluster of `make cluster` with the benchmark's
// mixed load (bench/load's open loop, the 60/30/10 mix of following feed,
// author's posts and new posts) while members hold WebSockets, and breaks
// it on a schedule (a node SIGKILLed and restarted, a NATS server killed,
// the replica stopped for 30 s, the primary restarted), then checks what a
// member would notice: acknowledged writes lost, requests that failed and
// why, sockets reconnected and how fast, live events missed after the
// reconnection's catch-up read, periodic jobs run more than once, media
// unreadable from a node.
package soak

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"social/bench/apiclient"
	"social/bench/load"
)

// Config is one soak.
type Config struct {
	// BaseURL is HAProxy's address; Nodes the nodes' own (media checks).
	BaseURL string
	Nodes   []string
	// PrimaryURL is a superuser's URL of the primary (checks and lag).
	PrimaryURL string
	Duration   time.Duration
	// Rate is the mix's requests per second; Members sign in for it,
	// Watchers of them hold a socket each.
	Rate     float64
	Members  int
	Watchers int
	// CommentEvery is how often someone comments on a watcher's post.
	CommentEvery time.Duration
	// Cluster runs one `scripts/cluster.sh` command (kill, stop-part, start-part).
	Cluster func(ctx context.Context, args ...string) error
	Logf    func(format string, args ...any)
}

// Run soaks the cluster and returns its report (check Report.Failures).
func Run(ctx context.Context, cfg Config) (*Report, error) {
	s := &soak{cfg: cfg, start: time.Now(), sent: map[string]sentComment{}, seenAt: map[string]time.Time{}}
	s.timeline = newTimeline()
	hc := &http.Client{Transport: &keyTransport{base: &http.Transport{MaxIdleConnsPerHost: 64}}, Timeout: 30 * time.Second}
	s.api = apiclient.New(cfg.BaseURL, hc)
	db, err := pgxpool.New(ctx, cfg.PrimaryURL)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	s.db = db
	if err := s.prepare(ctx); err != nil {
		return nil, fmt.Errorf("prepare: %w", err)
	}
	if cfg.Rate == 0 {
		// Half the peak: the mix's closed loop, before any socket or fault.
		peak := load.Closed(ctx, 8, 20*time.Second, s.mixed)
		s.peak = peak.Throughput
		cfg.Rate = max(1, math.Round(peak.Throughput/2))
		s.cfg.Rate = cfg.Rate
		cfg.Logf("soak: peak %.1f requests/s (8 workers, p99 %.0f ms)", peak.Throughput, peak.P99)
		s.mu.Lock()
		s.failures, s.finals, s.retried = nil, nil, 0
		s.mu.Unlock()
	}
	cfg.Logf("soak: %d members, %d on sockets, %.0f requests/s for %s", len(s.members), len(s.watchers), cfg.Rate, cfg.Duration)

	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	for _, w := range s.watchers {
		wg.Add(1)
		go func() { defer wg.Done(); w.run(runCtx, s) }()
	}
	wg.Add(3)
	go func() { defer wg.Done(); s.comments(runCtx) }()
	go func() { defer wg.Done(); s.probeLag(runCtx) }()
	faults := make(chan []FaultEvent, 1)
	go func() { defer wg.Done(); faults <- s.faults(runCtx) }()

	s.start = time.Now()
	s.timeline = newTimeline()
	res := load.Open(ctx, cfg.Rate, cfg.Duration, 30*time.Second, s.mixed)
	// Events still on their way are given a moment before the sockets close.
	time.Sleep(5 * time.Second)
	stop()
	wg.Wait()
	return s.report(ctx, res, <-faults)
}

type soak struct {
	cfg      Config
	api      *apiclient.Client
	db       *pgxpool.Pool
	start    time.Time
	members  []*member
	watchers []*watcher
	picture  string // a picture post's ID, read from every node at the end
	peak     float64
	timeline *timeline

	seq      atomic.Int64
	mu       sync.Mutex
	acked    []ackedWrite
	inDoubt  []ackedWrite
	applied  []ackedWrite   // creates answered idempotency_already_applied
	failures map[string]int // failed attempts by reason
	finals   []string       // requests that failed for good
	retried  int            // requests that succeeded after a failed attempt
	// sent are the acknowledged comments on watchers' posts; seenAt when
	// each one's live event first arrived.
	sent   map[string]sentComment
	seenAt map[string]time.Time
}

type member struct {
	n     int
	id    string
	token string
}

type ackedWrite struct {
	Kind string `json:"kind"` // post or comment
	ID   string `json:"id"`
	Key  string `json:"idempotency_key"`
	Word string `json:"word,omitempty"`
}

func (s *soak) pick() *member { return s.members[rand.IntN(len(s.members))] }

// mixed is the benchmark's mix (bench's "mixed" workload): 60 % the
// following feed, 30 % an author's posts, 10 % a new post, each retried
// by its client as an app would.
func (s *soak) mixed(ctx context.Context, _ int) error {
	m := s.pick()
	t0 := time.Now()
	var err error
	switch r := rand.IntN(10); {
	case r < 6:
		err = s.retry(ctx, "", func(ctx context.Context) error {
			return s.api.Do(ctx, m.token, http.MethodGet, "/feed?algorithm=following", nil, nil)
		})
	case r < 9:
		path := fmt.Sprintf("/profiles/membro_%06d/posts", 1+rand.IntN(len(s.members)))
		err = s.retry(ctx, "", func(ctx context.Context) error {
			return s.api.Do(ctx, m.token, http.MethodGet, path, nil, nil)
		})
	default:
		err = s.createPost(ctx, m)
	}
	s.timeline.request(time.Since(t0), err)
	return err
}

// createPost publishes a post under an Idempotency-Key, retried with the
// same key until it is acknowledged: the key makes a retry of a request
// that did reach the database answer the first post, never a second one.
func (s *soak) createPost(ctx context.Context, m *member) error {
	n := s.seq.Add(1)
	word := fmt.Sprintf("soak%dx%d", s.start.Unix()%100000, n)
	key := uuid.NewString()
	var out struct{ ID string }
	err := s.retry(withKey(ctx, key), key, func(ctx context.Context) error {
		return s.api.Do(ctx, m.token, http.MethodPost, "/posts", map[string]string{
			"text_content": "Carga contínua " + word + " #soak"}, &out)
	})
	s.mu.Lock()
	defer s.mu.Unlock()
	w := ackedWrite{Kind: "post", ID: out.ID, Key: key, Word: word}
	switch {
	case err == nil:
		s.acked = append(s.acked, w)
	case isApplied(err):
		s.applied = append(s.applied, w)
	case isInProgress(err):
		s.inDoubt = append(s.inDoubt, w)
	}
	return err
}

// retry runs call until it succeeds, giving up after 40 s: a failed
// attempt that the network, HAProxy or a node going away caused is tried
// again after a pause; a refusal of the request itself is not. A create
// (key set) whose first attempt is still claimed is tried again too.
func (s *soak) retry(ctx context.Context, key string, call func(context.Context) error) error {
	deadline := time.Now().Add(40 * time.Second)
	pause := 200 * time.Millisecond
	failed := false
	for {
		err := call(ctx)
		if err == nil {
			if failed {
				s.mu.Lock()
				s.retried++
				s.mu.Unlock()
			}
			return nil
		}
		if ctx.Err() != nil {
			return err // cut by the end of the run: neither a success nor a failure
		}
		reason := classify(err)
		s.mu.Lock()
		if s.failures == nil {
			s.failures = map[string]int{}
		}
		s.failures[reason]++
		s.mu.Unlock()
		s.timeline.failedAttempt()
		failed = true
		if !retryable(err, key != "") || time.Now().After(deadline) || ctx.Err() != nil {
			s.mu.Lock()
			s.finals = append(s.finals, reason)
			s.mu.Unlock()
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
		pause = min(pause*2, 2*time.Second)
	}
}

func retryable(err error, withKey bool) bool {
	var se *apiclient.StatusError
	if errors.As(err, &se) {
		switch se.Status {
		case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout, http.StatusInternalServerError:
			return true
		case http.StatusConflict:
			// Told the write was carried out without an answer: sending it
			// again would not change that.
			return withKey && !isApplied(err)
		}
		return false
	}
	return true // the connection failed or was cut
}

// isApplied tells a create the server says was written, its answer lost
// (409 idempotency_already_applied).
func isApplied(err error) bool {
	var se *apiclient.StatusError
	return errors.As(err, &se) && se.Status == http.StatusConflict && indexOf(se.Body, `"idempotency_already_applied"`) >= 0
}

func isInProgress(err error) bool {
	var se *apiclient.StatusError
	return errors.As(err, &se) && se.Status == http.StatusConflict
}

// classify names why an attempt failed, for the report.
func classify(err error) string {
	var se *apiclient.StatusError
	if errors.As(err, &se) {
		code := ""
		if i := indexOf(se.Body, `"code":"`); i >= 0 {
			rest := se.Body[i+8:]
			if j := indexOf(rest, `"`); j >= 0 {
				code = " " + rest[:j]
			}
		}
		return fmt.Sprintf("%d%s", se.Status, code)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "timeout"
	}
	if errors.Is(err, context.Canceled) {
		return "cancelled at the end of the run"
	}
	msg := err.Error()
	var ue *url.Error
	if errors.As(err, &ue) {
		msg = ue.Err.Error() // without the request's address
	}
	for _, k := range []string{"connection reset", "connection refused", "EOF", "broken pipe", "Client.Timeout", "timeout"} {
		if indexOf(msg, k) >= 0 {
			return k
		}
	}
	return "other: " + msg[:min(len(msg), 80)]
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// keyTransport adds the request's Idempotency-Key (withKey) to its headers.
type keyTransport struct{ base http.RoundTripper }

type keyCtx struct{}

func withKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, keyCtx{}, key)
}

func (t *keyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if key, _ := r.Context().Value(keyCtx{}).(string); key != "" {
		r = r.Clone(r.Context())
		r.Header.Set("Idempotency-Key", key)
	}
	return t.base.RoundTrip(r)
}
