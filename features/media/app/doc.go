// Package app holds the use cases about stored media that are not tied to
// one feature: resolving many storage paths to links a browser can load,
// and copying an outside image into storage so that browsers load the copy.
package app
