package app

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

func settingImage(w *writing, store *blobs) *SetProfileImage {
	return &SetProfileImage{Profiles: w.rows, Indexer: w.indexer, Blobs: store, Images: pngOnly{}, Limiter: w.limiter,
		Clock: w.clock, Limits: Limits{PerMember: 3, PerIP: 10}}
}

// What a picture is refused for, each before anything is stored; only a
// refusal of the picture's bytes uses up an attempt, since the limit is
// checked before the picture is decoded.
func TestSetProfileImageRefusals(t *testing.T) {
	w := newWriting(3)
	store := &blobs{stored: map[string][]byte{}}
	uc := settingImage(w, store)
	ctx := context.Background()
	me := domain.Viewer{UserID: w.member}
	for _, tc := range []struct {
		name   string
		viewer domain.Viewer
		file   Upload
		kind   errs.Kind
		code   string
	}{
		{"signed out", domain.Viewer{}, Upload{FileName: "a.png", Data: []byte("PNG")}, errs.KindUnauthenticated, CodeNoUser},
		{"name with a path", me, Upload{FileName: "../avatar.png", Data: []byte("PNG")}, errs.KindInvalid, CodeFileName},
		{"over 5 MB", me, Upload{FileName: "a.png", Data: make([]byte, domain.MaxProfileImageBytes+1)}, errs.KindTooLarge, CodeFileLarge},
		{"no bytes", me, Upload{FileName: "a.png"}, errs.KindInvalid, CodeFileAbsent},
		{"not an image of the allowed types", me, Upload{FileName: "a.png", Data: []byte("<svg/>")}, errs.KindInvalid, CodeFileType},
	} {
		_, err := uc.Handle(ctx, tc.viewer, domain.ProfileAvatar, tc.file, "203.0.113.9")
		if kind, code := portstest.KindAndCode(err); kind != tc.kind || code != tc.code {
			t.Fatalf("%s: %v, want %s", tc.name, err, tc.code)
		}
	}
	if len(store.stored) != 0 || w.limiter.taken != 1 {
		t.Fatalf("refusals stored %d files and took %d attempts", len(store.stored), w.limiter.taken)
	}

	noStorage := settingImage(w, store)
	noStorage.Blobs = nil
	_, err := noStorage.Handle(ctx, me, domain.ProfileAvatar, Upload{FileName: "a.png", Data: []byte("PNG")}, "203.0.113.9")
	if kind, code := portstest.KindAndCode(err); kind != errs.KindUnavailable || code != CodeMediaUnavailable {
		t.Fatalf("without media storage: %v", err)
	}
}

// A new picture is stored under the member's key, the profile points at it
// and the replaced one is deleted; a member without a profile row leaves
// no file behind.
func TestSetProfileImageReplacesThePicture(t *testing.T) {
	w := newWriting(3)
	store := &blobs{stored: map[string][]byte{}}
	uc := settingImage(w, store)
	ctx := context.Background()
	me := domain.Viewer{UserID: w.member}

	first, err := uc.Handle(ctx, me, domain.ProfileBanner, Upload{FileName: "b.png", Data: []byte("PNG1")}, "203.0.113.9")
	want := fmt.Sprintf("banners/%s/banner-%d.png", w.member, w.clock.At.UnixMilli())
	if err != nil || first.BannerPath == nil || *first.BannerPath != want || string(store.stored[want]) != "PNG1" {
		t.Fatalf("first banner: %+v %v; stored %v", first.BannerPath, err, store.stored)
	}
	w.clock.At = w.clock.At.Add(time.Second)
	uc.Clock = w.clock
	second, err := uc.Handle(ctx, me, domain.ProfileBanner, Upload{FileName: "b.png", Data: []byte("PNG2")}, "203.0.113.9")
	if err != nil || *second.BannerPath == want || len(store.stored) != 1 || store.stored[*second.BannerPath] == nil {
		t.Fatalf("the replaced banner is deleted: %+v %v; stored %v", second.BannerPath, err, store.stored)
	}
	if len(w.search.ids) != 2 {
		t.Fatalf("reindexed %v", w.search.ids)
	}

	_, err = uc.Handle(ctx, domain.Viewer{UserID: domain.NewUserID()}, domain.ProfileAvatar, Upload{FileName: "a.png", Data: []byte("PNG")}, "203.0.113.9")
	if kind, code := portstest.KindAndCode(err); kind != errs.KindNotFound || code != CodeNotFound {
		t.Fatalf("no profile: %v", err)
	}
	for key := range store.stored {
		if strings.HasPrefix(key, "avatars/") {
			t.Fatalf("a picture no profile points at was kept: %s", key)
		}
	}
}
