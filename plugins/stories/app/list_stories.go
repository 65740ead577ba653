package app

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"social/core/domain"
)

// Screen is what /stories shows: the live stories of the viewer and of the
// people they follow, and the three most viewed of them.
type Screen struct {
	Stories []Story
	// Trending are the IDs of the most viewed stories on the screen, most
	// first (ties: newest first). Their counts stay with their authors.
	Trending []uuid.UUID
}

// ListStories reads the viewer's stories screen.
type ListStories struct{ *Stories }

// Handle answers the screen, newest first.
func (uc *ListStories) Handle(ctx context.Context, viewer domain.Viewer) (Screen, error) {
	if !viewer.SignedIn() {
		return Screen{}, unauthenticated()
	}
	rows, err := uc.Store.Visible(ctx, viewer.UserID, uc.Clock.Now(), Shown)
	if err != nil {
		return Screen{}, errf("list stories: %w", err)
	}
	out := Screen{Stories: make([]Story, len(rows)), Trending: []uuid.UUID{}}
	for i, r := range rows {
		out.Stories[i] = r.For(viewer.UserID)
	}
	ranked := slices.Clone(rows)
	// rows are newest first; a stable sort keeps that order among equals.
	slices.SortStableFunc(ranked, func(a, b StoryRow) int { return b.ViewCount - a.ViewCount })
	for _, r := range ranked[:min(TrendingShown, len(ranked))] {
		out.Trending = append(out.Trending, r.ID)
	}
	return out, nil
}
