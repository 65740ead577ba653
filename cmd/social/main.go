// Command social is the single binary of the social network: it serves the
// API, the member SPA and the admin console, runs background jobs, and
// carries the operator commands (migrate, seed-demo, reindex, config, ...).
package main

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	// A closed stderr (the terminal or the parent process gone) must not
	// kill the process mid-shutdown, before it stops its private cluster:
	// with SIGPIPE ignored, writes to a broken pipe just fail.
	signal.Ignore(syscall.SIGPIPE)
	if err := newRootCommand().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "social: "+oneLine(err))
		os.Exit(exitCode(err))
	}
}

// oneLine folds an error (several config problems, say) into one line.
func oneLine(err error) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", "; ")), " ")
}

// usageError marks mistakes in the command line itself (exit code 2).
type usageError struct{ error }

func exitCode(err error) int {
	if _, ok := err.(usageError); ok {
		return 2
	}
	return 1
}
