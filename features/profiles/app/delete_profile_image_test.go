package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

// Removing a picture clears the profile's path and deletes the file; it is
// a profile write, so signed-out viewers and the limit refuse it.
func TestDeleteProfileImage(t *testing.T) {
	w := newWriting(1)
	key := "avatars/" + w.member.String() + "/avatar-1.png"
	w.rows[w.member].AvatarPath = &key
	store := &blobs{stored: map[string][]byte{key: []byte("PNG")}}
	uc := &DeleteProfileImage{Profiles: w.rows, Indexer: w.indexer, Blobs: store, Limiter: w.limiter, Clock: w.clock,
		Limits: Limits{PerMember: 1, PerIP: 10}}
	ctx := context.Background()
	me := domain.Viewer{UserID: w.member}

	if _, err := uc.Handle(ctx, domain.Viewer{}, domain.ProfileAvatar, "203.0.113.9"); !isCode(err, CodeNoUser) {
		t.Fatalf("signed out: %v", err)
	}
	p, err := uc.Handle(ctx, me, domain.ProfileAvatar, "203.0.113.9")
	if err != nil || p.AvatarPath != nil || len(store.stored) != 0 || len(w.search.ids) != 1 {
		t.Fatalf("removed: %+v %v; stored %v", p.AvatarPath, err, store.stored)
	}
	if _, err := uc.Handle(ctx, me, domain.ProfileAvatar, "203.0.113.9"); !isCode(err, CodeRateLimit) {
		t.Fatalf("past the limit: %v", err)
	}

	w.limiter.left = 1
	_, err = uc.Handle(ctx, domain.Viewer{UserID: domain.NewUserID()}, domain.ProfileAvatar, "203.0.113.9")
	if kind, code := portstest.KindAndCode(err); kind != errs.KindNotFound || code != CodeNotFound {
		t.Fatalf("no profile: %v", err)
	}
}
