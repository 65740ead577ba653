package floor

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// pgbench's per-transaction log: "client tx latency_us script epoch us";
// a failed transaction has "failed" where the latency goes.
func TestReadLogsTakesLatenciesAndCountsFailures(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("pgb.100", "0 0 1500 0 1700000000 1\n0 1 2500 0 1700000000 2\n")
	write("pgb.100.1", "1 0 500 0 1700000000 3\n1 1 failed 0 1700000000 4\n")
	write("create.sql", "SELECT 1;\n") // not a log
	lat, failed, err := readLogs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(lat) != 3 || failed != 1 {
		t.Fatalf("latencies %v, failed %d", lat, failed)
	}
	var sum time.Duration
	for _, d := range lat {
		sum += d
	}
	if sum != 4500*time.Microsecond {
		t.Fatalf("sum %v", sum)
	}
}
