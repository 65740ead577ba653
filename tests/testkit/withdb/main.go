// Command withdb runs a command with TEST_DATABASE_URL pointing at a
// PostgreSQL server: the one already given, or a throwaway private cluster
// started for the command and removed after it, or, on a machine without
// PostgreSQL binaries where a Docker engine answers, a container. `make test` runs the Go
// tests under it so that every test package shares one server.
//
//	go run ./tests/testkit/withdb -- go test ./...
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"social/adapters/postgres/cluster"
	"social/tests/testkit"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: withdb -- COMMAND [ARGS...]")
		os.Exit(2)
	}
	os.Exit(run(args))
}

func run(args []string) int {
	if os.Getenv(testkit.EnvDatabaseURL) == "" {
		ctx := context.Background()
		stop, url, err := testkit.StartThrowawayCluster(ctx)
		where := "private PostgreSQL cluster"
		if errors.Is(err, cluster.ErrNoBinaries) && dockerEngineAnswers(ctx) {
			stop, url, err = startContainer(ctx)
			where = "PostgreSQL container"
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "withdb:", err)
			return 1
		}
		defer stop()
		os.Setenv(testkit.EnvDatabaseURL, url)
		fmt.Fprintf(os.Stderr, "withdb: %s for the tests at %s\n", where, url)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Forward Ctrl-C and SIGTERM so the cluster is still removed.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "withdb:", err)
		return 1
	}
	go func() {
		for s := range sigs {
			_ = cmd.Process.Signal(s)
		}
	}()
	err := cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "withdb:", err)
		return 1
	}
	return 0
}
