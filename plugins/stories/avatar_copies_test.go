package stories_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

// The stories row and the viewer draw the author in a small circle: the
// answer lists the picture's square copies so that circle loads one.
func TestAuthorAvatarCopies(t *testing.T) {
	a := at.Start(t, nil)
	bia, ana := a.Member("bia"), a.Member("ana")
	if _, err := a.DB.NewRaw(`UPDATE profiles SET avatar_path = ? WHERE id = ?`,
		"avatars/"+bia.ID+"/avatar-1-sq48_96.jpg", bia.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	follow(t, ana, bia)
	s := post(t, bia, "Bom dia!")
	type profile struct {
		Handle   string `json:"handle"`
		Variants []struct {
			URL   string `json:"url"`
			Width int    `json:"width"`
		} `json:"avatar_variants"`
	}
	var screen struct {
		Items []struct {
			ID     string  `json:"id"`
			Author profile `json:"author"`
		} `json:"items"`
	}
	ana.Do(http.MethodGet, "/api/v1/stories", nil).Expect(t, http.StatusOK).JSON(t, &screen)
	if len(screen.Items) != 1 || screen.Items[0].ID != s.ID {
		t.Fatalf("stories = %+v", screen)
	}
	v := screen.Items[0].Author.Variants
	if len(v) != 2 || v[0].Width != 48 || v[1].Width != 96 || !strings.Contains(v[1].URL, "avatar-1-sq48_96-w96.webp") {
		t.Fatalf("copies = %+v", v)
	}
	// A viewer without a picture: an empty list, not null.
	ana.Do(http.MethodPost, "/api/v1/stories/"+s.ID+"/view", nil).Expect(t, http.StatusOK)
	var viewers struct {
		Items []struct {
			Profile profile `json:"profile"`
		} `json:"items"`
	}
	bia.Do(http.MethodGet, "/api/v1/stories/"+s.ID+"/viewers", nil).Expect(t, http.StatusOK).JSON(t, &viewers)
	if len(viewers.Items) != 1 {
		t.Fatalf("viewers = %+v", viewers)
	}
	for _, it := range viewers.Items {
		if it.Profile.Variants == nil || len(it.Profile.Variants) != 0 {
			t.Fatalf("viewer = %+v", it)
		}
	}
}
