// Package ports declares the small interfaces the core needs from the
// outside world; adapters implement them.
package ports
