package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

// notice is one of the service's notices as the member's list shows it.
type notice struct {
	Type    string  `json:"type"`
	Notice  *string `json:"notice"`
	Title   string  `json:"title"`
	Body    *string `json:"body"`
	Message *string `json:"message"`
	PostID  *string `json:"post_id"`
	Sender  *struct {
		ID string `json:"id"`
	} `json:"sender"`
}

// noticesOf are the service's notices in m's list, newest first.
func noticesOf(t *testing.T, m *at.Member) []notice {
	t.Helper()
	var list struct {
		Items []notice `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &list)
	var out []notice
	for _, n := range list.Items {
		if n.Type == "system" {
			out = append(out, n)
		}
	}
	return out
}

func kinds(ns []notice) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = *n.Notice
	}
	return strings.Join(out, ",")
}

// A report acted on tells every member who reported the post, once and
// without naming the act, the author or the text; the author is told that
// the post was removed, with its excerpt since the post is gone. A
// dismissal tells nobody; a suspension tells the reporters.
func TestModerationActsSendNotices(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	mod := app.Staff("moderadora", domain.RoleModerator)
	ana, bia, caio := app.Member("ana_notices"), app.Member("bia_notices"), app.Member("caio_notices")
	text := "Texto ofensivo " + strings.Repeat("a", 120)
	post := ana.NewPost(t, text, "")
	first := fileReport(t, bia, post)
	fileReport(t, caio, post)
	mod.Do(http.MethodPost, "/api/v1/admin/reports/"+first+"/resolve", map[string]string{"action": "remove_post"}).
		Expect(t, http.StatusOK)

	got := noticesOf(t, ana)
	if kinds(got) != "post_removed" || got[0].Sender != nil || got[0].PostID != nil ||
		got[0].Title != "A moderação removeu um post seu" || got[0].Message == nil ||
		*got[0].Message != text[:100]+"..." || *got[0].Body != *got[0].Message {
		t.Fatalf("author's notices: %+v", got)
	}
	for _, m := range []*at.Member{bia, caio} {
		got := noticesOf(t, m)
		if kinds(got) != "report_resolved" || got[0].Title != "Sua denúncia foi analisada" || got[0].Message != nil ||
			strings.Contains(*got[0].Body, "ana_notices") || strings.Contains(*got[0].Body, "ofensivo") {
			t.Fatalf("%s's notices: %+v", m.Handle, got)
		}
	}

	// A dismissal tells nobody.
	dismissed := ana.NewPost(t, "Post normal", "")
	rep := fileReport(t, bia, dismissed)
	mod.Do(http.MethodPost, "/api/v1/admin/reports/"+rep+"/resolve", map[string]string{"action": "dismiss"}).Expect(t, http.StatusOK)
	if k := kinds(noticesOf(t, bia)); k != "report_resolved" {
		t.Fatalf("after a dismissal: %s", k)
	}
	if k := kinds(noticesOf(t, ana)); k != "post_removed" {
		t.Fatalf("author after a dismissal: %s", k)
	}

	// A suspension of the author tells the reporter; the post stays.
	rui := app.Member("rui_notices")
	spam := rui.NewPost(t, "Spam spam", "")
	rep = fileReport(t, caio, spam)
	mod.Do(http.MethodPost, "/api/v1/admin/reports/"+rep+"/resolve", map[string]string{"action": "suspend_author"}).
		Expect(t, http.StatusOK)
	if k := kinds(noticesOf(t, caio)); k != "report_resolved,report_resolved" {
		t.Fatalf("reporter after a suspension: %s", k)
	}

	// The console's removal without a report tells the author alone.
	other := bia.NewPost(t, "Outro post de bia", "")
	mod.Do(http.MethodDelete, "/api/v1/admin/posts/"+other, map[string]string{"reason": "Fora das regras"}).Expect(t, http.StatusOK)
	if got := noticesOf(t, bia); kinds(got) != "post_removed,report_resolved" || *got[0].Message != "Outro post de bia" {
		t.Fatalf("author of a removed post: %+v", got)
	}
}
