package soak

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"social/bench/load"
)

// Report is what a soak found.
type Report struct {
	StartedAt time.Time `json:"started_at"`
	DurationS float64   `json:"duration_s"`
	Rate      float64   `json:"rate"`
	// Peak is the mix's throughput measured before the soak (0: the rate was given).
	Peak     float64      `json:"peak"`
	Members  int          `json:"members"`
	Watchers int          `json:"watchers"`
	Load     load.Result  `json:"load"`
	Faults   []FaultEvent `json:"faults"`

	AckedWrites int `json:"acknowledged_writes"`
	// LostWrites are acknowledged posts and comments the primary no longer
	// has; Duplicates are posts stored twice for one key.
	LostWrites []ackedWrite `json:"lost_writes"`
	Duplicates int          `json:"duplicate_posts"`
	// InDoubt are creates whose retries kept finding their key claimed for
	// the 40 s a client retries: never acknowledged, so not lost; Stored
	// says how many of them were written after all. A key whose request
	// failed while the database was away is released (or given its
	// answer) by its process once the database is back (docs/deploy.md);
	// the claim of a killed process is taken over once its lease lapses
	// (20 s).
	InDoubt       int `json:"in_doubt"`
	InDoubtStored int `json:"in_doubt_stored"`
	// Applied are creates whose retry was told the first attempt had been
	// written but its answer lost (409 idempotency_already_applied);
	// AppliedStored how many of them are there: all, or the server lied.
	Applied       int `json:"applied"`
	AppliedStored int `json:"applied_stored"`

	// FailedAttempts counts failed attempts by reason; RetriedOK the
	// requests that succeeded on a later attempt; FailedRequests those
	// that failed for good, by reason.
	FailedAttempts map[string]int `json:"failed_attempts"`
	RetriedOK      int            `json:"retried_ok"`
	FailedRequests map[string]int `json:"failed_requests"`

	Reconnects      int     `json:"sockets_reconnected"`
	ReconnectP50S   float64 `json:"reconnect_p50_s"`
	ReconnectMaxS   float64 `json:"reconnect_max_s"`
	EventsSent      int     `json:"live_events_sent"`
	EventsLive      int     `json:"live_events_seen_live"`
	EventsMissed    int     `json:"live_events_missed"`
	EventDelayP50MS float64 `json:"live_event_delay_p50_ms"`
	EventDelayP99MS float64 `json:"live_event_delay_p99_ms"`
	// MissedEvents says, for each live event a connected member missed,
	// what it was, where the member's socket was and which fault was
	// nearest.
	MissedEvents []MissedEvent `json:"missed_events"`

	PeriodicJobs   []PeriodicJob     `json:"periodic_jobs"`
	PeriodicTwice  int               `json:"periodic_jobs_run_twice"`
	MediaFromNodes map[string]string `json:"media_from_nodes"`
	MaxReplicaLag  float64           `json:"max_replica_lag_ms"`

	Timeline []Second `json:"timeline"`
	// Failures lists each check that failed; empty when the soak passed.
	Failures []string `json:"failures"`
}

// MissedEvent is a live event a member on a WebSocket never saw, live or
// by the catch-up read after a reconnection.
type MissedEvent struct {
	// AtS is when its write was acknowledged (the event left before),
	// from the start of the run; At the same time of day.
	AtS       float64   `json:"at_s"`
	At        time.Time `json:"at"`
	Kind      string    `json:"kind"`
	CommentID string    `json:"comment_id"`
	PostID    string    `json:"post_id"`
	// Node is the node the member's socket was on then (HAProxy's
	// X-Served-By), or that it had none.
	Node string `json:"node"`
	// NearestFault is the fault step closest in time, FromFaultS how long
	// after it (negative: before).
	NearestFault string  `json:"nearest_fault"`
	FromFaultS   float64 `json:"from_fault_s"`
}

// missed describes c, missed by its watcher, against the run's faults.
func (s *soak) missed(c sentComment, faults []FaultEvent) MissedEvent {
	at := c.acked.Sub(s.start).Seconds()
	m := MissedEvent{AtS: round1(at), At: c.acked.UTC(), Kind: "comment.created", CommentID: c.id,
		PostID: c.watcher.post, Node: c.watcher.nodeAt(c.acked), NearestFault: "none"}
	best := math.Inf(1)
	for _, f := range faults {
		if d := at - f.AtS; math.Abs(d) < best {
			best = math.Abs(d)
			m.NearestFault, m.FromFaultS = f.Action, math.Round(d*10)/10
		}
	}
	return m
}

// PeriodicJob is one periodic job River inserted during the soak.
type PeriodicJob struct {
	Kind string `json:"kind"`
	// Period is when the first and the last of them were inserted.
	Period   string `json:"inserted"`
	Rows     int    `json:"rows"`
	Attempts int    `json:"max_attempt"`
	States   string `json:"states"`
	// Twice counts rows inserted less than 20 s after the one before.
	Twice int `json:"twice"`
}

func (s *soak) report(ctx context.Context, res load.Result, faults []FaultEvent) (*Report, error) {
	end := time.Now()
	r := &Report{StartedAt: s.start.UTC(), DurationS: s.cfg.Duration.Seconds(), Rate: s.cfg.Rate, Peak: s.peak,
		Members: len(s.members), Watchers: len(s.watchers), Load: res, Faults: faults}
	s.mu.Lock()
	acked := slices.Clone(s.acked)
	inDoubt := slices.Clone(s.inDoubt)
	applied := slices.Clone(s.applied)
	r.FailedAttempts = map[string]int{}
	for k, v := range s.failures {
		r.FailedAttempts[k] = v
	}
	r.FailedRequests = map[string]int{}
	for _, k := range s.finals {
		r.FailedRequests[k]++
	}
	r.RetriedOK = s.retried
	sent := make([]sentComment, 0, len(s.sent))
	for _, c := range s.sent {
		sent = append(sent, c)
	}
	delays := []time.Duration{}
	for _, c := range sent {
		if at, ok := s.seenAt[c.id]; ok {
			delays = append(delays, max(0, at.Sub(c.sent)))
		}
	}
	s.mu.Unlock()

	// Every acknowledged write, read back from the primary.
	r.AckedWrites = len(acked)
	var postIDs, commentIDs []string
	for _, w := range acked {
		if w.Kind == "post" {
			postIDs = append(postIDs, w.ID)
		} else {
			commentIDs = append(commentIDs, w.ID)
		}
	}
	found := map[string]bool{}
	for _, q := range []struct {
		sql string
		ids []string
	}{{"SELECT id::text FROM posts WHERE id = ANY($1::uuid[])", postIDs},
		{"SELECT id::text FROM comments WHERE id = ANY($1::uuid[])", commentIDs}} {
		rows, err := s.db.Query(ctx, q.sql, q.ids)
		if err != nil {
			return nil, fmt.Errorf("read back the writes: %w", err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return nil, err
			}
			found[id] = true
		}
		rows.Close()
	}
	for _, w := range acked {
		if !found[w.ID] {
			r.LostWrites = append(r.LostWrites, w)
		}
	}
	prefix := fmt.Sprintf("Carga contínua soak%dx%%", s.start.Unix()%100000)
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM (SELECT text_content FROM posts WHERE text_content LIKE $1
		GROUP BY text_content HAVING count(*) > 1) d`, prefix).Scan(&r.Duplicates); err != nil {
		return nil, err
	}
	r.InDoubt, r.Applied = len(inDoubt), len(applied)
	for _, w := range inDoubt {
		if s.stored(ctx, w) {
			r.InDoubtStored++
		}
	}
	for _, w := range applied {
		if s.stored(ctx, w) {
			r.AppliedStored++
		}
	}

	// Sockets and live events.
	var reconnects []float64
	for _, w := range s.watchers {
		w.mu.Lock()
		reconnects = append(reconnects, w.reconnects...)
		w.mu.Unlock()
	}
	sort.Float64s(reconnects)
	r.Reconnects = len(reconnects)
	if len(reconnects) > 0 {
		r.ReconnectP50S = math.Round(reconnects[len(reconnects)/2]*100) / 100
		r.ReconnectMaxS = math.Round(reconnects[len(reconnects)-1]*100) / 100
	}
	r.EventsSent = len(sent)
	r.EventsLive = len(delays)
	for _, c := range sent {
		c.watcher.mu.Lock()
		seen := c.watcher.seen[c.id]
		c.watcher.mu.Unlock()
		if !seen {
			r.EventsMissed++
			r.MissedEvents = append(r.MissedEvents, s.missed(c, faults))
		}
	}
	slices.SortFunc(r.MissedEvents, func(a, b MissedEvent) int { return a.At.Compare(b.At) })
	slices.Sort(delays)
	r.EventDelayP50MS = ms(load.Percentile(delays, 50))
	r.EventDelayP99MS = ms(load.Percentile(delays, 99))

	// Periodic jobs River inserted since the soak began. None is
	// scheduled more often than once a minute, so two rows of one kind
	// less than 20 s apart are one run made twice (two leaders, or a new
	// leader repeating its predecessor's). A row retried after failing
	// (max_attempt > 1) ran once per attempt, which is River's retry.
	rows, err := s.db.Query(ctx, `SELECT kind, to_char(min(created_at), 'HH24:MI:SS') || ' – ' || to_char(max(created_at), 'HH24:MI:SS'),
		count(*)::int, max(attempt)::int, string_agg(state::text, ','), count(*) FILTER (WHERE gap < interval '20 seconds')::int
		FROM (SELECT kind, created_at, attempt, state, created_at - lag(created_at) OVER (PARTITION BY kind ORDER BY created_at) AS gap
		      FROM river_job WHERE metadata->>'periodic' = 'true' AND created_at >= $1) j
		GROUP BY kind ORDER BY kind`, s.start.Add(-time.Minute))
	if err != nil {
		return nil, fmt.Errorf("periodic jobs: %w", err)
	}
	for rows.Next() {
		var j PeriodicJob
		if err := rows.Scan(&j.Kind, &j.Period, &j.Rows, &j.Attempts, &j.States, &j.Twice); err != nil {
			return nil, err
		}
		r.PeriodicTwice += j.Twice
		r.PeriodicJobs = append(r.PeriodicJobs, j)
	}
	rows.Close()

	r.MediaFromNodes = s.mediaFromEveryNode(ctx)
	r.Timeline = s.timeline.seconds(end)
	for _, sec := range r.Timeline {
		r.MaxReplicaLag = max(r.MaxReplicaLag, sec.ReplicaLagMS)
	}

	if len(r.LostWrites) > 0 {
		r.Failures = append(r.Failures, fmt.Sprintf("%d acknowledged writes lost", len(r.LostWrites)))
	}
	if r.Duplicates > 0 {
		r.Failures = append(r.Failures, fmt.Sprintf("%d posts stored twice", r.Duplicates))
	}
	if r.EventsMissed > 0 {
		r.Failures = append(r.Failures, fmt.Sprintf("%d live events missed after the catch-up read", r.EventsMissed))
	}
	if r.AppliedStored < r.Applied {
		r.Failures = append(r.Failures, fmt.Sprintf("%d creates answered idempotency_already_applied are not stored",
			r.Applied-r.AppliedStored))
	}
	if r.PeriodicTwice > 0 {
		r.Failures = append(r.Failures, fmt.Sprintf("%d periodic jobs ran more than once", r.PeriodicTwice))
	}
	for node, status := range r.MediaFromNodes {
		if status != "ok" {
			r.Failures = append(r.Failures, "media through "+node+": "+status)
		}
	}
	for _, f := range faults {
		if f.Error != "" {
			r.Failures = append(r.Failures, "fault step "+f.Action+": "+f.Error)
		}
	}
	if len(faults) < 8 {
		r.Failures = append(r.Failures, fmt.Sprintf("only %d of 8 fault steps ran", len(faults)))
	}
	if r.Reconnects == 0 {
		r.Failures = append(r.Failures, "no socket reconnected: the node kill reached no member")
	}
	if r.Failures == nil {
		r.Failures = []string{}
	}
	if r.MissedEvents == nil {
		r.MissedEvents = []MissedEvent{}
	}
	return r, nil
}

// stored tells whether a create never acknowledged was written after all,
// found by its text.
func (s *soak) stored(ctx context.Context, w ackedWrite) bool {
	q, text := "SELECT count(*) FROM posts WHERE text_content = $1", "Carga contínua "+w.Word+" #soak"
	if w.Kind == "comment" {
		q, text = "SELECT count(*) FROM comments WHERE text_content = $1", "comentário "+w.Key[:8]
	}
	var n int
	return s.db.QueryRow(ctx, q, text).Scan(&n) == nil && n > 0
}
