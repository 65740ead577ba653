package adminkit

import (
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/platform/pgkit"
)

// FilterKind is how a console list reads one filter's value.
type FilterKind int

const (
	// Text is a string compared as given; an empty one filters nothing.
	Text FilterKind = iota
	// Bool is true or false, as JSON or as text.
	Bool
	// ID is a UUID.
	ID
	// Handle is a member's handle; a leading @ is dropped.
	Handle
	// Hashtag is a tag; a leading # is dropped.
	Hashtag
	// From is a date (2026-11-23) or an RFC 3339 time: rows at or after it.
	From
	// Until is a date or an RFC 3339 time: rows before it; a date keeps its
	// whole day, so the condition compares with "<".
	Until
)

// Filter is one key of a console list's filter, declared as data: how its
// value is read and the SQL condition it adds, with one ? for the value.
type Filter struct {
	Key   string
	Kind  FilterKind
	Where string // "s.author_id = ?"
}

// Narrowing is how a resource narrows its rows in SQL: its ID column
// (filter id, react-admin's getMany), its search (filter q: every ? in it
// receives the contains pattern of the text) and its own filters.
type Narrowing struct {
	ID      string
	Search  string
	Filters []Filter
}

// Apply adds q's conditions to sel.
func (n Narrowing) Apply(sel *bun.SelectQuery, q SQLQuery) *bun.SelectQuery {
	if q.Search != "" && n.Search != "" {
		pattern := pgkit.ContainsPattern(q.Search)
		args := make([]any, strings.Count(n.Search, "?"))
		for i := range args {
			args[i] = pattern
		}
		sel = sel.Where(n.Search, args...)
	}
	if len(q.IDs) > 0 {
		sel = sel.Where(n.ID+" IN (?)", bun.In(q.IDs))
	}
	for _, f := range n.Filters {
		if v, ok := q.Filter[f.Key]; ok {
			sel = sel.Where(f.Where, v)
		}
	}
	return sel
}

// read turns a filter's JSON value into the value its condition compares
// with; ok is false for an empty value, which filters nothing.
func (f Filter) read(raw any) (value any, ok bool, err error) {
	if raw == nil {
		return nil, false, nil
	}
	if f.Kind == Bool {
		switch b := raw.(type) {
		case bool:
			return b, true, nil
		case string:
			if b == "true" || b == "false" {
				return b == "true", true, nil
			}
		}
		return nil, false, ErrBadList
	}
	s := strings.TrimSpace(fmt.Sprint(raw))
	if s == "" {
		return nil, false, nil
	}
	switch f.Kind {
	case Handle:
		return strings.TrimPrefix(s, "@"), true, nil
	case Hashtag:
		return strings.TrimPrefix(s, "#"), true, nil
	case ID:
		id, err := uuid.Parse(s)
		if err != nil {
			return nil, false, ErrBadList
		}
		return id, true, nil
	case From, Until:
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return t, true, nil
		}
		day, err := time.Parse(time.DateOnly, s)
		if err != nil {
			return nil, false, ErrBadList
		}
		if f.Kind == Until {
			day = day.AddDate(0, 0, 1)
		}
		return day, true, nil
	}
	return s, true, nil
}
