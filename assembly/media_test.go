package assembly_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"social/core/ports"
	"social/tests/testkit"
)

// The served app carries a blob store and an image cleaner, and serves the
// disk store's signed links at /media/ through the whole middleware stack,
// with the media headers winning over the site's defaults.
func TestServedAppServesSignedMedia(t *testing.T) {
	t.Parallel()
	cfg := testkit.Config(testkit.NewDatabase(t))
	cfg.Storage.Disk.Dir = t.TempDir()
	var (
		store   ports.BlobStore
		cleaner ports.ImageCleaner
	)
	app := testkit.StartApp(t, cfg, nil, &store, &cleaner)
	if cleaner == nil {
		t.Fatal("no ports.ImageCleaner in the app")
	}

	ctx := context.Background()
	if err := store.Put(ctx, "avatars/u1/avatar-1.png", strings.NewReader("not really a png"), 16, "image/png"); err != nil {
		t.Fatal(err)
	}
	link, err := store.SignedURL(ctx, "avatars/u1/avatar-1.png", cfg.Storage.URLTTL)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(app.URL + link)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != "not really a png" {
		t.Fatalf("GET %s = %d %q", link, resp.StatusCode, body)
	}
	for k, v := range map[string]string{
		"Content-Type":            "image/png",
		"Content-Security-Policy": "default-src 'none'; sandbox",
		"X-Content-Type-Options":  "nosniff",
		"Content-Disposition":     `inline; filename="avatar-1.png"`,
	} {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if cc := resp.Header.Get("Cache-Control"); !strings.HasPrefix(cc, "private, max-age=") {
		t.Errorf("Cache-Control = %q", cc)
	}

	resp, err = http.Get(app.URL + strings.Replace(link, "sig=", "sig=00", 1))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&raw)
	if resp.StatusCode != http.StatusForbidden || raw["code"] != "media_link_invalid" || raw["request_id"] == nil {
		t.Fatalf("tampered link = %d %v, want 403 media_link_invalid with a request_id", resp.StatusCode, raw)
	}
}
