package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
)

var jobOutcomes = map[river.EventKind]string{
	river.EventKindJobCompleted: "completed",
	river.EventKindJobFailed:    "failed",
	river.EventKindJobCancelled: "cancelled",
	river.EventKindJobSnoozed:   "snoozed",
}

// WatchJobs counts the jobs this node works from River's events until
// stop is called. River drops events a slow reader leaves behind rather
// than slowing its workers; the counting here is cheap enough not to lag.
func (m *Metrics) WatchJobs(events <-chan *river.Event) (done <-chan struct{}) {
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for e := range events {
			outcome, ok := jobOutcomes[e.Kind]
			if !ok || e.Job == nil {
				continue
			}
			m.jobs.WithLabelValues(e.Job.Kind, outcome).Inc()
			if e.JobStats != nil {
				m.jobDuration.WithLabelValues(e.Job.Kind).Observe(e.JobStats.RunDuration.Seconds())
				m.jobWait.WithLabelValues(e.Job.Kind).Observe(e.JobStats.QueueWaitDuration.Seconds())
			}
		}
	}()
	return finished
}

// queueDepth reads the job table when Prometheus scrapes: the same
// cluster-wide figure on every node (take max, not sum, across nodes).
type queueDepth struct {
	pool *pgxpool.Pool
	log  *slog.Logger
	desc *prometheus.Desc
}

func newQueueDepth(pool *pgxpool.Pool, log *slog.Logger) *queueDepth {
	return &queueDepth{pool: pool, log: log, desc: prometheus.NewDesc("social_jobs_queued",
		"Jobs in the queue (every node's), by state: available, scheduled, retryable, running.",
		[]string{"state"}, nil)}
}

func (q *queueDepth) Describe(ch chan<- *prometheus.Desc) { ch <- q.desc }

func (q *queueDepth) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts := map[string]float64{"available": 0, "scheduled": 0, "retryable": 0, "running": 0}
	rows, err := q.pool.Query(ctx, `SELECT state::text, count(*) FROM river_job
		WHERE state IN ('available', 'scheduled', 'retryable', 'running') GROUP BY state`)
	if err != nil {
		q.log.Warn("metrics: read the job queue's depth", "err", err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var state string
		var n int64
		if err := rows.Scan(&state, &n); err != nil {
			q.log.Warn("metrics: read the job queue's depth", "err", err)
			return
		}
		counts[state] = float64(n)
	}
	if rows.Err() != nil {
		q.log.Warn("metrics: read the job queue's depth", "err", rows.Err())
		return
	}
	for state, n := range counts {
		ch <- prometheus.MustNewConstMetric(q.desc, prometheus.GaugeValue, n, state)
	}
}
