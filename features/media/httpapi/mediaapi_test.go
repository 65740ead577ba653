package httpapi_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"social/tests/testkit"
	"social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type linksAnswer struct {
	Results []struct {
		URL   string `json:"url"`
		Error string `json:"error"`
	} `json:"results"`
}

func TestBatchMediaLinks(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ctx := context.Background()
	key := "avatars/0193b1f6-0000-7000-8000-000000000001/avatar-1.png"
	if err := app.Blobs.Put(ctx, key, strings.NewReader("png bytes"), 9, "image/png"); err != nil {
		t.Fatal(err)
	}
	body := map[string]any{"requests": []map[string]string{
		{"path": key},
		{"path": "../../etc/passwd"},
		{"path": "posts/someone/private.jpg", "post_id": "x"},
		{"path": "banners/0193b1f6-0000-7000-8000-000000000001/banner-2.jpg"},
	}}

	t.Run("needs a session", func(t *testing.T) {
		p := app.Client().Do(http.MethodPost, "/api/v1/media/links", body).Expect(t, http.StatusUnauthorized).Problem(t)
		if p.Detail != "User not authenticated" || p.Code != "unauthenticated" {
			t.Fatalf("problem = %+v", p)
		}
	})

	t.Run("results in request order, each a link or an error", func(t *testing.T) {
		member := app.Member("leitora")
		var ans linksAnswer
		member.Client.Do(http.MethodPost, "/api/v1/media/links", body).Expect(t, http.StatusOK).JSON(t, &ans)
		if len(ans.Results) != 4 {
			t.Fatalf("results = %+v", ans.Results)
		}
		if ans.Results[0].URL == "" || ans.Results[0].Error != "" {
			t.Fatalf("first result = %+v", ans.Results[0])
		}
		for _, i := range []int{1, 2} {
			if ans.Results[i].URL != "" || ans.Results[i].Error != "Failed to load media" {
				t.Errorf("result %d = %+v, want the per-item error 'Failed to load media'", i, ans.Results[i])
			}
		}
		if ans.Results[3].URL == "" {
			t.Errorf("a banner path gets a link even before it loads: %+v", ans.Results[3])
		}
		// The link really serves the stored bytes.
		resp, err := http.Get(app.URL + ans.Results[0].URL)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(got) != "png bytes" {
			t.Fatalf("GET link = %d %q", resp.StatusCode, got)
		}
	})

	t.Run("a batch is bounded", func(t *testing.T) {
		member := app.Member("curiosa")
		many := make([]map[string]string, 101)
		for i := range many {
			many[i] = map[string]string{"path": key}
		}
		member.Client.Do(http.MethodPost, "/api/v1/media/links", map[string]any{"requests": many}).Expect(t, http.StatusUnprocessableEntity)
	})
}
