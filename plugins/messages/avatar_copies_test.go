package messages_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

type avatarCopy struct {
	URL   string `json:"url"`
	Width int    `json:"width"`
}

// The inbox and a conversation draw the other member in a small circle:
// the answer lists the picture's square copies so that circle loads one.
func TestPeerAvatarCopies(t *testing.T) {
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	if _, err := app.DB.NewRaw(`UPDATE profiles SET avatar_path = ? WHERE id = ?`,
		"avatars/"+bia.ID+"/avatar-1-sq48_96_144.jpg", bia.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	c := start(t, ana, "bia", http.StatusCreated)
	send(t, ana, c.ID, "Oi, Bia!")
	type peer struct {
		Handle   string       `json:"handle"`
		Avatar   *string      `json:"avatar_url"`
		Variants []avatarCopy `json:"avatar_variants"`
	}
	var list struct {
		Items []struct {
			ID   string `json:"id"`
			Peer peer   `json:"peer"`
		} `json:"items"`
	}
	ana.Do(http.MethodGet, "/api/v1/messages/conversations", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 1 || list.Items[0].Peer.Avatar == nil {
		t.Fatalf("inbox = %+v", list)
	}
	v := list.Items[0].Peer.Variants
	if len(v) != 3 || v[0].Width != 48 || v[2].Width != 144 || !strings.Contains(v[0].URL, "avatar-1-sq48_96_144-w48.webp") {
		t.Fatalf("copies = %+v", v)
	}
	var one struct {
		Peer peer `json:"peer"`
	}
	ana.Do(http.MethodGet, "/api/v1/messages/conversations/"+list.Items[0].ID, nil).Expect(t, http.StatusOK).JSON(t, &one)
	if len(one.Peer.Variants) != 3 {
		t.Fatalf("conversation peer = %+v", one.Peer)
	}
	// Without a picture the list is empty, not null.
	list.Items = nil
	bia.Do(http.MethodGet, "/api/v1/messages/conversations", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 1 || list.Items[0].Peer.Variants == nil || len(list.Items[0].Peer.Variants) != 0 {
		t.Fatalf("peer without a picture = %+v", list)
	}
}
