// Package floor runs pgbench on SQL scripts (the statements an endpoint
// issues) and reads its per-transaction log, giving the raw PostgreSQL
// floor a workload is compared with: the same statements, no HTTP, no
// JSON, no Go.
package floor
