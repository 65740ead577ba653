package bench

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// metricsToken opens the server's /metrics to the harness.
const metricsToken = "benchmark-metrics-token-0123456789"

// histogram is a Prometheus histogram's cumulative bucket counts by upper
// bound, as scraped.
type histogram map[float64]float64

// scrapeHistogram reads name's buckets from the server's /metrics.
func (s *server) scrapeHistogram(ctx context.Context, name string) (histogram, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+metricsToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("/metrics: %s", resp.Status)
	}
	h := histogram{}
	prefix := name + `_bucket{le="`
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), prefix)
		if !ok {
			continue
		}
		le, count, ok := strings.Cut(line, `"} `)
		if !ok {
			continue
		}
		bound, err1 := strconv.ParseFloat(le, 64)
		n, err2 := strconv.ParseFloat(count, 64)
		if err1 == nil && err2 == nil {
			h[bound] = n
		}
	}
	return h, sc.Err()
}

// since is what was observed between earlier and h.
func (h histogram) since(earlier histogram) histogram {
	out := histogram{}
	for le, n := range h {
		out[le] = n - earlier[le]
	}
	return out
}

// count is the number of observations.
func (h histogram) count() float64 { return h[math.Inf(1)] }

// quantile estimates the q-th quantile (0..1) in seconds, interpolating
// linearly inside the bucket it falls in, as Prometheus's
// histogram_quantile does; +Inf when it falls in the last bucket.
func (h histogram) quantile(q float64) float64 {
	total := h.count()
	if total == 0 {
		return 0
	}
	bounds := make([]float64, 0, len(h))
	for le := range h {
		bounds = append(bounds, le)
	}
	sort.Float64s(bounds)
	rank, lower, below := q*total, 0.0, 0.0
	for _, le := range bounds {
		n := h[le]
		if n >= rank {
			if math.IsInf(le, 1) {
				return le
			}
			if n == below {
				return le
			}
			return lower + (le-lower)*(rank-below)/(n-below)
		}
		lower, below = le, n
	}
	return math.Inf(1)
}
