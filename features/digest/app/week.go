package app

import "time"

// Week is how long a week lasts: a digest covers at most that much when
// the member never had one before.
const Week = 7 * 24 * time.Hour

// WeekOf is the Monday, 00:00 UTC, that starts the week of t: the key of
// the week's digest.
func WeekOf(t time.Time) time.Time {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	back := (int(day.Weekday()) + 6) % 7 // days since Monday
	return day.AddDate(0, 0, -back)
}
