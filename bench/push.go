package bench

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"social/bench/load"
)

// PushResult is the Web Push workload, in two parts.
//
// Fan-out: one device each for Devices members, and one like on a post of
// each, sent over HTTP by the signed-in viewers: every like is a
// notification whose push the server encrypts, signs and posts to the
// bench's own push service. Timed from each like's answer to its push's
// arrival, and whole, from the first like sent to the last push received.
//
// Collapse: Likers members like one post whose author has a device: the
// likes of one post are one topic, so the device gets one push in the
// window, however many likes come (the rest stay in the in-app list).
type PushResult struct {
	Devices    int `json:"devices"`
	Likes      int `json:"likes"`
	Received   int `json:"received"`
	Lost       int `json:"lost"`
	Duplicates int `json:"duplicates"`
	// Seconds is from the first like sent to the last push received.
	Seconds   float64 `json:"seconds"`
	PerSecond float64 `json:"pushes_per_second"`
	P50       float64 `json:"p50_ms"`
	P99       float64 `json:"p99_ms"`
	Max       float64 `json:"max_ms"`
	// The server's resident set before the fan-out and its peak over the
	// run until the fan-out ended (VmHWM).
	RSSBeforeMB float64 `json:"rss_before_mb"`
	RSSPeakMB   float64 `json:"rss_peak_mb"`

	Likers int `json:"collapse_likers"`
	// CollapseNotified is the in-app notifications the likes made;
	// CollapsePushes the pushes the author's device received for them.
	CollapseNotified int    `json:"collapse_notified"`
	CollapsePushes   int    `json:"collapse_pushes"`
	Error            string `json:"error,omitempty"`
}

func (p PushResult) line() string {
	if p.Error != "" {
		return "push: " + p.Error
	}
	return fmt.Sprintf("push: %d devices, %d received in %.1f s (%.0f/s), like to push p50 %.0f ms p99 %.0f ms max %.0f ms, %d lost, %d twice; RSS %.0f MB before, peak %.0f MB; %d likes of one post: %d notifications, %d push",
		p.Devices, p.Received, p.Seconds, p.PerSecond, p.P50, p.P99, p.Max, p.Lost, p.Duplicates, p.RSSBeforeMB, p.RSSPeakMB,
		p.Likers, p.CollapseNotified, p.CollapsePushes)
}

// pushDeviceAgent marks the sessions the workload makes for its devices, so
// that a later run on the same data set removes them first.
const pushDeviceAgent = "socialbench push device"

// pushService is a Web Push service on this machine: it takes every push
// (POST /d/{device}), notes when it came, and answers 201 as a real one does.
type pushService struct {
	srv      *http.Server
	addr     string
	mu       sync.Mutex
	arrivals map[int][]time.Time
	total    atomic.Int64
}

func startPushService() (*pushService, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &pushService{addr: l.Addr().String(), arrivals: map[int][]time.Time{}}
	p.srv = &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		at := time.Now()
		_, _ = io.Copy(io.Discard, r.Body)
		device, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/d/"))
		if r.Method != http.MethodPost || err != nil || r.Header.Get("Content-Encoding") != "aes128gcm" ||
			!strings.HasPrefix(r.Header.Get("Authorization"), "vapid ") {
			http.Error(w, "not a Web Push message", http.StatusBadRequest)
			return
		}
		p.mu.Lock()
		p.arrivals[device] = append(p.arrivals[device], at)
		p.mu.Unlock()
		p.total.Add(1)
		w.WriteHeader(http.StatusCreated)
	})}
	go func() { _ = p.srv.Serve(l) }()
	return p, nil
}

func (p *pushService) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = p.srv.Shutdown(ctx)
}

// received answers the arrivals of device.
func (p *pushService) received(device int) []time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.arrivals[device])
}

// waitFor waits until n pushes in all came or the deadline passed.
func (p *pushService) waitFor(ctx context.Context, n int64, deadline time.Time) {
	for p.total.Load() < n && time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
}

// subscribeDevices gives each member one device whose endpoint is the push
// service's /d/{first+i}, with the like alert on, straight in the database:
// a device's browser and its session are not what is measured. One key
// pair serves every device (the server encrypts for each all the same).
func subscribeDevices(ctx context.Context, pool *pgxpool.Pool, service string, members []uuid.UUID, first int) error {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		return err
	}
	sessions := make([]uuid.UUID, len(members))
	endpoints := make([]string, len(members))
	for i := range members {
		sessions[i] = uuid.New()
		endpoints[i] = fmt.Sprintf("http://%s/d/%d", service, first+i)
	}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO sessions (id, account_id, created_at, expires_at, last_used_at, user_agent)
			SELECT s, m, now(), now() + interval '1 day', now(), $3 FROM unnest($1::uuid[], $2::uuid[]) AS t (s, m)`,
			sessions, members, pushDeviceAgent); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO push_subscriptions (id, session_id, account_id, endpoint, p256dh, auth, alerts, policy, created_at, updated_at)
			SELECT gen_random_uuid(), s, m, e, $4, $5, '{like}', 'all', now(), now() FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS t (s, m, e)`,
			sessions, members, endpoints, key.PublicKey().Bytes(), secret)
		return err
	}); err != nil {
		return err
	}
	// As autovacuum would have long since on a server whose members
	// subscribed one by one: without statistics the planner takes the
	// table for empty and reads all of it for each recipient.
	_, err = pool.Exec(ctx, `ANALYZE push_subscriptions, sessions`)
	return err
}

// runPush runs both parts of the push workload against srv, whose push
// client may post to service (push.local_services).
//
// profile, when set, is called as the fan-out starts with how long to
// profile the server.
func runPush(ctx context.Context, srv *server, c *client, fx *fixture, pool *pgxpool.Pool, service *pushService, cfg Config, profile func(time.Duration), say func(string, ...any)) PushResult {
	res := PushResult{Devices: cfg.Devices, Likers: cfg.Likers}
	fail := func(err error) PushResult {
		res.Error = err.Error()
		return res
	}
	if _, err := pool.Exec(ctx, `DELETE FROM sessions WHERE user_agent = $1`, pushDeviceAgent); err != nil {
		return fail(err)
	}
	viewers := fx.viewers["all"]
	likerIDs := make([]uuid.UUID, len(viewers))
	for i, v := range viewers {
		likerIDs[i] = v.ID
	}
	// The newest public post of each of Devices members none of the
	// viewers liked yet (an earlier run on the same data set liked some):
	// the liker is viewer i modulo their number.
	rows, err := pool.Query(ctx, `SELECT DISTINCT ON (p.author_id) p.author_id, p.id FROM posts p
		WHERE p.visibility = 'public' AND p.author_id <> ALL($1)
		  AND NOT EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = ANY($1))
		ORDER BY p.author_id, p.created_at DESC LIMIT $2`, likerIDs, cfg.Devices+1)
	if err != nil {
		return fail(err)
	}
	type target struct {
		Author uuid.UUID
		Post   uuid.UUID
	}
	targets, err := pgx.CollectRows(rows, pgx.RowToStructByPos[target])
	if err != nil {
		return fail(err)
	}
	if len(targets) < 2 {
		return fail(errors.New("no authors with a post to like"))
	}
	// The last author is the collapse part's; the others get the fan-out.
	collapse, targets := targets[len(targets)-1], targets[:len(targets)-1]
	res.Devices = len(targets)
	authors := make([]uuid.UUID, len(targets)+1)
	for i, t := range targets {
		authors[i] = t.Author
	}
	authors[len(targets)] = collapse.Author
	if err := subscribeDevices(ctx, pool, service.addr, authors, 0); err != nil {
		return fail(fmt.Errorf("subscribe devices: %w", err))
	}
	collapseDevice := len(targets)

	// Fan-out.
	res.RSSBeforeMB, _ = srv.memory()
	answered := make([]time.Time, len(targets))
	var firstErr error
	var errOnce sync.Once
	noteErr := func(err error) { errOnce.Do(func() { firstErr = err }) }
	var likes atomic.Int64
	if profile != nil {
		profile(20 * time.Second)
	}
	start := time.Now()
	inParallel(ctx, cfg.Workers, len(targets), func(i int) {
		v := viewers[i%len(viewers)]
		if err := c.Do(ctx, v.Token, http.MethodPut, "/posts/"+targets[i].Post.String()+"/like", nil, nil); err != nil {
			noteErr(fmt.Errorf("like: %w", err))
			return
		}
		answered[i] = time.Now()
		likes.Add(1)
	})
	res.Likes = int(likes.Load())
	service.waitFor(ctx, int64(len(targets)), time.Now().Add(2*time.Minute+time.Duration(len(targets))*10*time.Millisecond))
	var last time.Time
	delays := make([]time.Duration, 0, len(targets))
	for i := range targets {
		got := service.received(i)
		switch {
		case len(got) == 0:
			res.Lost++
			continue
		case len(got) > 1:
			res.Duplicates += len(got) - 1
		}
		res.Received++
		if got[0].After(last) {
			last = got[0]
		}
		if !answered[i].IsZero() {
			delays = append(delays, max(0, got[0].Sub(answered[i])))
		}
	}
	if res.Received > 0 {
		res.Seconds = last.Sub(start).Seconds()
		res.PerSecond = float64(res.Received) / res.Seconds
	}
	slices.Sort(delays)
	res.P50, res.P99, res.Max = ms(load.Percentile(delays, 50)), ms(load.Percentile(delays, 99)), ms(load.Percentile(delays, 100))
	_, res.RSSPeakMB = srv.memory()
	say("  fan-out: %d likes answered, %d pushes received in %.1f s", len(delays), res.Received, res.Seconds)

	// Collapse: the viewers, then more members signed in for it, like one post.
	likers := slices.Clone(viewers)
	var more []int
	for n := 1; len(likers)+len(more) < cfg.Likers && n <= fx.profiles; n++ {
		if !slices.ContainsFunc(viewers, func(v viewer) bool { return v.N == n }) {
			more = append(more, n)
		}
	}
	signedIn := make([]viewer, len(more))
	inParallel(ctx, cfg.Workers, len(more), func(i int) {
		v, err := c.signIn(ctx, more[i])
		if err != nil {
			noteErr(fmt.Errorf("sign in a liker: %w", err))
			return
		}
		signedIn[i] = v
	})
	for _, v := range signedIn {
		if v.Token != "" && v.ID != collapse.Author {
			likers = append(likers, v)
		}
	}
	res.Likers = len(likers)
	inParallel(ctx, cfg.Workers, len(likers), func(i int) {
		if err := c.Do(ctx, likers[i].Token, http.MethodPut, "/posts/"+collapse.Post.String()+"/like", nil, nil); err != nil {
			noteErr(fmt.Errorf("collapse like: %w", err))
		}
	})
	// The first push may wait behind the fan-out's on a busy machine: its
	// delay is measured above, so here it is waited for. Then long enough
	// for a second push to come if the window let one through.
	first := time.Now().Add(2 * time.Minute)
	for len(service.received(collapseDevice)) == 0 && time.Now().Before(first) && ctx.Err() == nil {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(5 * time.Second)
	res.CollapsePushes = len(service.received(collapseDevice))
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM notifications WHERE post_id = $1 AND type = 'like'`,
		collapse.Post).Scan(&res.CollapseNotified); err != nil {
		return fail(err)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM sessions WHERE user_agent = $1`, pushDeviceAgent); err != nil {
		return fail(err)
	}
	if firstErr != nil {
		res.Error = firstErr.Error()
	}
	return res
}

// inParallel runs do(0..n-1) on workers goroutines.
func inParallel(ctx context.Context, workers, n int, do func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				do(i)
			}
		}()
	}
	wg.Wait()
}
