// Package buildinfo carries the version stamped into the binary at link time.
package buildinfo

// Version and Commit are set with -ldflags "-X social/internal/buildinfo.Version=...".
var (
	Version = "dev"
	Commit  = "unknown"
)
