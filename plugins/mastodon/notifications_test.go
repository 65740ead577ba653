package mastodon_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

type notificationJSON struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	GroupKey string `json:"group_key"`
	Account  struct {
		ID   string `json:"id"`
		Acct string `json:"acct"`
	} `json:"account"`
	Status *struct {
		ID          string  `json:"id"`
		Content     string  `json:"content"`
		InReplyToID *string `json:"in_reply_to_id"`
		Mentions    []struct {
			ID   string `json:"id"`
			Acct string `json:"acct"`
		} `json:"mentions"`
	} `json:"status"`
}

func notificationList(t *testing.T, c *at.Client, path string) ([]notificationJSON, http.Header) {
	t.Helper()
	var out []notificationJSON
	r := c.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK)
	r.JSON(t, &out)
	return out, r.Header
}

func types(list []notificationJSON) string {
	out := make([]string, len(list))
	for i, n := range list {
		out[i] = n.Type + ":" + n.Account.Acct
	}
	return strings.Join(out, ",")
}

// Our notifications as Mastodon's: a follow, a like (favourite), a
// comment (a mention whose status replies to the post) and a mention;
// filtered by type and sender, paged by Link; one read alone; dismissed
// and cleared for good; counted unread. Another member's token sees none
// of them and cannot dismiss them.
func TestNotifications(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana, rui := app.Member("lia"), app.Member("ana"), app.Member("rui")
	post := lia.NewPost(t, "meu post", "public")
	ana.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	rui.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "que legal @ana"}).Expect(t, http.StatusCreated)
	mention := rui.NewPost(t, "oi @lia", "public")

	c := lia.AppClient(t, "read write")
	all, _ := notificationList(t, c, "/api/v1/notifications")
	if types(all) != "mention:rui,mention:rui,favourite:ana,follow:ana" {
		t.Fatalf("notifications: %s", types(all))
	}
	if all[0].Status == nil || all[0].Status.ID != mention || all[3].Status != nil || all[2].Status.ID != post ||
		all[1].Status == nil || all[1].Status.InReplyToID == nil || *all[1].Status.InReplyToID != post ||
		!strings.Contains(all[1].Status.Content, "que legal") || all[0].GroupKey == "" {
		t.Fatalf("statuses: %+v", all)
	}
	// The statuses name whom they mention, as every status does.
	if m := all[0].Status.Mentions; len(m) != 1 || m[0].ID != lia.ID || m[0].Acct != "lia" {
		t.Fatalf("mention's mentions: %+v", m)
	}
	if m := all[1].Status.Mentions; len(m) != 1 || m[0].ID != ana.ID {
		t.Fatalf("comment's mentions: %+v", m)
	}

	if got, _ := notificationList(t, c, "/api/v1/notifications?types[]=favourite&types[]=follow"); types(got) != "favourite:ana,follow:ana" {
		t.Fatalf("types: %s", types(got))
	}
	if got, _ := notificationList(t, c, "/api/v1/notifications?exclude_types[]=mention"); types(got) != "favourite:ana,follow:ana" {
		t.Fatalf("exclude_types: %s", types(got))
	}
	if got, _ := notificationList(t, c, "/api/v1/notifications?account_id="+rui.ID); types(got) != "mention:rui,mention:rui" {
		t.Fatalf("account_id: %s", types(got))
	}
	if got, _ := notificationList(t, c, "/api/v1/notifications?types[]=poll"); len(got) != 0 {
		t.Fatalf("poll: %s", types(got))
	}

	first, h := notificationList(t, c, "/api/v1/notifications?limit=2")
	l := links(t, h)
	second, h2 := notificationList(t, c, l["next"])
	if first[0].ID != all[0].ID || len(second) != 2 || second[0].ID != all[2].ID || second[1].ID != all[3].ID {
		t.Fatalf("pages: %s / %s", types(first), types(second))
	}
	back, _ := notificationList(t, c, links(t, h2)["prev"])
	if len(back) != 2 || back[0].ID != all[0].ID || back[1].ID != all[1].ID {
		t.Fatalf("prev: %s", types(back))
	}
	if got, _ := notificationList(t, c, "/api/v1/notifications?since_id="+all[1].ID); len(got) != 1 || got[0].ID != all[0].ID {
		t.Fatalf("since_id: %s", types(got))
	}

	var one notificationJSON
	c.Do(http.MethodGet, "/api/v1/notifications/"+all[2].ID, nil).Expect(t, http.StatusOK).JSON(t, &one)
	if one.ID != all[2].ID || one.Type != "favourite" {
		t.Fatalf("one: %+v", one)
	}
	var count struct{ Count int }
	c.Do(http.MethodGet, "/api/v1/notifications/unread_count", nil).Expect(t, http.StatusOK).JSON(t, &count)
	if count.Count != 4 {
		t.Fatalf("unread: %+v", count)
	}

	// Rui's token: none of lia's, and no dismissing them.
	ruiApp := rui.AppClient(t, "read write")
	expectError(t, ruiApp.Do(http.MethodGet, "/api/v1/notifications/"+all[2].ID, nil), http.StatusNotFound, "notification_not_found")
	expectError(t, ruiApp.Do(http.MethodPost, "/api/v1/notifications/"+all[2].ID+"/dismiss", nil), http.StatusNotFound, "notification_not_found")
	expectError(t, c.Do(http.MethodGet, "/api/v1/notifications/nope", nil), http.StatusNotFound, "record_not_found")
	expectError(t, lia.AppClient(t, "read").Do(http.MethodPost, "/api/v1/notifications/clear", nil), http.StatusForbidden, "insufficient_scope")

	c.Do(http.MethodPost, "/api/v1/notifications/"+all[2].ID+"/dismiss", nil).Expect(t, http.StatusOK)
	expectError(t, c.Do(http.MethodGet, "/api/v1/notifications/"+all[2].ID, nil), http.StatusNotFound, "notification_not_found")
	// Dismissed on our own list too.
	var own struct{ Items []struct{ ID string } }
	lia.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &own)
	if len(own.Items) != 3 {
		t.Fatalf("own list after dismiss: %+v", own)
	}
	// Blocking rui hides his notifications here as on our list.
	lia.Do(http.MethodPost, "/api/v1/profiles/rui/block", nil).Expect(t, http.StatusOK)
	if got, _ := notificationList(t, c, "/api/v1/notifications"); types(got) != "follow:ana" {
		t.Fatalf("after block: %s", types(got))
	}
	c.Do(http.MethodPost, "/api/v1/notifications/clear", nil).Expect(t, http.StatusOK)
	if got, _ := notificationList(t, c, "/api/v1/notifications"); len(got) != 0 {
		t.Fatalf("after clear: %s", types(got))
	}
}

// A notification about a post that is gone is left out: apps cannot show
// a favourite without its status.
func TestNotificationOfDeletedPost(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	post := lia.NewPost(t, "vai sumir", "public")
	ana.Do(http.MethodPut, "/api/v1/posts/"+post+"/like", nil).Expect(t, http.StatusOK)
	c := lia.AppClient(t, "read:notifications")
	if got, _ := notificationList(t, c, "/api/v1/notifications"); types(got) != "favourite:ana" {
		t.Fatalf("before: %s", types(got))
	}
	lia.Do(http.MethodDelete, "/api/v1/posts/"+post, nil)
	if got, _ := notificationList(t, c, "/api/v1/notifications"); len(got) != 0 {
		t.Fatalf("after delete: %s", types(got))
	}
}

// Markers keep where the member stopped reading, per timeline, with a
// version that counts the saves; form and JSON bodies; each member's own.
func TestMarkers(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	c := lia.AppClient(t, "read write")
	var got map[string]struct {
		LastReadID string `json:"last_read_id"`
		Version    int
	}
	c.Do(http.MethodGet, "/api/v1/markers?timeline[]=home&timeline[]=notifications", nil).Expect(t, http.StatusOK).JSON(t, &got)
	if len(got) != 0 {
		t.Fatalf("none yet: %+v", got)
	}
	at.FormPost(c, "/api/v1/markers", url.Values{"home[last_read_id]": {"0190"}}).Expect(t, http.StatusOK).JSON(t, &got)
	if got["home"].LastReadID != "0190" || got["home"].Version != 1 {
		t.Fatalf("first save: %+v", got)
	}
	c.Do(http.MethodPost, "/api/v1/markers", map[string]any{"home": map[string]string{"last_read_id": "0191"},
		"notifications": map[string]string{"last_read_id": "0200"}}).Expect(t, http.StatusOK)
	c.Do(http.MethodGet, "/api/v1/markers?timeline[]=home&timeline[]=notifications", nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got["home"].LastReadID != "0191" || got["home"].Version != 2 || got["notifications"].Version != 1 {
		t.Fatalf("after: %+v", got)
	}
	var anas map[string]any
	ana.AppClient(t, "read").Do(http.MethodGet, "/api/v1/markers?timeline[]=home", nil).Expect(t, http.StatusOK).JSON(t, &anas)
	if len(anas) != 0 {
		t.Fatalf("ana sees: %+v", anas)
	}

	// The notifications' marker at a notification marks it and the older
	// ones read: the unread count follows.
	rui := app.Member("rui")
	ana.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	rui.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	notes, _ := notificationList(t, c, "/api/v1/notifications")
	var count struct{ Count int }
	c.Do(http.MethodGet, "/api/v1/notifications/unread_count", nil).Expect(t, http.StatusOK).JSON(t, &count)
	if len(notes) != 2 || count.Count != 2 {
		t.Fatalf("before the marker: %s, %d unread", types(notes), count.Count)
	}
	at.FormPost(c, "/api/v1/markers", url.Values{"notifications[last_read_id]": {notes[1].ID}}).Expect(t, http.StatusOK)
	c.Do(http.MethodGet, "/api/v1/notifications/unread_count", nil).Expect(t, http.StatusOK).JSON(t, &count)
	if count.Count != 1 {
		t.Fatalf("after the marker: %d unread", count.Count)
	}
	// Another member's notification as a marker marks nothing of theirs.
	at.FormPost(rui.AppClient(t, "write"), "/api/v1/markers", url.Values{"notifications[last_read_id]": {notes[0].ID}}).Expect(t, http.StatusOK)
	c.Do(http.MethodGet, "/api/v1/notifications/unread_count", nil).Expect(t, http.StatusOK).JSON(t, &count)
	if count.Count != 1 {
		t.Fatalf("after rui's marker: %d unread", count.Count)
	}

	expectError(t, at.FormPost(c, "/api/v1/markers", url.Values{"home[last_read_id]": {strings.Repeat("9", 65)}}),
		http.StatusUnprocessableEntity, "invalid_input")
	expectError(t, at.FormPost(lia.AppClient(t, "read"), "/api/v1/markers", url.Values{"home[last_read_id]": {"1"}}),
		http.StatusForbidden, "insufficient_scope")
}

// The service's notices (here a post the moderators removed) have no
// Mastodon counterpart apps can show: the list, its filters and one read
// alone leave them out, and nothing fails, while the member's own list
// holds them. A page is read without them, so one is never left empty by
// a notice in its place.
func TestServiceNoticesStayOutOfMastodonsList(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	mod := app.Staff("moderadora", "moderator")
	ana.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	post := lia.NewPost(t, "vai sair do ar", "public")
	mod.Do(http.MethodDelete, "/api/v1/admin/posts/"+post, map[string]string{"reason": "Spam"}).Expect(t, http.StatusOK)
	var own struct {
		Items []struct {
			ID   string `json:"id"`
			Type string `json:"type"`
		} `json:"items"`
	}
	lia.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &own)
	if len(own.Items) != 2 || own.Items[0].Type != "system" {
		t.Fatalf("own list: %+v", own.Items)
	}
	c := lia.AppClient(t, "read")
	for _, path := range []string{"/api/v1/notifications", "/api/v1/notifications?exclude_types[]=favourite",
		"/api/v1/notifications?limit=1"} {
		if got, _ := notificationList(t, c, path); types(got) != "follow:ana" {
			t.Errorf("%s: %s", path, types(got))
		}
	}
	c.Do(http.MethodGet, "/api/v1/notifications/"+own.Items[0].ID, nil).Expect(t, http.StatusNotFound)
}
