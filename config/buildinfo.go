package config

// Version and Commit name the build; the Makefile stamps them at link time
// (-ldflags "-X social/config.Version=... -X social/config.Commit=...").
var (
	Version = "dev"
	Commit  = "unknown"
)
