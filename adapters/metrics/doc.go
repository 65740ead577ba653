// Package metrics serves Prometheus metrics at /metrics: HTTP requests by
// route and status, jobs by kind and outcome, the job queue's depth, open
// realtime sockets, and the Go runtime and process.
package metrics
