package rooms_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// A room's host, its participants and its chat draw members in small
// circles: each profile lists the picture's square copies, so a circle
// loads one of them rather than the original.
func TestProfilesListAvatarCopies(t *testing.T) {
	app := start(t)
	ana, bia := app.Member("ana"), app.Member("bia")
	if _, err := app.DB.NewRaw(`UPDATE profiles SET avatar_path = ? WHERE id = ?`,
		"avatars/"+ana.ID+"/avatar-1-sq48_96.jpg", ana.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	type profile struct {
		Handle   string `json:"handle"`
		Variants []struct {
			URL   string `json:"url"`
			Width int    `json:"width"`
		} `json:"avatar_variants"`
	}
	// A station is offered once the directory was asked for its genre.
	ana.Do(http.MethodGet, "/api/v1/rooms/stations?genre=jazz", nil).Expect(t, http.StatusOK)
	var r struct {
		ID   string  `json:"id"`
		Host profile `json:"host"`
	}
	ana.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Jazz", "station_id": "96202f73-0601-11e8-ae97-52543be04c81"}).
		Expect(t, http.StatusCreated).JSON(t, &r)
	if v := r.Host.Variants; len(v) != 2 || v[0].Width != 48 || !strings.Contains(v[0].URL, "avatar-1-sq48_96-w48.webp") {
		t.Fatalf("host copies = %+v", r.Host)
	}
	ana.Do(http.MethodPost, "/api/v1/rooms/"+r.ID+"/join", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodPost, "/api/v1/rooms/"+r.ID+"/join", nil).Expect(t, http.StatusOK)
	var people struct {
		Items []struct {
			Profile profile `json:"profile"`
		} `json:"items"`
	}
	ana.Do(http.MethodGet, "/api/v1/rooms/"+r.ID+"/participants", nil).Expect(t, http.StatusOK).JSON(t, &people)
	copies := map[string]int{}
	for _, it := range people.Items {
		if it.Profile.Variants == nil {
			t.Fatalf("null copies: %+v", it)
		}
		copies[it.Profile.Handle] = len(it.Profile.Variants)
	}
	if len(copies) != 2 || copies["ana"] != 2 || copies["bia"] != 0 {
		t.Fatalf("participants' copies = %v", copies)
	}
	var msg struct {
		Author profile `json:"author"`
	}
	ana.Do(http.MethodPost, "/api/v1/rooms/"+r.ID+"/messages", map[string]string{"text": "Boa noite!"}).
		Expect(t, http.StatusCreated).JSON(t, &msg)
	if len(msg.Author.Variants) != 2 {
		t.Fatalf("message author = %+v", msg.Author)
	}
}
