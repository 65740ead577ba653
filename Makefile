# The two commands a new machine needs: `make run` and `make test`.
# Both install what is missing first (scripts/bootstrap.sh).

SHELL := /bin/bash
.DEFAULT_GOAL := help

BIN      := bin/social
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT   ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
LDFLAGS  := -s -w -X social/config.Version=$(VERSION) -X social/config.Commit=$(COMMIT)
WEB_APPS := web/app web/admin web/apidocs
# Go tests share one PostgreSQL: TEST_DATABASE_URL if set, else a throwaway private cluster.
WITHDB   := go run -trimpath ./tests/testkit/withdb --
# The program as the checks below run it: within `make test`, the binary its
# build step has just made (SOCIAL_TEST_BINARY), so that the suite compiles
# it once; alone, compiled from the source.
SOCIAL_CMD = $(or $(SOCIAL_TEST_BINARY),go run ./cmd/social)

.PHONY: help bootstrap web build run test test-go test-web test-e2e check-api-types api-types lint bench bench-smoke bench-micro clean

help: ## List the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

bootstrap: ## Install what is missing (PostgreSQL, Chromium, Go modules, npm packages)
	@scripts/bootstrap.sh

web: bootstrap ## Build the member app, the admin console and the API reference
	@for d in $(WEB_APPS); do echo "building $$d"; (cd $$d && npm run --silent build) || exit 1; done

build: bootstrap ## Build bin/social with the frontends embedded
	@$(MAKE) --no-print-directory -j2 web compile-go
	go build -tags embedui -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/social

# The binary's packages compiled, without the frontends, while the frontends
# build (tsc and vite keep one core busy): the binary's own build then
# compiles only the packages above the embedded files, and the tests find
# the rest in the build cache.
.PHONY: compile-go
compile-go: bootstrap
	go build -trimpath -o /dev/null ./cmd/social

run: build ## Build and serve everything on http://localhost:8080 (private PostgreSQL under data/)
	SOCIAL_ADMIN_OPEN_ACCESS=true $(BIN) seed-demo
	SOCIAL_ADMIN_OPEN_ACCESS=true $(BIN) serve

# The soak runs 40 s here, its shortest (same checks, 10-second quarters);
# `make test-long` alone soaks for the full 20. SOCIAL_SOAK_DURATION set by
# the caller wins. The long tests and the benchmark smoke run side by side:
# the slow upload spends its minute waiting on a trickling client and the
# smoke a second on each workload, so together they take about the time of
# the longer. The rest keeps both cores busy alone.
TEST_ENV = SOCIAL_TEST_BINARY=$(CURDIR)/$(BIN) SOCIAL_SOAK_DURATION=$${SOCIAL_SOAK_DURATION:-40s}
test: build ## Run every test: the import boundaries, Go (real PostgreSQL), a 40-second soak, the cluster's 90-second soak, frontends, API types, end to end
	$(TEST_ENV) $(MAKE) --no-print-directory check-api-types lint-imports test-go
	$(TEST_ENV) $(MAKE) --no-print-directory -j2 --output-sync=target test-long bench-smoke
	$(TEST_ENV) $(MAKE) --no-print-directory test-cluster-soak
	$(TEST_ENV) $(MAKE) --no-print-directory test-web test-e2e test-budgets

# -trimpath keeps the source folder out of the build cache's keys, so a
# second checkout of the same commit reuses the packages compiled for the
# first; -ldflags=-w leaves out the debugger's tables, a third of the time
# of linking each test binary (stack traces keep their files and lines).
GOTEST = go test -trimpath -count=1 -ldflags=-w
test-go: bootstrap ## Go tests against a real PostgreSQL
	$(WITHDB) $(GOTEST) ./...

# The race detector is a run of its own: building the whole tree for it
# takes about four minutes more on a fresh 2-core machine and the tests run
# about twice as long under it: more than `make test` can spend. Run it
# before landing a change to code that owns goroutines, locks or channels
# (the realtime gateway, the job client, the pools, room presence, the
# reliability suite's concurrent toggles and outages).
.PHONY: test-race
test-race: bootstrap ## Every Go package under the race detector, the long tests too
	$(WITHDB) $(GOTEST) -race ./...
	$(WITHDB) $(GOTEST) -race -v -timeout 60m -tags long -run '^TestLong' $(LONG_PKGS)

# Only the packages that hold long tests, side by side: the slow upload
# spends its minute waiting on a trickling client.
LONG_PKGS = $(shell grep -rl --include='*_test.go' '^//go:build long' . | xargs -r -n1 dirname | sort -u)

.PHONY: test-long
test-long: bootstrap ## Go tests that need more than a minute (build tag long, names TestLong...), the 20-minute soak among them (-v: the soak prints its figures)
	$(WITHDB) $(GOTEST) -v -timeout 60m -tags long -run '^TestLong' $(LONG_PKGS)

# vitest runs one worker on a 2-core machine: the member app's suite and
# the console's side by side keep both cores busy (90 s against 115 s one
# after the other). The member app's files share their worker's page and
# modules (isolate: false), so it keeps to the one worker its tests are
# known to pass in.
test-web: bootstrap ## Frontend unit tests (vitest), the member app's and the console's side by side
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-web-app test-web-admin

.PHONY: test-web-app test-web-admin
test-web-app: bootstrap
	cd web/app && npm test --silent

test-web-admin: bootstrap
	cd web/admin && npm test --silent

test-e2e: ## End-to-end journeys in Debian's Chromium against bin/social
	cd e2e && SOCIAL_BIN=$(CURDIR)/$(BIN) npm test --silent

# Alone, after the journeys: Lighthouse reads blocking time off the real
# main thread, and anything else on the two cores inflates it.
.PHONY: test-budgets
test-budgets: ## Speed budgets: Lighthouse's mobile run on the sign-in page, the feed and a post page (about 45 s)
	cd e2e && SOCIAL_BIN=$(CURDIR)/$(BIN) npm run --silent budgets

api-types: bootstrap ## Regenerate web/openapi.json, the frontends' API types and the generated Go client from the server
	go run ./cmd/social openapi > web/openapi.json
	cd web/app && npm run --silent api-types
	go generate ./tests/apisdk

check-api-types: bootstrap ## Fail when web/openapi.json or the API types are stale
	@mkdir -p .tmp && $(SOCIAL_CMD) openapi > .tmp/openapi.json
	@diff -q web/openapi.json .tmp/openapi.json >/dev/null || { echo "web/openapi.json is stale: run make api-types"; exit 1; }
	cd web/app && npm run --silent api-types:check

# The import-boundary check, in seconds: tests/importrules judges every Go
# file's imports with depguard's own analyzer against .depguard.yml (allow
# lists mirroring the dependency direction of docs/architecture.md), plus the
# two rules depguard's prefix lists cannot say; then the member app's import
# rules (eslint's no-restricted-imports of eslint.config.js, without type
# information: a core screen never imports a plugin's feature).
.PHONY: lint-imports
lint-imports: bootstrap ## Fail on an import against the dependency direction (.depguard.yml and tests/importrules; the member app's eslint import rules)
	go test -count=1 ./tests/importrules
	cd web/app && npm run --silent lint:imports

lint: bootstrap lint-imports ## go vet, gofmt, the import boundaries, tsc, eslint and the API document's lint (Redocly, redocly.yaml)
	go vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }
	cd web/app && npm run --silent typecheck && npm run --silent lint
	cd web/admin && npm run --silent typecheck && npm run --silent lint
	cd web/apidocs && npm run --silent typecheck && npm run --silent lint:openapi

bench: bootstrap ## Every workload at benchmark scale next to its pgbench floor (private cluster; bench/results/)
	go build -trimpath -tags pprof -o .tmp/bench/social ./cmd/social
	go run ./cmd/socialbench --social .tmp/bench/social $(BENCH_FLAGS)

bench-smoke: bootstrap ## Every workload for a second on a small data set; fails when one produced no figures or a new post was not visible within 10 s
	$(if $(SOCIAL_TEST_BINARY),,go build -trimpath -o .tmp/bench-smoke/social ./cmd/social)
	$(WITHDB) go run -trimpath ./cmd/socialbench --smoke --social $(or $(SOCIAL_TEST_BINARY),.tmp/bench-smoke/social) --work .tmp/bench-smoke

bench-micro: bootstrap ## Go micro benchmarks (go test -bench), as ratios against a floor in the same run
	$(WITHDB) go test -run '^$$' -bench . -benchmem -count=1 ./...

# The multi-node layout on this machine (scripts/cluster.sh, docs/deploy.md):
# three nodes behind HAProxy, a PostgreSQL primary and its streaming replica,
# three NATS servers, an S3 server; under data/cluster, on ports 18000 and up.
.PHONY: cluster cluster-stop cluster-soak test-cluster-soak
cluster: ## Start three nodes behind HAProxy, PostgreSQL primary + replica, a NATS cluster and an S3 server (data/cluster)
	@scripts/cluster.sh start

cluster-stop: ## Stop everything `make cluster` started; nothing is left running
	@scripts/cluster.sh stop

# Ten minutes on the running cluster (bench/soak): the benchmark's mix at
# half the peak it measures first, members on WebSockets, and a node, a NATS
# server, the replica and the primary failing on a schedule. The report is
# docs/bench/cluster-soak.json and .html.
cluster-soak: ## Soak the running cluster for 10 minutes while its parts fail (after make cluster; docs/bench/cluster-soak.*)
	go run -trimpath ./cmd/socialsoak --duration $${SOCIAL_CLUSTER_SOAK:-10m} --out docs/bench --name cluster-soak

# The same faults in about 90 s, on a cluster of its own (ports 19000 and up,
# under .tmp), started from the binary the suite built and always stopped.
TEST_CLUSTER = SOCIAL_CLUSTER_DIR=$(CURDIR)/.tmp/cluster-test SOCIAL_CLUSTER_PORT=19000 $(if $(SOCIAL_TEST_BINARY),SOCIAL_BIN=$(SOCIAL_TEST_BINARY))
test-cluster-soak: bootstrap ## The cluster soak's faults in 90 s on a cluster of its own (inside make test)
	go build -trimpath -o .tmp/socialsoak ./cmd/socialsoak
	$(TEST_CLUSTER) scripts/cluster.sh stop >/dev/null 2>&1; rm -rf .tmp/cluster-test
	$(TEST_CLUSTER) scripts/cluster.sh start
	$(TEST_CLUSTER) .tmp/socialsoak --duration 90s --members 30 --watchers 9 --out .tmp/cluster-test/report --name soak; \
	  rc=$$?; $(TEST_CLUSTER) scripts/cluster.sh stop; exit $$rc

clean: ## Remove builds (keeps data/)
	rm -rf bin web/dist .tmp
