package app

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// Recording: never about oneself nor for nobody, once per like, mention or
// follow, every comment, with an excerpt of the text; retracting removes
// what the undone act left and names it for the announcement.
func TestRecordAndRetract(t *testing.T) {
	ctx := context.Background()
	store := newMem()
	rec := &Recorder{Store: store, Clock: portstest.Clock{At: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}}
	ana, bia := domain.NewUserID(), domain.NewUserID()
	post := domain.NewPostID()

	for name, n := range map[string]Notice{
		"oneself": {Recipient: ana, Sender: ana, Type: domain.NotifyLike, Post: &post},
		"nobody":  {Sender: bia, Type: domain.NotifyMention, Post: &post},
	} {
		if changes, err := rec.Record(ctx, n); err != nil || len(changes) != 0 {
			t.Errorf("%s: %v %v", name, changes, err)
		}
	}
	if len(store.rows) != 0 {
		t.Fatalf("stored %+v", store.rows)
	}

	like := Notice{Recipient: ana, Sender: bia, Type: domain.NotifyLike, Post: &post}
	changes, err := rec.Record(ctx, like)
	if err != nil || len(changes) != 1 || changes[0].Event != EventCreated || changes[0].Recipient != ana ||
		changes[0].ID != store.rows[0].ID || !store.rows[0].CreatedAt.Equal(rec.Clock.Now()) {
		t.Fatalf("first like: %+v %v", changes, err)
	}
	if changes, err := rec.Record(ctx, like); err != nil || len(changes) != 0 {
		t.Fatalf("a like already stored is announced again: %+v %v", changes, err)
	}

	long := strings.Repeat("é", domain.NotificationMessageMax+1)
	if _, err := rec.Record(ctx, Notice{Recipient: ana, Sender: bia, Type: domain.NotifyComment, Post: &post, Text: long}); err != nil {
		t.Fatal(err)
	}
	if m := store.rows[1].Message; m == nil || *m != domain.Excerpt(long) || *m == long {
		t.Fatalf("comment excerpt = %v", m)
	}
	if store.rows[0].Message != nil {
		t.Fatalf("a like without text got a message: %q", *store.rows[0].Message)
	}

	if changes, err := rec.Retract(ctx, Notice{Recipient: bia, Sender: bia, Type: domain.NotifyLike, Post: &post}); err != nil || changes != nil {
		t.Fatalf("retracting about oneself: %+v %v", changes, err)
	}
	likeID := store.rows[0].ID
	changes, err = rec.Retract(ctx, like)
	if err != nil || len(changes) != 1 || changes[0].ID != likeID || changes[0].Event != EventRemoved || len(store.rows) != 1 {
		t.Fatalf("unlike: %+v %v, left %d", changes, err, len(store.rows))
	}

	store.failing = errors.New("database down")
	if _, err := rec.Record(ctx, like); !errors.Is(err, store.failing) {
		t.Fatalf("a failed insert: %v", err)
	}
	if _, err := rec.Retract(ctx, like); !errors.Is(err, store.failing) {
		t.Fatalf("a failed retraction: %v", err)
	}
}
