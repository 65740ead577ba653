package main

import (
	"context"
	"fmt"
	"time"

	"github.com/testcontainers/testcontainers-go"
	tcpostgres "github.com/testcontainers/testcontainers-go/modules/postgres"
)

// dockerEngineAnswers reports whether a Docker engine is reachable.
func dockerEngineAnswers(ctx context.Context) (ok bool) {
	defer func() {
		// testcontainers panics when it finds no Docker configuration at all.
		if recover() != nil {
			ok = false
		}
	}()
	provider, err := testcontainers.ProviderDefault.GetProvider()
	if err != nil {
		return false
	}
	defer provider.Close()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return provider.Health(ctx) == nil
}

// startContainer runs PostgreSQL 15 in Docker, for machines with an engine
// but without PostgreSQL binaries.
func startContainer(ctx context.Context) (stop func(), url string, err error) {
	ctr, err := tcpostgres.Run(ctx, "postgres:15-alpine",
		tcpostgres.WithDatabase("postgres"),
		tcpostgres.WithUsername("postgres"),
		tcpostgres.WithPassword("postgres"),
		tcpostgres.BasicWaitStrategies(),
	)
	if err != nil {
		return nil, "", fmt.Errorf("start PostgreSQL container: %w", err)
	}
	url, err = ctr.ConnectionString(ctx, "sslmode=disable")
	if err != nil {
		_ = testcontainers.TerminateContainer(ctr)
		return nil, "", err
	}
	return func() { _ = testcontainers.TerminateContainer(ctr) }, url, nil
}
