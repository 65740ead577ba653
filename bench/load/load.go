package load

import (
	"context"
	"math"
	"slices"
	"sync"
	"syscall"
	"time"
)

// Op is one request; i numbers the requests of a run from 0. An error
// counts the request as failed (its latency is kept out of the figures).
type Op func(ctx context.Context, i int) error

// Result is what one run measured. Latencies are milliseconds.
type Result struct {
	Mode string `json:"mode"`
	// Rate is the open loop's intended rate (requests per second); Workers
	// the closed loop's concurrency.
	Rate       float64 `json:"rate,omitempty"`
	Workers    int     `json:"workers,omitempty"`
	Seconds    float64 `json:"seconds"`
	Requests   int     `json:"requests"`
	Errors     int     `json:"errors"`
	Throughput float64 `json:"throughput"`
	P50        float64 `json:"p50_ms"`
	P90        float64 `json:"p90_ms"`
	P99        float64 `json:"p99_ms"`
	Max        float64 `json:"max_ms"`
	// GeneratorCPU is the cores this process used during the run (user +
	// system time over wall time): the generator shares the machine with
	// the server it measures.
	GeneratorCPU float64 `json:"generator_cpu_cores"`
	// FirstError is one failure's text, to tell why a run failed.
	FirstError string `json:"first_error,omitempty"`
}

// recorder collects latencies from many goroutines.
type recorder struct {
	mu       sync.Mutex
	lat      []time.Duration
	errors   int
	firstErr string
}

func (r *recorder) add(d time.Duration, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.errors++
		if r.firstErr == "" {
			r.firstErr = err.Error()
		}
		return
	}
	r.lat = append(r.lat, d)
}

// result summarizes the recorded requests over wall time.
func (r *recorder) result(mode string, wall time.Duration, cpu time.Duration) Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	slices.Sort(r.lat)
	res := Result{Mode: mode, Seconds: wall.Seconds(), Requests: len(r.lat) + r.errors, Errors: r.errors,
		FirstError: r.firstErr}
	if wall > 0 {
		res.Throughput = float64(len(r.lat)) / wall.Seconds()
		res.GeneratorCPU = cpu.Seconds() / wall.Seconds()
	}
	res.P50, res.P90, res.P99 = ms(Percentile(r.lat, 50)), ms(Percentile(r.lat, 90)), ms(Percentile(r.lat, 99))
	if len(r.lat) > 0 {
		res.Max = ms(r.lat[len(r.lat)-1])
	}
	return res
}

func ms(d time.Duration) float64 { return math.Round(float64(d.Microseconds())) / 1000 }

// Percentile is the p-th percentile (nearest rank) of sorted; 0 when empty.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// ProcessCPU is this process's user + system time so far.
func ProcessCPU() time.Duration { return cpuTime() }

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Closed runs op on workers goroutines back to back for d: the peak the
// system sustains at that concurrency (latency here hides queueing, which
// is why bounds are checked with Open).
func Closed(ctx context.Context, workers int, d time.Duration, op Op) Result {
	var rec recorder
	var next int64
	var mu sync.Mutex
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	cpu0, start := cpuTime(), time.Now()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				mu.Lock()
				i := int(next)
				next++
				mu.Unlock()
				t := time.Now()
				err := op(ctx, i)
				if ctx.Err() != nil {
					return // cut by the deadline: neither a success nor a failure
				}
				rec.add(time.Since(t), err)
			}
		}()
	}
	wg.Wait()
	res := rec.result("closed", time.Since(start), cpuTime()-cpu0)
	res.Workers = workers
	return res
}

// Open starts requests at rate per second for d, each on its own
// goroutine at its intended time, whatever the earlier ones are doing.
// Latency runs from the intended start, not the actual one: when the
// generator or the system falls behind, the wait counts (no coordinated
// omission). Requests still running after d get drain to finish; those
// that do not count as errors. A step always starts at least one request:
// a rate below one per step (a server so slow that a tenth of its peak
// rounds to nothing) still gets a latency measured.
func Open(ctx context.Context, rate float64, d, drain time.Duration, op Op) Result {
	var rec recorder
	n := max(1, int(rate*d.Seconds()))
	interval := time.Duration(float64(time.Second) / rate)
	reqCtx, cancel := context.WithTimeout(ctx, d+drain)
	defer cancel()
	cpu0, start := cpuTime(), time.Now()
	var wg sync.WaitGroup
	for i := 0; i < n && ctx.Err() == nil; {
		now := time.Now()
		// Start every request whose time has come, then sleep to the next.
		for ; i < n; i++ {
			intended := start.Add(time.Duration(i) * interval)
			if intended.After(now) {
				time.Sleep(intended.Sub(now))
				break
			}
			wg.Add(1)
			go func(i int, intended time.Time) {
				defer wg.Done()
				err := op(reqCtx, i)
				rec.add(time.Since(intended), err)
			}(i, intended)
		}
	}
	wg.Wait()
	wall := max(time.Since(start), d)
	// Throughput over the scheduled window: the drain's stragglers count
	// toward latency, not toward a longer window.
	res := rec.result("open", d, cpuTime()-cpu0)
	res.Seconds = wall.Seconds()
	res.Rate = rate
	return res
}
