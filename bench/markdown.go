package bench

import (
	"fmt"
	"io"
)

// Markdown writes the run as the tables docs/performance.md shows.
func (r *Report) Markdown(w io.Writer) {
	fmt.Fprintf(w, "Run of %s (commit %s), %d CPUs shared with other work, %d profiles, %d posts, %d follows (median %d, max %d per member), %d likes, %d comments; %d workers and %d pgbench clients; %.0f s steps.\n\n",
		r.StartedAt.Format("2006-01-02 15:04 MST"), r.Commit, r.CPUs, r.Data.Profiles, r.Data.Posts, r.Data.Follows,
		r.Data.MedianFollowing, r.Data.MaxFollowing, r.Data.Likes, r.Data.Comments, r.Workers, r.Workers, r.StepSeconds)
	fmt.Fprintln(w, "| workload | API peak req/s | req/s within p99 bound | p50 ms | p99 ms | floor | floor tps | floor p99 ms | ratio | target | generator CPU | server CPU |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, wl := range r.Workloads {
		for i, f := range wl.Floors {
			if i == 0 {
				at := fmt.Sprintf("%.0f (%.0f ms)", wl.API.AtBound.Throughput, wl.API.BoundMS)
				if !wl.API.Met || wl.API.AtBound.Requests == 0 {
					at = fmt.Sprintf("none; %.0f tried", wl.API.AtBound.Throughput)
				}
				fmt.Fprintf(w, "| %s | %.0f | %s | %.1f | %.1f | %s | %.0f | %.1f | %.2fx | %s | %.2f | %.2f |\n",
					wl.Name, wl.API.Peak.Throughput, at, wl.API.AtBound.P50, wl.API.AtBound.P99, f.Name, f.TPS, f.P99,
					f.Ratio, wl.Target, wl.API.Peak.GeneratorCPU, wl.ServerCPU)
				continue
			}
			fmt.Fprintf(w, "| | | | | | %s | %.0f | %.1f | %.2fx | | | |\n", f.Name, f.TPS, f.P99, f.Ratio)
		}
	}
	if f := r.Freshness; f != nil {
		fmt.Fprintf(w, "\nNew post (%d, two a second, after a %.1f s backlog drain): in the followers' timelines p50 %.0f ms, p99 %.0f ms; searchable (Bleve) p50 %.0f ms, p99 %.0f ms; %d timeouts%s.\n",
			f.Posts, f.BacklogSeconds, f.TimelineP50, f.TimelineP99, f.SearchP50, f.SearchP99, f.Timeouts, f.TopLine())
	}
	if f := r.FreshnessUnderLoad; f != nil {
		fmt.Fprintf(w, "\nNew post while %.0f other posts a second are created (%d timed, two a second): in the followers' timelines p50 %.0f ms, p99 %.0f ms; searchable (Bleve) p50 %.0f ms, p99 %.0f ms; %d timeouts%s.\n",
			f.CreateRate, f.Posts, f.TimelineP50, f.TimelineP99, f.SearchP50, f.SearchP99, f.Timeouts, f.TopLine())
	}
	if rt := r.Realtime; rt != nil {
		fmt.Fprintf(w, "\nRealtime: %d of %d sockets connected in %.1f s; %d events published, %d of %d deliveries received (%d lost, %d sockets dropped); from the commit to receipt p50 %.1f ms, p99 %.1f ms, max %.0f ms (from the write request's start: p50 %.1f ms, p99 %.1f ms, max %.0f ms; from its answer: p50 %.1f ms, p99 %.1f ms; written to the sockets, by the server's histogram: p50 %.1f ms, p99 %.1f ms); server RSS %.0f MB with the sockets open; server %.2f cores, generator %.2f cores (nice %d).\n",
			rt.Connected, rt.Sockets, rt.ConnectSeconds, rt.Published, rt.Received, rt.Expected, rt.Lost, rt.Dropped,
			rt.P50FromCommit, rt.P99FromCommit, rt.MaxFromCommit, rt.P50, rt.P99, rt.Max, rt.P50FromAnswer, rt.P99FromAnswer, rt.ServerP50, rt.ServerP99, rt.ServerRSSMB, rt.ServerCPU, rt.GeneratorCPU, rt.GeneratorNice)
		if f := rt.Floor; f != nil && f.Error == "" {
			fmt.Fprintf(w, "\nRealtime floor (a bare WebSocket fan-out of %d-byte events to as many sockets, same generator): %d of %d deliveries, from publication p50 %.1f ms, p99 %.1f ms, max %.0f ms; server %.2f cores, generator %.2f cores. The gateway's p99 from the commit is %.2f× the floor's.\n",
				f.FrameBytes, f.Received, f.Expected, f.P50, f.P99, f.Max, f.ServerCPU, f.GeneratorCPU, rt.P99VsFloor)
		}
	}
	if p := r.Push; p != nil && p.Error == "" {
		fmt.Fprintf(w, "\nPush fan-out: one like on a post of each of %d members with a device; %d pushes received by the push service in %.1f s (%.0f a second), %d lost, %d twice; from the like's answer to its push p50 %.0f ms, p99 %.0f ms, max %.0f ms; server RSS %.0f MB before, peak %.0f MB. %d members liked one post whose author has a device: %d notifications, %d push.\n",
			p.Devices, p.Received, p.Seconds, p.PerSecond, p.Lost, p.Duplicates, p.P50, p.P99, p.Max, p.RSSBeforeMB, p.RSSPeakMB, p.Likers, p.CollapseNotified, p.CollapsePushes)
	}
	if f := r.Federation; f != nil && f.Delivery != nil && f.Delivery.Error == "" {
		fmt.Fprintf(w, "\n%s.\n", f.Delivery.line())
	}
	if f := r.Federation; f != nil && f.Inbox != nil && f.Inbox.Error == "" {
		fmt.Fprintf(w, "\n%s.\n", f.Inbox.line())
	}
	fmt.Fprintf(w, "\nData: seed-demo %.0f s, reindex Bleve %.0f s, PostgreSQL %.0f s. Server peak RSS %.0f MB.\n",
		r.Data.SeedSeconds, r.Data.ReindexBleveSeconds, r.Data.ReindexPostgresSeconds, r.ServerPeakRSSMB)
}
