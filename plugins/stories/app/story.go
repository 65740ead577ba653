package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	safety "social/features/safety/app"
)

// Limits of stories: text only, as long as a post.
const (
	MaxText  = 280
	Lifetime = 24 * time.Hour
	// Shown caps the stories one screen reads.
	Shown = 200
	// TrendingShown is the size of the 'Trending Stories' list.
	TrendingShown = 3
	// ViewersShown caps the author's list of viewers.
	ViewersShown = 500
)

// ErrNoProfile is a write naming a member without a profile row.
var ErrNoProfile = errors.New("no profile")

// Story is one story as a given viewer sees it. ViewCount is set only for
// the story's author: nobody else learns how many people saw it.
type Story struct {
	ID        uuid.UUID
	AuthorID  domain.UserID
	Author    domain.MemberCard
	Text      string
	ViewCount *int
	Viewed    bool // the viewer has opened it (always true for the author)
	CreatedAt time.Time
	ExpiresAt time.Time
}

// StoryRow is a story as stored, with the reader's viewed flag.
type StoryRow struct {
	ID        uuid.UUID
	AuthorID  domain.UserID
	Author    domain.MemberCard
	Text      string
	ViewCount int
	Viewed    bool
	CreatedAt time.Time
	ExpiresAt time.Time
}

// For is the row as viewer may see it.
func (r StoryRow) For(viewer domain.UserID) Story {
	s := Story{ID: r.ID, AuthorID: r.AuthorID, Author: r.Author, Text: r.Text, Viewed: r.Viewed,
		CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt}
	if r.AuthorID == viewer {
		n := r.ViewCount
		s.ViewCount, s.Viewed = &n, true
	}
	return s
}

// StoryViewer is one member who opened a story.
type StoryViewer struct {
	Profile  domain.MemberCard
	ViewedAt time.Time
}

// Store keeps stories and their views. Reads of stories take now and never
// answer one whose expires_at has passed, so a story is gone at 24 hours
// whether or not the expiry job has run.
type Store interface {
	// InsertStory stores r; ErrNoProfile when the author has no profile.
	InsertStory(ctx context.Context, r StoryRow) error
	// Story reads a live story with reader's viewed flag; domain.ErrNotFound
	// when missing or expired.
	Story(ctx context.Context, id uuid.UUID, reader domain.UserID, now time.Time) (StoryRow, error)
	// Follows reports whether follower follows author.
	Follows(ctx context.Context, follower, author domain.UserID) (bool, error)
	// Visible reads the live stories of reader and of the members reader
	// follows, newest first, at most limit.
	Visible(ctx context.Context, reader domain.UserID, now time.Time, limit int) ([]StoryRow, error)
	// AddView records reader's view unless recorded (added false);
	// domain.ErrNotFound when the story is gone.
	AddView(ctx context.Context, story uuid.UUID, reader domain.UserID, at time.Time) (added bool, err error)
	// CountView adds one to view_count and answers it.
	CountView(ctx context.Context, story uuid.UUID) (int, error)
	// Viewers lists who viewed a story, latest first.
	Viewers(ctx context.Context, story uuid.UUID, limit int) ([]StoryViewer, error)
	// Delete removes a story and its views.
	Delete(ctx context.Context, id uuid.UUID) error
	// DeleteExpired removes at most limit stories expired at now.
	DeleteExpired(ctx context.Context, now time.Time, limit int) (int, error)
	// Followers lists the members following author.
	Followers(ctx context.Context, author domain.UserID) ([]domain.UserID, error)
}

// Stories are the dependencies the use cases share.
type Stories struct {
	Tx          ports.Transactor
	Store       Store
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
	// Safety tells which members a block keeps apart: the author's list
	// of viewers leaves out those in a block relation with the author.
	Safety safety.Relations
}

// readable reads story id for viewer: its author or a follower of the
// author; anyone else is told it does not exist, as for an expired one.
func (s *Stories) readable(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (StoryRow, error) {
	if !viewer.SignedIn() {
		return StoryRow{}, unauthenticated()
	}
	row, err := s.Store.Story(ctx, id, viewer.UserID, s.Clock.Now())
	if errors.Is(err, domain.ErrNotFound) {
		return StoryRow{}, notFound()
	}
	if err != nil {
		return StoryRow{}, err
	}
	if row.AuthorID == viewer.UserID {
		return row, nil
	}
	ok, err := s.Store.Follows(ctx, viewer.UserID, row.AuthorID)
	if err != nil {
		return StoryRow{}, err
	}
	if !ok {
		return StoryRow{}, notFound()
	}
	return row, nil
}

// publish tells one member's topic; a failure is only logged (the screen
// reads again over HTTP).
func (s *Stories) publish(ctx context.Context, to domain.UserID, typ string, data any) {
	if err := s.Broadcaster.Publish(context.WithoutCancel(ctx), Topic(to), ports.Event{Type: typ, Data: data}); err != nil {
		s.Log.Warn("stories: publish", "event", typ, "to", to.String(), "err", err)
	}
}
