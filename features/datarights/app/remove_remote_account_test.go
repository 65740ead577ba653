package app

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// remoteSet is the remote profiles, and those deleted.
type remoteSet struct {
	remote  map[domain.UserID]bool
	deleted []domain.UserID
}

func (s *remoteSet) IsRemote(_ context.Context, id domain.UserID) (bool, error) {
	return s.remote[id], nil
}
func (s *remoteSet) DeleteRemote(_ context.Context, id domain.UserID) error {
	s.deleted = append(s.deleted, id)
	delete(s.remote, id)
	return nil
}

// A remote account's rows go part after part, then its profile and its
// search document; a member's profile is never touched.
func TestRemoveRemoteAccount(t *testing.T) {
	ctx := context.Background()
	remote, member := domain.NewUserID(), domain.NewUserID()
	profiles := &remoteSet{remote: map[domain.UserID]bool{remote: true}}
	posts, extra := &rows{left: 3}, &rows{left: 1}
	search := &portstest.SearchQueue{}
	uc := &RemoveRemoteAccount{Profiles: profiles, Parts: []Part{{Name: "core", Data: posts}, {Name: "extra", Data: extra}},
		Search: search, Tx: portstest.InlineTx{}, Settings: Settings{Batch: 2},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}

	if err := uc.Handle(ctx, member); err != nil || len(posts.batches) != 0 || len(profiles.deleted) != 0 {
		t.Fatalf("a member's profile: %v, batches %v, deleted %v", err, posts.batches, profiles.deleted)
	}
	if err := uc.Handle(ctx, remote); err != nil || posts.left+extra.left != 0 || len(profiles.deleted) != 1 ||
		profiles.deleted[0] != remote {
		t.Fatalf("remote: %v, left %d %d, deleted %v", err, posts.left, extra.left, profiles.deleted)
	}
	if len(search.Queued) != 1 {
		t.Fatalf("search documents queued: %v", search.Queued)
	}
	if err := uc.Handle(ctx, remote); err != nil || len(profiles.deleted) != 1 {
		t.Fatalf("again: %v, deleted %v", err, profiles.deleted)
	}
}
