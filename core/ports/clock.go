package ports

import "time"

// Clock tells the time; tests use a fixed or advancing one.
type Clock interface{ Now() time.Time }

// SystemClock is the real clock.
type SystemClock struct{}

func (SystemClock) Now() time.Time { return time.Now() }
