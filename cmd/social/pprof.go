//go:build pprof

package main

import (
	"log/slog"
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof/ on http.DefaultServeMux
	"os"
)

// A binary built with the pprof tag (the benchmark's, for profiling)
// serves net/http/pprof on SOCIAL_PPROF_ADDR when it is set: on its own
// listener, never on the API's address, and never in a normal build.
func init() {
	addr := os.Getenv("SOCIAL_PPROF_ADDR")
	if addr == "" {
		return
	}
	go func() {
		if err := http.ListenAndServe(addr, nil); err != nil {
			slog.Error("pprof listener", "addr", addr, "err", err)
		}
	}()
}
