package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"social/bench/floor"
	"social/bench/load"
)

// Report is one run, as saved in bench/results/<time>.json.
type Report struct {
	StartedAt   time.Time        `json:"started_at"`
	Commit      string           `json:"commit"`
	Smoke       bool             `json:"smoke"`
	CPUs        int              `json:"cpus"`
	GoVersion   string           `json:"go_version"`
	Workers     int              `json:"workers"`
	StepSeconds float64          `json:"step_seconds"`
	Data        DataSet          `json:"data"`
	Workloads   []WorkloadResult `json:"workloads"`
	Freshness   *Freshness       `json:"freshness,omitempty"`
	// FreshnessUnderLoad is the same while posts are created at the
	// create workload's sustained rate.
	FreshnessUnderLoad *Freshness        `json:"freshness_under_load,omitempty"`
	Realtime           *RealtimeResult   `json:"realtime,omitempty"`
	Push               *PushResult       `json:"push,omitempty"`
	Federation         *FederationResult `json:"federation,omitempty"`
	// ServerPeakRSSMB is the server's peak resident set over the run
	// until the realtime workload ended (VmHWM).
	ServerPeakRSSMB float64  `json:"server_peak_rss_mb"`
	Files           []string `json:"-"`
}

// DataSet is what the run measured on.
type DataSet struct {
	Profiles               int     `json:"profiles"`
	Posts                  int     `json:"posts"`
	Follows                int     `json:"follows"`
	Likes                  int     `json:"likes"`
	Comments               int     `json:"comments"`
	Timelines              int     `json:"timeline_rows"`
	MaxFollowing           int     `json:"max_following"`
	MedianFollowing        int     `json:"median_following"`
	SeedSeconds            float64 `json:"seed_seconds"`
	ReindexBleveSeconds    float64 `json:"reindex_bleve_seconds"`
	ReindexPostgresSeconds float64 `json:"reindex_postgres_seconds"`
	// Reused: the data set of an earlier run (no seed time).
	Reused bool `json:"reused,omitempty"`
}

func (d *DataSet) count(ctx context.Context, pool *pgxpool.Pool) error {
	return pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM profiles), (SELECT count(*) FROM posts),
		(SELECT count(*) FROM follows), (SELECT count(*) FROM likes), (SELECT count(*) FROM comments),
		(SELECT count(*) FROM timelines), (SELECT max(following_count) FROM profiles),
		(SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY following_count) FROM profiles)`).Scan(
		&d.Profiles, &d.Posts, &d.Follows, &d.Likes, &d.Comments, &d.Timelines, &d.MaxFollowing, &d.MedianFollowing)
}

// WorkloadResult is one workload's API figures and floors.
type WorkloadResult struct {
	Name      string        `json:"name"`
	Title     string        `json:"title"`
	Target    string        `json:"target"`
	API       load.Bounded  `json:"api"`
	ServerCPU float64       `json:"server_cpu_cores"`
	Floors    []FloorResult `json:"floors"`
	Error     string        `json:"error,omitempty"`
}

// FloorResult is one pgbench run and the API's peak over its tps.
type FloorResult struct {
	Name string `json:"name"`
	floor.Result
	Ratio float64 `json:"ratio"`
}

func (w WorkloadResult) line() string {
	s := fmt.Sprintf("API peak %.0f/s, at p99<=%.0fms %.0f/s (p50 %.1f ms, p99 %.1f ms)",
		w.API.Peak.Throughput, w.API.BoundMS, w.API.AtBound.Throughput, w.API.AtBound.P50, w.API.AtBound.P99)
	if w.API.Peak.Errors > 0 {
		s += fmt.Sprintf(", %d errors (%s)", w.API.Peak.Errors, w.API.Peak.FirstError)
	}
	for _, f := range w.Floors {
		s += fmt.Sprintf("; %s %.0f tps -> %.2fx", f.Name, f.TPS, f.Ratio)
	}
	return s
}

// complete is nil when every workload produced figures: requests served
// at a measured rate, and a floor with transactions.
func (r *Report) complete(only map[string]bool) error {
	var missing []string
	if len(only) > 0 {
		return r.completeFederation(only)
	}
	for _, w := range r.Workloads {
		ok := w.API.Peak.Throughput > 0 && w.API.AtBound.Requests > 0 && w.API.Peak.Errors == 0 && len(w.Floors) > 0
		for _, f := range w.Floors {
			ok = ok && f.TPS > 0 && f.Transactions > 0
		}
		if !ok {
			missing = append(missing, w.Name)
		}
	}
	if len(r.Workloads) < 11 {
		missing = append(missing, fmt.Sprintf("only %d HTTP workloads", len(r.Workloads)))
	}
	if f := r.Freshness; f == nil || f.Posts == 0 {
		missing = append(missing, "freshness")
	} else if f.Timeouts > 0 {
		missing = append(missing, fmt.Sprintf("freshness (%d of %d new posts not in timelines and search within %v; first: %s)", f.Timeouts, f.Posts, FreshnessDeadline, f.FirstError))
	}
	if rt := r.Realtime; rt == nil || rt.Connected == 0 || rt.Received == 0 {
		missing = append(missing, "realtime")
	}
	if p := r.Push; p == nil || p.Error != "" || p.Received == 0 || p.CollapseNotified == 0 {
		missing = append(missing, "push")
	} else if p.Lost > 0 || p.CollapsePushes != 1 {
		missing = append(missing, fmt.Sprintf("push (%d of %d devices got nothing; %d pushes for %d likes of one post, want 1)",
			p.Lost, p.Devices, p.CollapsePushes, p.CollapseNotified))
	}
	if err := r.completeFederation(map[string]bool{FederationDelivery: true, FederationInbox: true}); err != nil {
		missing = append(missing, err.Error())
	}
	if len(missing) > 0 {
		return fmt.Errorf("workloads without figures: %s", strings.Join(missing, ", "))
	}
	return nil
}

// completeFederation is nil when the federation workloads named in want
// produced figures: every delivery received with good signatures, and
// inbox activities taken and processed while the members' reads ran.
// Workloads outside want that are not federation ones are not checked
// (a run limited with --workloads).
func (r *Report) completeFederation(want map[string]bool) error {
	var missing []string
	f := r.Federation
	if want[FederationDelivery] {
		switch {
		case f == nil || f.Delivery == nil:
			missing = append(missing, FederationDelivery)
		case f.Delivery.Error != "" || len(f.Delivery.Runs) != 2 || f.Delivery.BadSigs > 0:
			missing = append(missing, fmt.Sprintf("%s (%s; %d runs, %d bad signatures)", FederationDelivery,
				f.Delivery.Error, len(f.Delivery.Runs), f.Delivery.BadSigs))
		}
	}
	if want[FederationInbox] {
		switch {
		case f == nil || f.Inbox == nil:
			missing = append(missing, FederationInbox)
		case f.Inbox.Error != "" || f.Inbox.Inbox.Requests == 0 || f.Inbox.Inbox.Errors > 0 || f.Inbox.Processed == 0 ||
			f.Inbox.Before.Requests == 0 || f.Inbox.During.Requests == 0:
			missing = append(missing, fmt.Sprintf("%s (%s; %d posted, %d refused, %d processed)", FederationInbox,
				f.Inbox.Error, f.Inbox.Inbox.Requests, f.Inbox.Inbox.Errors, f.Inbox.Processed))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("workloads without figures: %s", strings.Join(missing, ", "))
	}
	return nil
}

// table prints the run's figures.
func (r *Report) table(out io.Writer) {
	fmt.Fprintf(out, "\n%d profiles, %d posts, %d follows (median %d, max %d per member); %d CPUs shared; %d workers; %.0f s steps\n",
		r.Data.Profiles, r.Data.Posts, r.Data.Follows, r.Data.MedianFollowing, r.Data.MaxFollowing, r.CPUs, r.Workers, r.StepSeconds)
	tw := tabwriter.NewWriter(out, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\tpeak/s\tat bound/s\tbound ms\tp50 ms\tp99 ms\tfloor\tfloor tps\tfloor p99\tratio\tgen CPU\tsrv CPU\t")
	for _, w := range r.Workloads {
		for i, f := range w.Floors {
			name, peak, at, bound, p50, p99, gen, srv := "", "", "", "", "", "", "", ""
			if i == 0 {
				name = w.Name
				peak, at = fmt.Sprintf("%.0f", w.API.Peak.Throughput), fmt.Sprintf("%.0f", w.API.AtBound.Throughput)
				if !w.API.Met {
					at += "*"
				}
				bound = fmt.Sprintf("%.0f", w.API.BoundMS)
				p50, p99 = fmt.Sprintf("%.1f", w.API.AtBound.P50), fmt.Sprintf("%.1f", w.API.AtBound.P99)
				gen, srv = fmt.Sprintf("%.2f", w.API.Peak.GeneratorCPU), fmt.Sprintf("%.2f", w.ServerCPU)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.0f\t%.1f\t%.2fx\t%s\t%s\t\n",
				name, peak, at, bound, p50, p99, f.Name, f.TPS, f.P99, f.Ratio, gen, srv)
		}
	}
	tw.Flush()
	fmt.Fprintln(out, "* no rate tried kept p99 within the bound; the slowest tried is shown")
	if f := r.Freshness; f != nil {
		fmt.Fprintf(out, "new post: in followers' timelines p50 %.1f ms p99 %.1f ms; searchable p50 %.1f ms p99 %.1f ms (%d posts, %d timeouts)%s\n",
			f.TimelineP50, f.TimelineP99, f.SearchP50, f.SearchP99, f.Posts, f.Timeouts, f.TopLine())
	}
	if f := r.FreshnessUnderLoad; f != nil {
		fmt.Fprintf(out, "new post while %.0f posts/s are created: in timelines p50 %.1f ms p99 %.1f ms; searchable p50 %.1f ms p99 %.1f ms (%d posts, %d timeouts)%s\n",
			f.CreateRate, f.TimelineP50, f.TimelineP99, f.SearchP50, f.SearchP99, f.Posts, f.Timeouts, f.TopLine())
	}
	if rt := r.Realtime; rt != nil {
		fmt.Fprintf(out, "realtime: %s\n", rt.line())
	}
	if p := r.Push; p != nil {
		fmt.Fprintln(out, p.line())
	}
	if f := r.Federation; f != nil && f.Delivery != nil {
		fmt.Fprintln(out, f.Delivery.line())
	}
	if f := r.Federation; f != nil && f.Inbox != nil {
		fmt.Fprintln(out, f.Inbox.line())
	}
	fmt.Fprintf(out, "data: seed-demo %.1f s, reindex bleve %.1f s, postgres %.1f s; server peak RSS %.0f MB\n",
		r.Data.SeedSeconds, r.Data.ReindexBleveSeconds, r.Data.ReindexPostgresSeconds, r.ServerPeakRSSMB)
}

// write saves <dir>/<time>.json and .html; the page also shows the
// previous run found in dir, for comparison.
func (r *Report) write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	prev, _ := latestReport(dir)
	base := filepath.Join(dir, r.StartedAt.Format("20060102-150405"))
	if r.Smoke {
		base += "-smoke"
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".json", b, 0o644); err != nil {
		return err
	}
	f, err := os.Create(base + ".html")
	if err != nil {
		return err
	}
	defer f.Close()
	if err := writeHTML(f, r, prev); err != nil {
		return err
	}
	r.Files = []string{base + ".json", base + ".html"}
	return nil
}

// latestReport is the newest full (not smoke) run saved in dir.
func latestReport(dir string) (*Report, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		return nil, errors.New("no earlier run")
	}
	for i := len(files) - 1; i >= 0; i-- {
		b, err := os.ReadFile(files[i])
		if err != nil {
			continue
		}
		var r Report
		if json.Unmarshal(b, &r) == nil && !r.Smoke {
			return &r, nil
		}
	}
	return nil, errors.New("no earlier full run")
}

// LoadReport reads a saved run.
func LoadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Report
	return &r, json.Unmarshal(b, &r)
}

func gitCommit() string {
	out, err := exec.Command("git", "describe", "--always", "--dirty").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}
