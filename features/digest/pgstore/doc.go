// Package pgstore keeps the digest choices and the digests sent in
// PostgreSQL, and holds the weekly run's and the member's digest jobs.
package pgstore
