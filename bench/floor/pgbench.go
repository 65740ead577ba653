package floor

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"social/adapters/postgres/cluster"
	"social/bench/load"
)

// Script is one pgbench script and its weight in a mix (pgbench's
// -f file@weight).
type Script struct {
	Name   string
	SQL    string
	Weight int
}

// Result is one pgbench run. Latencies are milliseconds, from pgbench's
// per-transaction log.
type Result struct {
	Clients      int      `json:"clients"`
	Seconds      float64  `json:"seconds"`
	Transactions int      `json:"transactions"`
	Failed       int      `json:"failed"`
	TPS          float64  `json:"tps"`
	P50          float64  `json:"p50_ms"`
	P99          float64  `json:"p99_ms"`
	Scripts      []string `json:"scripts"`
}

// Bin is the pgbench of the PostgreSQL installation the private cluster
// uses (Debian keeps it out of PATH).
func Bin() (string, error) {
	if p, err := exec.LookPath("pgbench"); err == nil {
		return p, nil
	}
	dir, err := cluster.FindBinaries("")
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, "pgbench")
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("pgbench not found next to %s: %w", dir, err)
	}
	return p, nil
}

var tpsLine = regexp.MustCompile(`(?m)^tps = ([0-9.]+) \(without initial connection time\)`)

// idleAttempts is how many times a run that completed no transaction is
// made, each twice as long as the one before. A run of a second beside
// another busy process (the smoke next to the soak, on two cores) may spend
// it all connecting; a run that still completes nothing in seven seconds
// is a failure.
const idleAttempts = 3

var noTransactions = regexp.MustCompile(`(?m)^number of transactions actually processed: 0\b`)

// Run runs scripts with clients connections for d against url, in work (a
// scratch folder for the scripts and logs).
func Run(ctx context.Context, url, work string, clients int, d time.Duration, scripts []Script) (Result, error) {
	for attempt := 1; ; attempt++ {
		res, out, err := run(ctx, url, work, clients, d, scripts)
		if err == nil || attempt == idleAttempts || !noTransactions.Match(out) {
			return res, err
		}
		d *= 2
	}
}

// run is one run of pgbench, and its output.
func run(ctx context.Context, url, work string, clients int, d time.Duration, scripts []Script) (Result, []byte, error) {
	bin, err := Bin()
	if err != nil {
		return Result{}, nil, err
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return Result{}, nil, err
	}
	old, _ := filepath.Glob(filepath.Join(work, "pgb.*"))
	for _, f := range old {
		_ = os.Remove(f)
	}
	// Prepared statements, as pgx uses them.
	args := []string{"-n", "-M", "prepared", "-c", strconv.Itoa(clients), "-j", strconv.Itoa(min(clients, 2)),
		"-T", strconv.Itoa(max(int(d.Seconds()), 1)), "-l", "--log-prefix", filepath.Join(work, "pgb")}
	res := Result{Clients: clients}
	for _, s := range scripts {
		f := filepath.Join(work, s.Name+".sql")
		if err := os.WriteFile(f, []byte(s.SQL), 0o644); err != nil {
			return Result{}, nil, err
		}
		w := max(s.Weight, 1)
		args = append(args, "-f", fmt.Sprintf("%s@%d", f, w))
		res.Scripts = append(res.Scripts, s.Name)
	}
	args = append(args, url)
	cmd := exec.CommandContext(ctx, bin, args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return Result{}, out, fmt.Errorf("pgbench %s: %w\n%s", strings.Join(res.Scripts, ","), err, out)
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return Result{}, out, fmt.Errorf("pgbench: no tps in output\n%s", out)
	}
	res.TPS, _ = strconv.ParseFloat(string(m[1]), 64)
	lat, failed, err := readLogs(work)
	if err != nil {
		return Result{}, nil, err
	}
	slices.Sort(lat)
	res.Seconds = d.Seconds()
	res.Transactions, res.Failed = len(lat), failed
	res.P50, res.P99 = msOf(load.Percentile(lat, 50)), msOf(load.Percentile(lat, 99))
	return res, out, nil
}

func msOf(d time.Duration) float64 { return math.Round(float64(d.Microseconds())) / 1000 }

// readLogs reads pgbench's transaction logs: "client tx latency_us script
// epoch us", where a failed transaction says "failed" (or "skipped") for
// its latency.
func readLogs(work string) ([]time.Duration, int, error) {
	files, err := filepath.Glob(filepath.Join(work, "pgb.*"))
	if err != nil {
		return nil, 0, err
	}
	var lat []time.Duration
	failed := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, 0, err
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 3 {
				continue
			}
			us, err := strconv.ParseInt(fields[2], 10, 64)
			if err != nil {
				failed++
				continue
			}
			lat = append(lat, time.Duration(us)*time.Microsecond)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, 0, err
		}
	}
	return lat, failed, nil
}
