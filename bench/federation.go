package bench

import (
	"bytes"
	"context"
	"crypto"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"social/bench/load"
	"social/kit/httpsig"
)

// Federation workloads' names (--workloads).
const (
	FederationDelivery = "federation_delivery"
	FederationInbox    = "federation_inbox"
)

// federationEnv runs the server with federation on at its loopback
// address, plain http allowed (the sink's servers are on loopback too),
// and the inbox's limit per server out of the way: the inbox workload
// measures the processing, not the limiter.
var federationEnv = []string{"SOCIAL_PLUGINS_FEDERATION_ENABLED=true", "SOCIAL_FEDERATION_ALLOW_LOOPBACK_HTTP=true",
	"SOCIAL_FEDERATION_INBOX_PER_HOST_PER_MINUTE=100000000"}

// FederationResult holds the two federation workloads.
type FederationResult struct {
	Delivery *DeliveryResult `json:"delivery,omitempty"`
	Inbox    *InboxResult    `json:"inbox,omitempty"`
}

// DeliveryResult is one member with Followers remote followers on Hosts
// servers (all answered by the bench's sink) writing a post: once with
// each follower's own inbox (one delivery each), once with each server's
// shared inbox (one delivery a server). Every delivery's signature is
// checked by the sink against the member's key as the server publishes it.
type DeliveryResult struct {
	Followers   int           `json:"followers"`
	Hosts       int           `json:"hosts"`
	SeedSeconds float64       `json:"seed_seconds"`
	Runs        []DeliveryRun `json:"runs"`
	// Signatures checked by the sink, and those that failed.
	Verified    int     `json:"signatures_verified"`
	BadSigs     int     `json:"signatures_bad"`
	RSSBeforeMB float64 `json:"rss_before_mb"`
	RSSPeakMB   float64 `json:"rss_peak_mb"`
	Error       string  `json:"error,omitempty"`
}

// DeliveryRun is one post's deliveries: from the post's request to the
// last delivery received.
type DeliveryRun struct {
	Inboxes    string  `json:"inboxes"`
	Expected   int     `json:"expected"`
	Received   int     `json:"received"`
	Duplicates int     `json:"duplicates"`
	FirstMS    float64 `json:"first_ms"`
	Seconds    float64 `json:"seconds"`
	PerSecond  float64 `json:"deliveries_per_second"`
}

// InboxResult is signed activities posted to the shared inbox at Rate a
// second by Actors remote actors on Hosts servers (whose documents and
// keys the sink serves), while members read their 'Seguindo' timeline at
// ReadRate (a quarter of the read's closed-loop peak): the members' p99
// without and with the inbox's load.
type InboxResult struct {
	Actors   int     `json:"actors"`
	Hosts    int     `json:"hosts"`
	Rate     float64 `json:"rate"`
	ReadRate float64 `json:"read_rate"`
	// Inbox is the POSTs (202 is success); Before and During the members'
	// reads without and with them. Floor is the members' reads beside as
	// many POSTs a second of the same body answered at once, with no work
	// (to /healthz, refused for their method, logged at debug as the
	// inbox's 503s are): what merely answering the flood costs this
	// machine, the generator that sends it included.
	Inbox  load.Result `json:"inbox"`
	Before load.Result `json:"reads_before"`
	Floor  load.Result `json:"reads_beside_refusals"`
	During load.Result `json:"reads_during"`
	// TurnedAway are the POSTs answered 503 (no place among the activities
	// being received): counted in Inbox as answered, not as errors.
	TurnedAway int `json:"turned_away"`
	// P99Moved is During's p99 over Before's, less one (0.2: 20 % slower);
	// P99OverFloor is During's over Floor's: what the inbox's own work
	// (signatures, records, processing) adds to the flood's floor.
	P99Moved     float64 `json:"p99_moved"`
	P99OverFloor float64 `json:"p99_over_floor"`
	// DrainSeconds is how long the queued activities took to be processed
	// after the last POST; Processed how many were.
	DrainSeconds float64 `json:"drain_seconds"`
	Processed    int     `json:"processed"`
	Error        string  `json:"error,omitempty"`
}

// Line is the run's figures in one sentence (the page shows it).
func (d DeliveryResult) Line() string { return d.line() }

// Line is the run's figures in one sentence (the page shows it).
func (in InboxResult) Line() string { return in.line() }

func (d DeliveryResult) line() string {
	if d.Error != "" {
		return "federation delivery: " + d.Error
	}
	var runs []string
	for _, r := range d.Runs {
		runs = append(runs, fmt.Sprintf("%s: %d/%d in %.2f s (%.0f/s, first after %.0f ms, %d twice)",
			r.Inboxes, r.Received, r.Expected, r.Seconds, r.PerSecond, r.FirstMS, r.Duplicates))
	}
	return fmt.Sprintf("federation delivery: %d remote followers on %d servers; %s; %d signatures verified, %d bad; RSS %.0f MB before, peak %.0f MB",
		d.Followers, d.Hosts, strings.Join(runs, "; "), d.Verified, d.BadSigs, d.RSSBeforeMB, d.RSSPeakMB)
}

func (in InboxResult) line() string {
	if in.Error != "" {
		return "federation inbox: " + in.Error
	}
	accepted := 0.0
	if in.Inbox.Seconds > 0 {
		accepted = float64(in.Inbox.Requests-in.Inbox.Errors-in.TurnedAway) / in.Inbox.Seconds
	}
	return fmt.Sprintf("federation inbox: %.0f signed activities/s asked (%.0f/s answered 202, %d turned away with 503, p99 %.1f ms, %d refused) from %d actors on %d servers; members' reads at %.0f/s p99 %.1f ms alone, %.1f ms beside as many POSTs refused at once, %.1f ms with the inbox (%+.0f %% over alone, %+.0f %% over the refusals); queue drained %.1f s after, %d processed",
		in.Rate, accepted, in.TurnedAway, in.Inbox.P99, in.Inbox.Errors, in.Actors, in.Hosts, in.ReadRate, in.Before.P99,
		in.Floor.P99, in.During.P99, 100*in.P99Moved, 100*in.P99OverFloor, in.DrainSeconds, in.Processed)
}

// sink answers the remote servers: 127.0.1.1 to 127.0.1.N on one port,
// each a listener of its own, all with one handler. It serves the inbox
// workload's actors and takes deliveries, checking their signatures.
type sink struct {
	port  int
	hosts []string
	srvs  []*http.Server
	// actors: path /users/{name} → document.
	actors map[string][]byte
	// verify checks deliveries; keys caches the members' keys.
	verify   *httpsig.Verifier
	mu       sync.Mutex
	byObject map[string]*arrivals
	verified atomic.Int64
	bad      atomic.Int64
}

// arrivals are the deliveries of one object's activities.
type arrivals struct {
	count, dups int
	first, last time.Time
	seen        map[string]bool // inbox paths by host
}

func startSink(n int, memberKey func(ctx context.Context, keyID string) (crypto.PublicKey, error)) (*sink, error) {
	s := &sink{actors: map[string][]byte{}, byObject: map[string]*arrivals{}}
	s.verify = &httpsig.Verifier{Resolve: func(ctx context.Context, keyID string, _ bool) (httpsig.Key, error) {
		pub, err := memberKey(ctx, keyID)
		return httpsig.Key{Public: pub}, err
	}}
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		l, err := net.Listen("tcp", "127.0.1.1:0")
		if err != nil {
			return nil, err
		}
		s.port = l.Addr().(*net.TCPAddr).Port
		listeners := []net.Listener{l}
		for i := 2; i <= n && err == nil; i++ {
			var li net.Listener
			if li, err = net.Listen("tcp", fmt.Sprintf("127.0.1.%d:%d", i, s.port)); err == nil {
				listeners = append(listeners, li)
			}
		}
		if err != nil {
			lastErr = err
			for _, li := range listeners {
				li.Close()
			}
			continue
		}
		for i, li := range listeners {
			srv := &http.Server{Handler: http.HandlerFunc(s.serve), ReadHeaderTimeout: 10 * time.Second}
			s.srvs = append(s.srvs, srv)
			s.hosts = append(s.hosts, fmt.Sprintf("127.0.1.%d:%d", i+1, s.port))
			go func() { _ = srv.Serve(li) }()
		}
		return s, nil
	}
	return nil, fmt.Errorf("sink: no port free on 127.0.1.1-%d: %w", n, lastErr)
}

func (s *sink) stop() {
	for _, srv := range s.srvs {
		_ = srv.Close()
	}
}

func (s *sink) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		s.mu.Lock()
		doc, ok := s.actors[r.Host+r.URL.Path]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/activity+json")
		_, _ = w.Write(doc)
		return
	}
	at := time.Now()
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "read", http.StatusBadRequest)
		return
	}
	if _, err := s.verify.Verify(r.Context(), r, body); err != nil {
		s.bad.Add(1)
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	s.verified.Add(1)
	var a struct {
		Object json.RawMessage `json:"object"`
	}
	_ = json.Unmarshal(body, &a)
	var obj struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(a.Object, &obj) != nil || obj.ID == "" {
		_ = json.Unmarshal(a.Object, &obj.ID)
	}
	s.mu.Lock()
	ar := s.byObject[obj.ID]
	if ar == nil {
		ar = &arrivals{first: at, seen: map[string]bool{}}
		s.byObject[obj.ID] = ar
	}
	if key := r.Host + r.URL.Path; ar.seen[key] {
		ar.dups++
	} else {
		ar.seen[key] = true
		ar.count++
		ar.last = at
	}
	s.mu.Unlock()
	w.WriteHeader(http.StatusAccepted)
}

// of answers the deliveries of object so far.
func (s *sink) of(object string) arrivals {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ar := s.byObject[object]; ar != nil {
		return *ar
	}
	return arrivals{}
}

// runFederation runs the federation workloads the configuration names on
// a server with federation on (srv), and answers their figures.
func runFederation(ctx context.Context, srv *server, c *client, fx *fixture, pool *pgxpool.Pool, cfg Config,
	profile func(), say func(string, ...any)) *FederationResult {
	out := &FederationResult{}
	hosts := max(cfg.RemoteHosts, 1)
	// The members' keys, as other servers read them: from their actors.
	keys := map[string]crypto.PublicKey{}
	var keysMu sync.Mutex
	memberKey := func(ctx context.Context, keyID string) (crypto.PublicKey, error) {
		keysMu.Lock()
		defer keysMu.Unlock()
		if k, ok := keys[keyID]; ok {
			return k, nil
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(keyID, "#main-key"), nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", "application/activity+json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		var doc struct {
			PublicKey struct{ PublicKeyPem string } `json:"publicKey"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
			return nil, err
		}
		k, err := httpsig.ParsePublicKeyPEM(doc.PublicKey.PublicKeyPem)
		if err == nil {
			keys[keyID] = k
		}
		return k, err
	}
	sk, err := startSink(hosts, memberKey)
	if err != nil {
		say("  federation: %v", err)
		out.Delivery = &DeliveryResult{Error: err.Error()}
		return out
	}
	defer sk.stop()
	if len(cfg.Only) == 0 || cfg.Only[FederationDelivery] {
		say("workload %s: %d remote followers on %d servers ...", FederationDelivery, cfg.RemoteFollowers, hosts)
		d := runDelivery(ctx, srv, c, fx, pool, sk, cfg)
		out.Delivery = &d
		say("  %s", d.line())
	}
	if len(cfg.Only) == 0 || cfg.Only[FederationInbox] {
		say("workload %s: %.0f activities/s from %d actors ...", FederationInbox, cfg.InboxRate, cfg.RemoteActors)
		in := runInbox(ctx, srv, c, fx, pool, sk, cfg, profile)
		out.Inbox = &in
		say("  %s", in.line())
	}
	return out
}

// benchRemote is the handle pattern of the remote profiles the workloads
// make: on the sink's loopback hosts, so a later run removes them first.
const benchRemote = `%@127.0.1.%`

// runDelivery seeds the remote followers straight in the database and
// times two posts' deliveries.
func runDelivery(ctx context.Context, srv *server, c *client, fx *fixture, pool *pgxpool.Pool, sk *sink, cfg Config) DeliveryResult {
	res := DeliveryResult{Followers: cfg.RemoteFollowers, Hosts: len(sk.hosts)}
	fail := func(err error) DeliveryResult { res.Error = err.Error(); return res }
	v := fx.viewers["all"][0]
	t := time.Now()
	if err := seedRemoteFollowers(ctx, pool, v, sk, cfg.RemoteFollowers); err != nil {
		return fail(fmt.Errorf("seed remote followers: %w", err))
	}
	res.SeedSeconds = time.Since(t).Seconds()
	res.RSSBeforeMB, _ = srv.memory()
	timeout := max(5*time.Minute, time.Duration(cfg.RemoteFollowers)*20*time.Millisecond)
	for _, run := range []struct {
		name     string
		expected int
		shared   bool
	}{{"own inboxes", cfg.RemoteFollowers, false}, {"shared inboxes", len(sk.hosts), true}} {
		if run.shared {
			if _, err := pool.Exec(ctx, `UPDATE federation_remote_actors SET shared_inbox_url = 'http://' || host || '/inbox'
				WHERE profile_id IN (SELECT id FROM profiles WHERE handle LIKE $1)`, benchRemote); err != nil {
				return fail(err)
			}
		}
		var created struct {
			ID string `json:"id"`
		}
		start := time.Now()
		if err := c.Do(ctx, v.Token, http.MethodPost, "/posts",
			map[string]string{"text_content": "Bom dia, seguidores de fora! " + uniqueWord(fx.seq.Add(1))}, &created); err != nil {
			return fail(fmt.Errorf("post: %w", err))
		}
		object := srv.url + "/ap/posts/" + created.ID
		deadline := time.Now().Add(timeout)
		for sk.of(object).count < run.expected && time.Now().Before(deadline) && ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
		}
		ar := sk.of(object)
		r := DeliveryRun{Inboxes: run.name, Expected: run.expected, Received: ar.count, Duplicates: ar.dups}
		if ar.count > 0 {
			r.FirstMS = float64(ar.first.Sub(start).Microseconds()) / 1000
			r.Seconds = ar.last.Sub(start).Seconds()
			r.PerSecond = float64(ar.count) / r.Seconds
		}
		res.Runs = append(res.Runs, r)
		if ar.count < run.expected {
			res.Error = fmt.Sprintf("%s: %d of %d deliveries within %v", run.name, ar.count, run.expected, timeout)
			break
		}
	}
	res.Verified, res.BadSigs = int(sk.verified.Load()), int(sk.bad.Load())
	_, res.RSSPeakMB = srv.memory()
	return res
}

// seedRemoteFollowers makes n remote accounts on the sink's hosts, each
// with its own inbox there, following member v: three statements, as a
// bulk load would, none of them through the API (not what is measured).
func seedRemoteFollowers(ctx context.Context, pool *pgxpool.Pool, v viewer, sk *sink, n int) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	// An earlier run's remote accounts go first (their port was another).
	if _, err := tx.Exec(ctx, `DELETE FROM profiles WHERE handle LIKE $1`, benchRemote); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE profiles p SET follower_count = (SELECT count(*) FROM follows f WHERE f.following_id = p.id)
		WHERE id = $1`, v.ID); err != nil {
		return err
	}
	pem, err := sinkPEM()
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `WITH made AS (
			INSERT INTO profiles (id, handle, display_name, domain, remote_url, following_count, created_at, updated_at)
			SELECT gen_random_uuid(), 'seguidor' || i || '@' || h, 'Seguidor ' || i, h, 'http://' || h || '/@seguidor' || i, 1, now(), now()
			FROM (SELECT i, ($2::text[])[i % array_length($2::text[], 1) + 1] AS h FROM generate_series(1, $1::int) i) s
			RETURNING id, handle, domain),
		actors AS (
			INSERT INTO federation_remote_actors (profile_id, actor_uri, host, inbox_url, key_id, public_key_pem, fetched_at)
			SELECT id, 'http://' || domain || '/users/' || split_part(handle, '@', 1), domain,
				'http://' || domain || '/users/' || split_part(handle, '@', 1) || '/inbox',
				'http://' || domain || '/users/' || split_part(handle, '@', 1) || '#main-key', $4, now()
			FROM made)
		INSERT INTO follows (id, follower_id, following_id, created_at) SELECT gen_random_uuid(), id, $3, now() FROM made`,
		n, sk.hosts, v.ID, pem); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE profiles SET follower_count = follower_count + $2 WHERE id = $1`, v.ID, n); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `ANALYZE profiles, follows, federation_remote_actors`)
	return err
}

// sinkKeys are the remote actors' key pairs: a few, shared among the
// actors (each actor still has its own key id), as a pair takes tens of
// milliseconds to make.
var sinkKeys = sync.OnceValues(func() ([]crypto.Signer, error) {
	out := make([]crypto.Signer, 4)
	for i := range out {
		k, err := httpsig.GenerateRSAKey()
		if err != nil {
			return nil, err
		}
		out[i] = k
	}
	return out, nil
})

func sinkPEM() (string, error) {
	keys, err := sinkKeys()
	if err != nil {
		return "", err
	}
	return httpsig.PublicKeyPEM(keys[0].Public())
}

// inboxRequest is a signed POST to the shared inbox, ready to send.
type inboxRequest struct {
	header http.Header
	body   []byte
}

// runInbox posts signed activities to the shared inbox while members read.
func runInbox(ctx context.Context, srv *server, c *client, fx *fixture, pool *pgxpool.Pool, sk *sink, cfg Config,
	profile func()) InboxResult {
	res := InboxResult{Actors: cfg.RemoteActors, Hosts: len(sk.hosts), Rate: cfg.InboxRate}
	fail := func(err error) InboxResult { res.Error = err.Error(); return res }
	keys, err := sinkKeys()
	if err != nil {
		return fail(err)
	}
	type actor struct {
		id  string
		key crypto.Signer
	}
	actors := make([]actor, cfg.RemoteActors)
	for i := range actors {
		host := sk.hosts[i%len(sk.hosts)]
		id := fmt.Sprintf("http://%s/users/ator%d", host, i)
		key := keys[i%len(keys)]
		pem, err := httpsig.PublicKeyPEM(key.Public())
		if err != nil {
			return fail(err)
		}
		doc, _ := json.Marshal(map[string]any{
			"@context": []string{"https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"},
			"id":       id, "type": "Person", "preferredUsername": fmt.Sprintf("ator%d", i), "name": fmt.Sprintf("Ator %d", i),
			"inbox": id + "/inbox", "endpoints": map[string]string{"sharedInbox": "http://" + host + "/inbox"},
			"publicKey": map[string]string{"id": id + "#main-key", "owner": id, "publicKeyPem": pem},
		})
		sk.mu.Lock()
		sk.actors[host+fmt.Sprintf("/users/ator%d", i)] = doc
		sk.mu.Unlock()
		actors[i] = actor{id: id, key: key}
	}
	run := time.Now().UnixNano()
	inbox := srv.url + "/ap/inbox"
	// activity is the n-th activity: mostly likes of public posts, some
	// public Notes naming nobody (taken, then not kept), as a shared inbox
	// gets from servers where members have followers.
	activity := func(n int) (actor, []byte) {
		a := actors[n%len(actors)]
		id := fmt.Sprintf("%s/bench/%d/%d", a.id, run, n)
		var v map[string]any
		if n%4 == 3 {
			v = map[string]any{"id": id, "type": "Create", "actor": a.id,
				"to": []string{"https://www.w3.org/ns/activitystreams#Public"},
				"object": map[string]any{"id": id + "/note", "type": "Note", "attributedTo": a.id,
					"to":      []string{"https://www.w3.org/ns/activitystreams#Public"},
					"content": "<p>Olá de outro servidor</p>"}}
		} else {
			v = map[string]any{"id": id, "type": "Like", "actor": a.id, "object": srv.url + "/ap/posts/" + fx.posts[rand.IntN(len(fx.posts))]}
		}
		v["@context"] = "https://www.w3.org/ns/activitystreams"
		b, _ := json.Marshal(v)
		return a, b
	}
	sign := func(n int) (inboxRequest, error) {
		a, body := activity(n)
		req, err := http.NewRequest(http.MethodPost, inbox, bytes.NewReader(body))
		if err != nil {
			return inboxRequest{}, err
		}
		req.Header.Set("Content-Type", "application/activity+json")
		signer := httpsig.Signer{KeyID: a.id + "#main-key", Key: a.key}
		if err := signer.Sign(req, body); err != nil {
			return inboxRequest{}, err
		}
		return inboxRequest{header: req.Header, body: body}, nil
	}
	httpc := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}
	send := func(ctx context.Context, r inboxRequest) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, inbox, bytes.NewReader(r.body))
		if err != nil {
			return err
		}
		req.Header = r.header.Clone()
		resp, err := httpc.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusServiceUnavailable {
			return errInboxBusy
		}
		if resp.StatusCode != http.StatusAccepted {
			return fmt.Errorf("inbox answered %s", resp.Status)
		}
		return nil
	}
	// Each actor becomes known first (its document fetched from the sink,
	// its remote account made): the measure is of a shared inbox in use.
	var next, taken atomic.Int64
	var errMu sync.Mutex
	var firstErr error
	keep := func(err error) {
		errMu.Lock()
		defer errMu.Unlock()
		if firstErr == nil {
			firstErr = err
		}
	}
	var wg sync.WaitGroup
	for range min(cfg.Workers, len(actors)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < len(actors) && ctx.Err() == nil; i = int(next.Add(1)) - 1 {
				r, err := sign(i)
				if err == nil {
					err = send(ctx, r)
					// Turned away for want of a place: sent again, as its
					// server would.
					for try := 0; errors.Is(err, errInboxBusy) && try < 1200; try++ {
						time.Sleep(50 * time.Millisecond)
						err = send(ctx, r)
					}
				}
				if err != nil {
					keep(err)
					continue
				}
				taken.Add(1)
			}
		}()
	}
	wg.Wait()
	if int(taken.Load()) < len(actors) {
		return fail(fmt.Errorf("warm-up: %d of %d actors taken (%v)", taken.Load(), len(actors), firstErr))
	}
	// Signing costs the generator a millisecond or two an activity: done
	// before the measure, on both cores, rather than during it.
	// The measured activities, and before them a few seconds' worth that
	// warm the server up (see below).
	warm := int(cfg.InboxRate * inboxWarmUp.Seconds())
	total := warm + int(cfg.InboxRate*cfg.Duration.Seconds())
	reqs := make([]inboxRequest, total)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := w; n < total; n += 2 {
				r, err := sign(len(actors) + n)
				if err != nil {
					keep(err)
					return
				}
				reqs[n] = r
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return fail(firstErr)
	}
	waitInbox(ctx, pool, 5*time.Minute)

	read := func(ctx context.Context, i int) error {
		return c.Do(ctx, fx.pick("all", i).Token, http.MethodGet, "/feed?algorithm=following", nil, nil)
	}
	peak := load.Closed(ctx, cfg.Workers, cfg.Duration, read)
	res.ReadRate = max(peak.Throughput*readFraction, 5)
	// The server was started for this workload: its connection pools grow
	// to what reads beside the inbox need, and each new database session
	// plans its first queries slowly (its catalog caches are empty). A
	// few seconds of both, their activities processed before the measure,
	// leave it as a node that has been serving for a while.
	wg.Add(1)
	go func() {
		defer wg.Done()
		load.Open(ctx, res.ReadRate, inboxWarmUp, 5*time.Second, read)
	}()
	load.Open(ctx, cfg.InboxRate, inboxWarmUp, 5*time.Second, func(ctx context.Context, i int) error {
		_ = send(ctx, reqs[i])
		return nil
	})
	wg.Wait()
	waitInbox(ctx, pool, 5*time.Minute)
	reqs = reqs[warm:]
	res.Before = load.Open(ctx, res.ReadRate, cfg.Duration, 5*time.Second, read)
	res.Floor = besideRefusals(ctx, httpc, srv.url+"/healthz", reqs[0].body, cfg, func() load.Result {
		return load.Open(ctx, res.ReadRate, cfg.Duration, 5*time.Second, read)
	})
	profile()
	var during load.Result
	wg.Add(1)
	go func() {
		defer wg.Done()
		during = load.Open(ctx, res.ReadRate, cfg.Duration, 5*time.Second, read)
	}()
	var turnedAway atomic.Int64
	res.Inbox = load.Open(ctx, cfg.InboxRate, cfg.Duration, 5*time.Second, func(ctx context.Context, i int) error {
		err := send(ctx, reqs[i])
		if errors.Is(err, errInboxBusy) {
			// The server's answer to more than it takes at once: its
			// sender sends it again later. Counted apart, not an error.
			turnedAway.Add(1)
			return nil
		}
		return err
	})
	res.TurnedAway = int(turnedAway.Load())
	wg.Wait()
	res.During = during
	if res.Before.P99 > 0 {
		res.P99Moved = res.During.P99/res.Before.P99 - 1
	}
	if res.Floor.P99 > 0 {
		res.P99OverFloor = res.During.P99/res.Floor.P99 - 1
	}
	t := time.Now()
	waitInbox(ctx, pool, 10*time.Minute)
	res.DrainSeconds = time.Since(t).Seconds()
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM federation_inbox_activities WHERE activity_id LIKE $1 AND processed_at IS NOT NULL`,
		fmt.Sprintf("%%/bench/%d/%%", run)).Scan(&res.Processed)
	return res
}

// besideRefusals runs measure while as many POSTs a second as the inbox
// workload sends, with a body of the same size, are answered at once: the
// same connections, requests and middleware, none of the inbox's work.
func besideRefusals(ctx context.Context, httpc *http.Client, url string, body []byte, cfg Config, measure func() load.Result) load.Result {
	var out load.Result
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		out = measure()
	}()
	load.Open(ctx, cfg.InboxRate, cfg.Duration, 5*time.Second, func(ctx context.Context, _ int) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/activity+json")
		resp, err := httpc.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return nil
	})
	wg.Wait()
	return out
}

// inboxWarmUp is how long the inbox workload warms the server up with
// both its loads before measuring.
const inboxWarmUp = 5 * time.Second

// errInboxBusy is the inbox's 503: no place among the activities it
// receives at once.
var errInboxBusy = errors.New("inbox busy (503)")

// readFraction is the members' read rate in the inbox workload, as a part
// of the read's closed-loop peak: an ordinary load, well short of what
// the server can take, so that what moves its p99 is the inbox's work.
const readFraction = 0.25

// waitInbox waits until the inbox's queue has no activity left to process.
func waitInbox(ctx context.Context, pool *pgxpool.Pool, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE queue = 'federation_inbox'
			AND state IN ('available', 'running', 'scheduled', 'retryable')`).Scan(&n); err != nil || n == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}
