package app

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

type relationMap map[domain.UserID]Relation

func (m relationMap) RelationsWith(_ context.Context, _ domain.UserID, members []domain.UserID) (map[domain.UserID]Relation, error) {
	out := map[domain.UserID]Relation{}
	for _, id := range members {
		if r, ok := m[id]; ok {
			out[id] = r
		}
	}
	return out, nil
}

func TestReadRelationships(t *testing.T) {
	viewer, friend, blocker := domain.UserID(uuid.New()), domain.UserID(uuid.New()), domain.UserID(uuid.New())
	uc := &ReadRelationships{Relations: relationMap{
		viewer: {Following: true}, friend: {Following: true, FollowedBy: true, Muting: true}, blocker: {BlockedBy: true},
	}}
	v := domain.Viewer{UserID: viewer}
	got, err := uc.Handle(context.Background(), v, []string{friend.String(), "lixo", blocker.String(),
		uuid.NewString(), friend.String(), viewer.String()})
	if err != nil {
		t.Fatal(err)
	}
	// Each known member once, in order; the blocker left out; oneself
	// without relation.
	if len(got) != 2 || got[0].Member != friend || !got[0].FollowedBy || !got[0].Muting ||
		got[1].Member != viewer || got[1].Following {
		t.Fatalf("relationships: %+v", got)
	}
	if _, err := uc.Handle(context.Background(), domain.Viewer{}, []string{friend.String()}); kindOf(err) != errs.KindUnauthenticated {
		t.Fatalf("nobody: %v", err)
	}
	many := make([]string, MaxRelationships+1)
	for i := range many {
		many[i] = uuid.NewString()
	}
	if _, err := uc.Handle(context.Background(), v, many); kindOf(err) != errs.KindInvalid {
		t.Fatalf("too many: %v", err)
	}
}

func kindOf(err error) errs.Kind {
	var e *errs.Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return errs.KindInternal
}
