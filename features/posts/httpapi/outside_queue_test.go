package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"social/adapters/providers/safefetch"
	at "social/tests/testkit/apptest"
)

// A site that never answers holds the link-preview jobs of every post
// linking it, for the whole fetch timeout and again at each retry. Those
// jobs wait in their own queue: the fan-out that puts a new post in the
// followers' 'Seguindo' never waits behind them.
func TestHangingLinkPreviewsDoNotDelayTimelines(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	site := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		select {
		case <-release:
		case <-time.After(20 * time.Second):
		}
	}))
	t.Cleanup(site.Close)
	slowFetches := fx.Decorate(func(*safefetch.Client) *safefetch.Client {
		return safefetch.New(safefetch.Options{AllowedTestAddrs: []string{strings.TrimPrefix(site.URL, "http://")},
			AnyPort: true, Timeout: 20 * time.Second})
	})
	app := at.StartWith(t, nil, slowFetches)
	t.Cleanup(func() { close(release) }) // before the app stops, so its jobs end
	ana, bia := app.Member("ana"), app.Member("bia")
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)

	// More hanging previews than the app has workers of either queue.
	for i := range 12 {
		bia.Do(http.MethodPost, "/api/v1/posts", map[string]string{
			"text_content": "veja " + site.URL + "/p" + string(rune('a'+i))}).Expect(t, http.StatusCreated)
	}
	time.Sleep(500 * time.Millisecond) // the previews are taken and hang
	var post struct {
		ID string `json:"id"`
	}
	bia.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "sem link"}).Expect(t, http.StatusCreated).JSON(t, &post)
	// The fan-out takes milliseconds; the previews hold their workers for
	// 20 seconds. Five seconds tells the two apart on any machine.
	deadline := time.Now().Add(5 * time.Second)
	for {
		body := string(ana.Do(http.MethodGet, "/api/v1/feed?algorithm=following", nil).Expect(t, http.StatusOK).Body)
		if strings.Contains(body, post.ID) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the new post waited behind the hanging link previews: not in the follower's 'Seguindo' after 5 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
