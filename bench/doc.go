// Package bench is the benchmark harness behind `make bench`: it loads a
// generated data set into a fresh database, runs `social serve` as a
// separate process, drives each workload's endpoint with package load and
// the same SQL with pgbench (package floor) in the same run, and writes
// the results as JSON, an HTML page and a table.
package bench
