package postgres

import "time"

// SetKeyWriteBackoff shortens the waits of s's background retries.
func SetKeyWriteBackoff(s *IdempotencyKeys, waits ...time.Duration) { s.later.backoff = waits }
