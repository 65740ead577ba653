package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/kit/plugin/plugintest"
)

// A story: signed in, with a profile, 1 to 280 characters once trimmed;
// it lives 24 hours from the clock, and the author and each follower hear
// of it.
func TestCreateStoryRules(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	r := newRig(now)
	bia, ana, orphan := member(), member(), member()
	r.follow(ana.UserID, bia.UserID)
	r.store.noProf[orphan.UserID] = true
	create := &CreateStory{r.deps}

	plugintest.CheckRefusals(t, []plugintest.Refusal{
		{Name: "signed out", Viewer: domain.Viewer{}, Text: "oi", Code: CodeUnauthenticated},
		{Name: "blank", Viewer: bia, Text: "  \n ", Code: CodeTextRequired},
		{Name: "281 characters", Viewer: bia, Text: strings.Repeat("é", MaxText+1), Code: CodeTextTooLong},
		{Name: "no profile", Viewer: orphan, Text: "oi", Code: CodeNoProfile},
	}, func(viewer domain.Viewer, text string) error {
		_, err := create.Handle(ctx, viewer, text)
		return err
	})
	if len(r.store.stories) != 0 || len(r.heard) != 0 {
		t.Fatal("a refused story was stored or told")
	}

	s, err := create.Handle(ctx, bia, "  "+strings.Repeat("é", MaxText)+" ")
	if err != nil || s.Text != strings.Repeat("é", MaxText) || s.AuthorID != bia.UserID || s.Author.ID != bia.UserID ||
		s.ViewCount == nil || *s.ViewCount != 0 || !s.Viewed {
		t.Fatalf("story %+v %v", s, err)
	}
	if !s.CreatedAt.Equal(now) || s.ExpiresAt.Sub(s.CreatedAt) != 24*time.Hour {
		t.Fatalf("made %s, expires %s", s.CreatedAt, s.ExpiresAt)
	}
	for _, who := range []domain.UserID{bia.UserID, ana.UserID} {
		evs := r.heard[Topic(who)]
		if len(evs) != 1 || evs[0].Type != EventCreated || evs[0].Data.(CreatedEvent).ID != s.ID.String() {
			t.Errorf("%s heard %+v", who, evs)
		}
	}
	if len(r.heard) != 2 {
		t.Fatalf("told %d topics, want the author's and the follower's", len(r.heard))
	}
}
