// Command socialsoak soaks the cluster of `make cluster` (bench/soak): the
// benchmark's mixed load at half the cluster's peak, with members on
// WebSockets, while a node, a NATS server, the replica and the primary
// fail on a schedule. It writes <out>/<name>.json and .html and exits 1
// when a check failed.
//
//	go run ./cmd/socialsoak --duration 10m --out docs/bench --name cluster-soak
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"social/bench/soak"
)

func main() {
	duration := flag.Duration("duration", 10*time.Minute, "how long the load runs")
	rate := flag.Float64("rate", 0, "requests per second of the mix (0: half the peak, measured first)")
	members := flag.Int("members", 40, "members signed in for the load")
	watchers := flag.Int("watchers", 9, "members of them holding a WebSocket")
	commentEvery := flag.Duration("comment-every", 500*time.Millisecond, "how often someone comments on a watcher's post")
	out := flag.String("out", "docs/bench", "folder of the report")
	name := flag.String("name", "cluster-soak", "the report's file name, without extension")
	script := flag.String("cluster", "scripts/cluster.sh", "the cluster's script")
	htmlFrom := flag.String("html-from", "", "only write the HTML page of this JSON report, beside it")
	flag.Parse()
	if *htmlFrom != "" {
		if err := rewriteHTML(*htmlFrom); err != nil {
			log.Fatal(err)
		}
		return
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	env, err := clusterEnv(ctx, *script)
	if err != nil {
		log.Fatal(err)
	}
	cfg := soak.Config{
		BaseURL:      env["CLUSTER_URL"],
		Nodes:        []string{env["CLUSTER_NODE1"], env["CLUSTER_NODE2"], env["CLUSTER_NODE3"]},
		PrimaryURL:   env["CLUSTER_PRIMARY_URL"],
		Duration:     *duration,
		Rate:         *rate,
		Members:      *members,
		Watchers:     *watchers,
		CommentEvery: *commentEvery,
		Cluster: func(ctx context.Context, args ...string) error {
			cmd := exec.CommandContext(ctx, *script, args...)
			var buf bytes.Buffer
			cmd.Stdout, cmd.Stderr = &buf, &buf
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("%s %s: %v: %s", *script, strings.Join(args, " "), err, strings.TrimSpace(buf.String()))
			}
			return nil
		},
		Logf: func(format string, args ...any) { log.Printf(format, args...) },
	}
	rep, err := soak.Run(ctx, cfg)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	raw, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		log.Fatal(err)
	}
	base := filepath.Join(*out, *name)
	if err := os.WriteFile(base+".json", append(raw, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
	f, err := os.Create(base + ".html")
	if err != nil {
		log.Fatal(err)
	}
	if err := soak.WriteHTML(f, rep); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	log.Printf("soak: %d acknowledged writes, %d lost, %d in doubt; failed attempts %v, failed requests %v; %d sockets reconnected (median %.2fs, max %.2fs); live events %d sent, %d missed (p99 delay %.0f ms); %d periodic jobs, %d twice; media %v",
		rep.AckedWrites, len(rep.LostWrites), rep.InDoubt, rep.FailedAttempts, rep.FailedRequests, rep.Reconnects,
		rep.ReconnectP50S, rep.ReconnectMaxS, rep.EventsSent, rep.EventsMissed, rep.EventDelayP99MS,
		len(rep.PeriodicJobs), rep.PeriodicTwice, rep.MediaFromNodes)
	log.Printf("soak: report in %s.json and %s.html", base, base)
	if len(rep.Failures) > 0 {
		for _, f := range rep.Failures {
			log.Printf("soak: FAILED: %s", f)
		}
		os.Exit(1)
	}
	log.Printf("soak: passed")
}

// clusterEnv reads the cluster's addresses (scripts/cluster.sh env) and
// checks that it runs.
func clusterEnv(ctx context.Context, script string) (map[string]string, error) {
	out, err := exec.CommandContext(ctx, script, "env").Output()
	if err != nil {
		return nil, fmt.Errorf("%s env: %w", script, err)
	}
	env := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			env[k] = v
		}
	}
	status, err := exec.CommandContext(ctx, script, "status").Output()
	if err != nil || strings.Contains(string(status), "stopped") {
		return nil, fmt.Errorf("the cluster is not (wholly) running: start it with make cluster\n%s", status)
	}
	return env, nil
}

// rewriteHTML renders a JSON report's HTML page again.
func rewriteHTML(path string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var rep soak.Report
	if err := json.Unmarshal(raw, &rep); err != nil {
		return err
	}
	f, err := os.Create(strings.TrimSuffix(path, ".json") + ".html")
	if err != nil {
		return err
	}
	if err := soak.WriteHTML(f, &rep); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
