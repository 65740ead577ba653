package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
	profiles "social/features/profiles/app"
)

// profileViews is an in-memory ProfileViewStore: one profile by handle,
// and the relation every viewer has to it.
type profileViews struct {
	byHandle map[string]domain.Profile
	rel      Relation
	asked    string
}

func (p *profileViews) ViewByHandle(_ context.Context, handle string, _ domain.UserID) (domain.Profile, Relation, error) {
	p.asked = handle
	prof, ok := p.byHandle[handle]
	if !ok {
		return domain.Profile{}, Relation{}, domain.ErrNotFound
	}
	return prof, p.rel, nil
}

func TestViewProfile(t *testing.T) {
	ana, bia := domain.NewUserID(), domain.NewUserID()
	bio, place, site, banner := "bio", "Recife", "https://ana.example", "banners/ana.png"
	store := &profileViews{byHandle: map[string]domain.Profile{"ana": {ID: ana, Handle: "ana", DisplayName: "Ana",
		Bio: &bio, Location: &place, WebsiteURL: &site, BannerPath: &banner}}}
	uc := &ViewProfile{Profiles: store}
	ctx := context.Background()
	asBia := domain.Viewer{UserID: bia}

	for _, tc := range []struct {
		name, handle string
		rel          Relation
	}{
		{"unknown handle", "ninguem", Relation{}},
		{"malformed handle", "a b", Relation{}},
		{"the member blocks the viewer", "ana", Relation{BlockedBy: true}},
	} {
		store.rel = tc.rel
		_, err := uc.Handle(ctx, asBia, tc.handle)
		if kind, code := portstest.KindAndCode(err); kind != errs.KindNotFound || code != profiles.CodeNotFound {
			t.Fatalf("%s: %v", tc.name, err)
		}
	}

	store.rel = Relation{Following: true, Muting: true}
	v, err := uc.Handle(ctx, asBia, " @ANA ")
	if err != nil || store.asked != "ana" || !v.IsFollowing || !v.IsMuting || v.IsBlocking || v.Bio == nil || v.BannerPath == nil {
		t.Fatalf("followed and muted, asked %q: %+v %v", store.asked, v, err)
	}

	// A member the viewer blocks shows who they are, so the block can be
	// undone, and nothing more.
	store.rel = Relation{Blocking: true}
	v, err = uc.Handle(ctx, asBia, "ana")
	if err != nil || !v.IsBlocking || v.Handle != "ana" || v.DisplayName != "Ana" ||
		v.Bio != nil || v.Location != nil || v.WebsiteURL != nil || v.BannerPath != nil {
		t.Fatalf("blocked: %+v %v", v, err)
	}

	// Oneself is never followed, blocked or muted, whatever the store says.
	store.rel = Relation{Following: true, Blocking: true, Muting: true}
	v, err = uc.Handle(ctx, domain.Viewer{UserID: ana}, "ana")
	if err != nil || v.IsFollowing || v.IsBlocking || v.IsMuting {
		t.Fatalf("oneself: %+v %v", v, err)
	}
}
