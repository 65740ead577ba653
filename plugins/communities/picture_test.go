package communities_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/adapters/images"
	"social/core/domain"
	"social/core/ports"
	"social/kit/demo"
	"social/plugins/communities/app"
	"social/plugins/communities/pgstore"
	at "social/tests/testkit/apptest"
)

// A community's picture is stored with its square copies, listed in the
// community's answer; a new picture deletes the old one with its copies.
func TestCommunityPictureSquareCopies(t *testing.T) {
	t.Parallel()
	srv := at.Start(t, nil)
	ana := srv.Member("ana")
	c := create(t, ana, "Corrida de rua", "open")
	id := uuid.MustParse(c.ID)
	cleaner := images.New(images.Options{})
	set := &app.SetPicture{Store: pgstore.New(srv.DB), Blobs: srv.Blobs, Images: cleaner, Copies: cleaner, Clock: srv.Clock}
	ctx := context.Background()

	stored := func() string {
		t.Helper()
		var key string
		if err := srv.DB.NewRaw("SELECT avatar_path FROM communities WHERE id = ?", id).Scan(ctx, &key); err != nil {
			t.Fatal(err)
		}
		return key
	}
	exists := func(key string) bool {
		t.Helper()
		_, _, err := srv.Blobs.Open(ctx, key)
		if errors.Is(err, ports.ErrBlobNotFound) {
			return false
		}
		if err != nil {
			t.Fatal(err)
		}
		return true
	}

	if err := set.Handle(ctx, id, demo.CommunityPicture(demo.ThemeRunning, 1)); err != nil {
		t.Fatal(err)
	}
	first := stored()
	if !strings.HasPrefix(first, "communities/"+c.ID+"/avatar-") || !strings.Contains(first, "-sq48_96_144.") {
		t.Fatalf("picture stored at %q", first)
	}
	var got struct {
		AvatarURL      *string `json:"avatar_url"`
		AvatarVariants []struct {
			URL   string `json:"url"`
			Width int    `json:"width"`
		} `json:"avatar_variants"`
	}
	ana.Do(http.MethodGet, "/api/v1/communities/"+c.ID, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.AvatarURL == nil || len(got.AvatarVariants) != 3 || got.AvatarVariants[0].Width != 48 || got.AvatarVariants[2].Width != 144 {
		t.Fatalf("community answer: %+v", got)
	}
	for _, k := range domain.ImageVariantKeys(first) {
		if !exists(k) {
			t.Fatalf("copy %s not stored", k)
		}
	}

	srv.Clock.Advance(time.Millisecond)
	if err := set.Handle(ctx, id, demo.CommunityPicture(demo.ThemeBooks, 2)); err != nil {
		t.Fatal(err)
	}
	second := stored()
	if second == first {
		t.Fatalf("picture not replaced: %q", second)
	}
	for _, k := range append(domain.ImageVariantKeys(first), first) {
		if exists(k) {
			t.Fatalf("%s of the replaced picture still stored", k)
		}
	}

	if err := set.Handle(ctx, uuid.New(), demo.CommunityPicture(demo.ThemeBooks, 3)); !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("picture of no community: %v", err)
	}

	// Deleting the community deletes its picture with the copies, by its job.
	ana.Do(http.MethodDelete, "/api/v1/communities/"+c.ID, nil).Expect(t, http.StatusNoContent)
	deadline := time.Now().Add(20 * time.Second)
	for _, k := range append(domain.ImageVariantKeys(second), second) {
		for exists(k) {
			if time.Now().After(deadline) {
				t.Fatalf("%s still stored after the deletion's job", k)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}
