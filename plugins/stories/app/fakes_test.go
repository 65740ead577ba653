package app

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports/portstest"
	"social/kit/plugin/plugintest"
)

// memStories is the stories Store in memory: the rows, who follows whom,
// the views, who has a profile and who blocks whom.
type memStories struct {
	stories []StoryRow // oldest first
	follows map[[2]domain.UserID]bool
	views   map[uuid.UUID][]StoryViewer
	noProf  map[domain.UserID]bool
	plugintest.Blocks
	deleted  []uuid.UUID
	perBatch []int // what DeleteExpired answered, call by call
}

func newMemStories() *memStories {
	return &memStories{follows: map[[2]domain.UserID]bool{}, views: map[uuid.UUID][]StoryViewer{},
		noProf: map[domain.UserID]bool{}, Blocks: plugintest.Blocks{}}
}

func (m *memStories) InsertStory(_ context.Context, r StoryRow) error {
	if m.noProf[r.AuthorID] {
		return ErrNoProfile
	}
	r.Author = domain.MemberCard{ID: r.AuthorID, Handle: "m" + r.AuthorID.String()[:6]}
	m.stories = append(m.stories, r)
	return nil
}

func (m *memStories) Story(_ context.Context, id uuid.UUID, reader domain.UserID, now time.Time) (StoryRow, error) {
	for _, r := range m.stories {
		if r.ID == id && now.Before(r.ExpiresAt) {
			r.Viewed = m.viewed(id, reader)
			return r, nil
		}
	}
	return StoryRow{}, domain.ErrNotFound
}

func (m *memStories) viewed(id uuid.UUID, reader domain.UserID) bool {
	return slices.ContainsFunc(m.views[id], func(v StoryViewer) bool { return v.Profile.ID == reader })
}

func (m *memStories) Follows(_ context.Context, follower, author domain.UserID) (bool, error) {
	return m.follows[[2]domain.UserID{follower, author}], nil
}

func (m *memStories) Visible(_ context.Context, reader domain.UserID, now time.Time, limit int) ([]StoryRow, error) {
	var out []StoryRow
	for i := len(m.stories) - 1; i >= 0 && len(out) < limit; i-- {
		r := m.stories[i]
		if now.Before(r.ExpiresAt) && (r.AuthorID == reader || m.follows[[2]domain.UserID{reader, r.AuthorID}]) {
			r.Viewed = m.viewed(r.ID, reader)
			out = append(out, r)
		}
	}
	return out, nil
}

func (m *memStories) AddView(_ context.Context, story uuid.UUID, reader domain.UserID, at time.Time) (bool, error) {
	if m.noProf[reader] {
		return false, ErrNoProfile
	}
	if !slices.ContainsFunc(m.stories, func(r StoryRow) bool { return r.ID == story }) {
		return false, domain.ErrNotFound
	}
	if m.viewed(story, reader) {
		return false, nil
	}
	m.views[story] = append(m.views[story], StoryViewer{Profile: domain.MemberCard{ID: reader}, ViewedAt: at})
	return true, nil
}

func (m *memStories) CountView(_ context.Context, story uuid.UUID) (int, error) {
	for i := range m.stories {
		if m.stories[i].ID == story {
			m.stories[i].ViewCount++
			return m.stories[i].ViewCount, nil
		}
	}
	return 0, domain.ErrNotFound
}

func (m *memStories) Viewers(_ context.Context, story uuid.UUID, limit int) ([]StoryViewer, error) {
	v := slices.Clone(m.views[story])
	slices.Reverse(v)
	return v[:min(limit, len(v))], nil
}

func (m *memStories) Delete(_ context.Context, id uuid.UUID) error {
	m.stories = slices.DeleteFunc(m.stories, func(r StoryRow) bool { return r.ID == id })
	delete(m.views, id)
	m.deleted = append(m.deleted, id)
	return nil
}

func (m *memStories) DeleteExpired(_ context.Context, now time.Time, limit int) (int, error) {
	n := 0
	m.stories = slices.DeleteFunc(m.stories, func(r StoryRow) bool {
		if n < limit && !now.Before(r.ExpiresAt) {
			n++
			return true
		}
		return false
	})
	m.perBatch = append(m.perBatch, n)
	return n, nil
}

func (m *memStories) Followers(_ context.Context, author domain.UserID) ([]domain.UserID, error) {
	var out []domain.UserID
	for pair := range m.follows {
		if pair[1] == author {
			out = append(out, pair[0])
		}
	}
	return out, nil
}

// rig is the use cases' shared dependencies on the in-memory store, with
// a clock the test moves.
type rig struct {
	store *memStories
	heard plugintest.Heard
	deps  *Stories
}

func newRig(now time.Time) *rig {
	store, h := newMemStories(), plugintest.Heard{}
	return &rig{store: store, heard: h, deps: &Stories{Tx: portstest.InlineTx{}, Store: store,
		Clock: portstest.Clock{At: now}, Broadcaster: h, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Safety: store}}
}

func (r *rig) at(now time.Time) { r.deps.Clock = portstest.Clock{At: now} }

func (r *rig) follow(follower, author domain.UserID) {
	r.store.follows[[2]domain.UserID{follower, author}] = true
}

func member() domain.Viewer { return domain.Viewer{UserID: domain.NewUserID()} }
