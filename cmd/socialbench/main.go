// Command socialbench runs the benchmark (`make bench`, `make bench-smoke`):
// every workload against `social serve`, each next to its raw PostgreSQL
// floor measured by pgbench in the same run. See docs/performance.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"social/bench"
	"social/bench/floor"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == floor.WebSocketCommand {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		if err := floor.ServeWebSocket(ctx, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "socialbench:", err)
			os.Exit(1)
		}
		return
	}
	cfg := bench.Config{Out: os.Stdout}
	flag.StringVar(&cfg.Social, "social", "bin/social", "the social binary to benchmark")
	flag.StringVar(&cfg.Work, "work", ".tmp/bench", "scratch folder: private cluster, search index, logs")
	flag.StringVar(&cfg.Results, "results", "bench/results", "folder for the run's JSON and HTML")
	flag.StringVar(&cfg.DatabaseURL, "database-url", os.Getenv("TEST_DATABASE_URL"),
		"PostgreSQL server to create the run's database on (default $TEST_DATABASE_URL; empty: a private cluster)")
	flag.IntVar(&cfg.Profiles, "profiles", 10000, "members to generate")
	flag.IntVar(&cfg.Posts, "posts", 1000000, "posts to generate")
	flag.IntVar(&cfg.Follows, "follows", 40, "follows per member, on average")
	flag.Uint64Var(&cfg.Seed, "seed", 1, "data set seed")
	flag.DurationVar(&cfg.Duration, "duration", 10*time.Second, "length of each load step")
	flag.IntVar(&cfg.Workers, "workers", 8, "closed-loop workers and pgbench clients")
	flag.IntVar(&cfg.Viewers, "viewers", 64, "members signed in to make the requests")
	flag.IntVar(&cfg.Sockets, "sockets", 5000, "realtime WebSocket clients")
	flag.IntVar(&cfg.Publishes, "publishes", 20, "realtime: posts created and likes toggled, each")
	flag.IntVar(&cfg.Fresh, "fresh", 30, "posts timed until they are in timelines and searchable")
	flag.IntVar(&cfg.Devices, "devices", 10000, "push: members with a device, each sent one like")
	flag.IntVar(&cfg.Likers, "likers", 1000, "push: members liking one post whose author has a device")
	flag.IntVar(&cfg.RemoteFollowers, "remote-followers", 10000, "federation_delivery: remote followers of the member who posts")
	flag.IntVar(&cfg.RemoteHosts, "remote-hosts", 200, "federation: servers of the remote followers and actors (loopback 127.0.1.1-N, at most 254)")
	flag.IntVar(&cfg.RemoteActors, "remote-actors", 300, "federation_inbox: remote actors posting to the shared inbox")
	flag.Float64Var(&cfg.InboxRate, "inbox-rate", 1000, "federation_inbox: signed activities a second to the shared inbox")
	only := flag.String("workloads", "", "comma-separated HTTP workloads to run (default: all)")
	profile := flag.String("profile", "", "comma-separated workloads to CPU-profile in the server (needs a social built with -tags pprof)")
	flag.BoolVar(&cfg.Reuse, "reuse", false, "keep the private cluster and data set of an earlier run in --work (no seed-demo)")
	flag.BoolVar(&cfg.RealtimeOnly, "realtime-only", false, "run the WebSocket workload alone (no HTTP workloads, floors or reindex)")
	flag.IntVar(&cfg.GeneratorNice, "generator-nice", 0, "with --realtime-only: the generator's nice value (1-19) while it reads the sockets, so that the server has the cores it needs first")
	flag.BoolVar(&cfg.Smoke, "smoke", false, "small data, one-second steps, few sockets; fail unless every workload produced figures")
	markdown := flag.String("markdown", "", "print a saved run (JSON) as the tables of docs/performance.md, and exit")
	flag.Parse()
	if *markdown != "" {
		r, err := bench.LoadReport(*markdown)
		if err != nil {
			fmt.Fprintln(os.Stderr, "socialbench:", err)
			os.Exit(1)
		}
		r.Markdown(os.Stdout)
		return
	}
	if cfg.Smoke {
		set := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for name, v := range map[string]any{"profiles": &cfg.Profiles, "posts": &cfg.Posts, "follows": &cfg.Follows,
			"duration": &cfg.Duration, "viewers": &cfg.Viewers, "sockets": &cfg.Sockets, "publishes": &cfg.Publishes, "fresh": &cfg.Fresh,
			"devices": &cfg.Devices, "likers": &cfg.Likers, "remote-followers": &cfg.RemoteFollowers,
			"remote-hosts": &cfg.RemoteHosts, "remote-actors": &cfg.RemoteActors, "inbox-rate": &cfg.InboxRate} {
			if set[name] {
				continue
			}
			switch p := v.(type) {
			case *int:
				*p = map[string]int{"profiles": 300, "posts": 6000, "follows": 10, "viewers": 12, "sockets": 100,
					"publishes": 3, "fresh": 3, "devices": 200, "likers": 30, "remote-followers": 200, "remote-hosts": 10,
					"remote-actors": 20}[name]
			case *float64:
				*p = 50
			case *time.Duration:
				*p = time.Second
			}
		}
	}
	if *only != "" {
		cfg.Only = map[string]bool{}
		for _, name := range strings.Split(*only, ",") {
			cfg.Only[strings.TrimSpace(name)] = true
		}
	}
	if *profile != "" {
		cfg.Profile = map[string]bool{}
		for _, name := range strings.Split(*profile, ",") {
			cfg.Profile[strings.TrimSpace(name)] = true
		}
	}
	if cfg.GeneratorNice != 0 && (!cfg.RealtimeOnly || cfg.GeneratorNice < 1 || cfg.GeneratorNice > 19) {
		// A niced generator would hand its nice value to the servers it
		// starts later, and a lower one needs privileges.
		fmt.Fprintln(os.Stderr, "socialbench: --generator-nice takes 1 to 19, with --realtime-only")
		os.Exit(2)
	}
	if cfg.RemoteHosts < 1 || cfg.RemoteHosts > 254 {
		fmt.Fprintln(os.Stderr, "socialbench: --remote-hosts takes 1 to 254")
		os.Exit(2)
	}
	if cfg.Smoke {
		cfg.Fractions = []float64{0.5, 0.1}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if _, err := bench.Run(ctx, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "socialbench:", err)
		os.Exit(1)
	}
}
