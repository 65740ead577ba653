// Package jobs runs River on the shared pool: the client that works the
// workers and periodic jobs contributed by core and plugins, and River's own
// migrations as one migration set.
package jobs
