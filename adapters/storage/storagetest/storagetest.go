// Package storagetest is the contract every ports.BlobStore adapter passes:
// one suite, run by each adapter's tests against the real adapter.
package storagetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"social/adapters/storage/blobpolicy"
	"social/core/ports"
)

// Run checks newStore's stores against the BlobStore contract. Each subtest
// gets its own empty store from newStore. SignedURL must give absolute
// links the test can fetch (a disk store is built with the address of a
// test server that serves its handler).
func Run(t *testing.T, newStore func(t *testing.T) ports.BlobStore) {
	tests := []struct {
		name string
		run  func(t *testing.T, s ports.BlobStore)
	}{
		{"PutThenOpen", testPutThenOpen},
		{"ContentTypeKept", testContentTypeKept},
		{"Overwrite", testOverwrite},
		{"ConcurrentOverwritesNeverMix", testConcurrentOverwrites},
		{"Delete", testDelete},
		{"OpenMissing", testOpenMissing},
		{"Seek", testSeek},
		{"EmptyAndUnknownSize", testEmptyAndUnknownSize},
		{"SizeMismatchStoresNothing", testSizeMismatch},
		{"FailedPutKeepsOldBlob", testFailedPutKeepsOld},
		{"InvalidKeysRefused", testInvalidKeys},
		{"SignedURLFetchable", testSignedURLFetchable},
		{"SignedURLMissingBlob", testSignedURLMissing},
		{"SignedURLTampered", testSignedURLTampered},
		{"SignedURLExpires", testSignedURLExpires},
		{"SignedURLStaysTheSame", testSignedURLStaysTheSame},
		{"SignedURLNeedsPositiveTTL", testSignedURLTTL},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t, newStore(t))
		})
	}
}

func randomBytes(t *testing.T, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

func put(t *testing.T, s ports.BlobStore, key string, data []byte, contentType string) {
	t.Helper()
	if err := s.Put(context.Background(), key, bytes.NewReader(data), int64(len(data)), contentType); err != nil {
		t.Fatalf("Put(%q): %v", key, err)
	}
}

func read(t *testing.T, s ports.BlobStore, key string) ([]byte, ports.BlobInfo) {
	t.Helper()
	r, info, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("Open(%q): %v", key, err)
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("read %q: %v", key, err)
	}
	return data, info
}

func wantMissing(t *testing.T, s ports.BlobStore, key string) {
	t.Helper()
	r, _, err := s.Open(context.Background(), key)
	if err == nil {
		r.Close()
		t.Fatalf("Open(%q) found a blob, want ports.ErrBlobNotFound", key)
	}
	if !errors.Is(err, ports.ErrBlobNotFound) {
		t.Fatalf("Open(%q) = %v, want ports.ErrBlobNotFound", key, err)
	}
}

func testPutThenOpen(t *testing.T, s ports.BlobStore) {
	data := randomBytes(t, 3000)
	before := time.Now()
	put(t, s, "avatars/u1/avatar-1.png", data, "image/png")
	got, info := read(t, s, "avatars/u1/avatar-1.png")
	if !bytes.Equal(got, data) {
		t.Fatalf("read %d bytes, want the %d stored", len(got), len(data))
	}
	if info.Size != int64(len(data)) {
		t.Errorf("Size = %d, want %d", info.Size, len(data))
	}
	if info.ContentType != "image/png" {
		t.Errorf("ContentType = %q, want image/png", info.ContentType)
	}
	// Services keep whole seconds.
	if info.ModTime.Before(before.Add(-2*time.Second)) || info.ModTime.After(time.Now().Add(2*time.Second)) {
		t.Errorf("ModTime = %v, want about %v", info.ModTime, before)
	}
}

func testContentTypeKept(t *testing.T, s ports.BlobStore) {
	cases := []struct{ key, declared, want string }{
		{"media/a.jpg", "image/jpeg", "image/jpeg"},
		{"media/b.jpg", "image/png", "image/png"}, // the declared type wins over the extension
		{"media/c.bin", "video/mp4", "video/mp4"},
		{"media/d.pdf", "application/pdf", "application/pdf"},
		{"media/e.webp", "", "image/webp"}, // none declared: from the extension
		{"media/f", "", blobpolicy.Fallback},
	}
	for _, c := range cases {
		put(t, s, c.key, []byte("x"), c.declared)
		if _, info := read(t, s, c.key); info.ContentType != c.want {
			t.Errorf("%s stored as %q: ContentType = %q, want %q", c.key, c.declared, info.ContentType, c.want)
		}
	}
}

func testOverwrite(t *testing.T, s ports.BlobStore) {
	put(t, s, "banners/u1/banner.jpg", randomBytes(t, 5000), "image/png")
	second := randomBytes(t, 1200)
	put(t, s, "banners/u1/banner.jpg", second, "image/jpeg")
	got, info := read(t, s, "banners/u1/banner.jpg")
	if !bytes.Equal(got, second) || info.Size != int64(len(second)) {
		t.Fatalf("after overwrite read %d bytes (Size %d), want the %d of the second Put", len(got), info.Size, len(second))
	}
	if info.ContentType != "image/jpeg" {
		t.Errorf("ContentType = %q after overwrite, want image/jpeg", info.ContentType)
	}
}

func testConcurrentOverwrites(t *testing.T, s ports.BlobStore) {
	versions := make([][]byte, 6)
	for i := range versions {
		versions[i] = bytes.Repeat([]byte{byte('a' + i)}, 64*1024+i)
	}
	var wg sync.WaitGroup
	for _, v := range versions {
		wg.Go(func() { put(t, s, "race/blob.jpg", v, "image/jpeg") })
	}
	wg.Wait()
	got, _ := read(t, s, "race/blob.jpg")
	for _, v := range versions {
		if bytes.Equal(got, v) {
			return
		}
	}
	t.Fatalf("after concurrent Puts the blob (%d bytes) is none of the versions written", len(got))
}

func testDelete(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	put(t, s, "posts/p1/photo.jpg", []byte("photo"), "image/jpeg")
	put(t, s, "posts/p1/other.bin", []byte("other"), "application/pdf")
	if err := s.Delete(ctx, "posts/p1/photo.jpg"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wantMissing(t, s, "posts/p1/photo.jpg")
	if err := s.Delete(ctx, "posts/p1/photo.jpg"); err != nil {
		t.Fatalf("Delete of a missing key = %v, want nil", err)
	}
	if err := s.Delete(ctx, "posts/p1/other.bin"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wantMissing(t, s, "posts/p1/other.bin")
	// A new blob under a deleted key starts afresh, type included.
	put(t, s, "posts/p1/other.bin", []byte("again"), "")
	if _, info := read(t, s, "posts/p1/other.bin"); info.ContentType != blobpolicy.Fallback {
		t.Errorf("ContentType = %q after delete and Put without type, want %q", info.ContentType, blobpolicy.Fallback)
	}
}

func testOpenMissing(t *testing.T, s ports.BlobStore) {
	wantMissing(t, s, "nothing/here.jpg")
	put(t, s, "some/file.jpg", []byte("x"), "image/jpeg")
	wantMissing(t, s, "some/file.jpg/below.jpg")
	wantMissing(t, s, "some")
}

func testSeek(t *testing.T, s ports.BlobStore) {
	data := randomBytes(t, 10_000)
	put(t, s, "videos/v.mp4", data, "video/mp4")
	r, _, err := s.Open(context.Background(), "videos/v.mp4")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	chunk := make([]byte, 10)
	if _, err := io.ReadFull(r, chunk); err != nil || !bytes.Equal(chunk, data[:10]) {
		t.Fatalf("first read: %v", err)
	}
	if pos, err := r.Seek(4000, io.SeekStart); err != nil || pos != 4000 {
		t.Fatalf("Seek(4000, start) = %d, %v", pos, err)
	}
	if _, err := io.ReadFull(r, chunk); err != nil || !bytes.Equal(chunk, data[4000:4010]) {
		t.Fatalf("read after seek: %v", err)
	}
	if pos, err := r.Seek(-5, io.SeekEnd); err != nil || pos != int64(len(data)-5) {
		t.Fatalf("Seek(-5, end) = %d, %v", pos, err)
	}
	rest, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(rest, data[len(data)-5:]) {
		t.Fatalf("read at end = %d bytes, %v", len(rest), err)
	}
	if pos, err := r.Seek(0, io.SeekStart); err != nil || pos != 0 {
		t.Fatalf("Seek(0, start) = %d, %v", pos, err)
	}
	all, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(all, data) {
		t.Fatalf("read after rewind = %d bytes, %v", len(all), err)
	}
}

func testEmptyAndUnknownSize(t *testing.T, s ports.BlobStore) {
	put(t, s, "empty.bin", nil, "")
	if got, info := read(t, s, "empty.bin"); len(got) != 0 || info.Size != 0 {
		t.Fatalf("empty blob read %d bytes, Size %d", len(got), info.Size)
	}
	data := randomBytes(t, 70_000)
	if err := s.Put(context.Background(), "unknown/size.webp", iotest.HalfReader(bytes.NewReader(data)), -1, "image/webp"); err != nil {
		t.Fatalf("Put with size -1: %v", err)
	}
	if got, info := read(t, s, "unknown/size.webp"); !bytes.Equal(got, data) || info.Size != int64(len(data)) {
		t.Fatalf("blob of unknown size read back %d bytes, Size %d, want %d", len(got), info.Size, len(data))
	}
}

func testSizeMismatch(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	if err := s.Put(ctx, "short.jpg", bytes.NewReader([]byte("12345")), 10, "image/jpeg"); err == nil {
		t.Error("Put of 5 bytes declared as 10 succeeded")
	}
	wantMissing(t, s, "short.jpg")
	if err := s.Put(ctx, "long.jpg", bytes.NewReader([]byte("1234567890")), 5, "image/jpeg"); err == nil {
		t.Error("Put of 10 bytes declared as 5 succeeded")
	}
	wantMissing(t, s, "long.jpg")
}

func testFailedPutKeepsOld(t *testing.T, s ports.BlobStore) {
	old := randomBytes(t, 2000)
	put(t, s, "avatars/u2/a.jpg", old, "image/jpeg")
	broken := io.MultiReader(bytes.NewReader(randomBytes(t, 1000)), iotest.ErrReader(errors.New("connection reset")))
	if err := s.Put(context.Background(), "avatars/u2/a.jpg", broken, 3000, "image/png"); err == nil {
		t.Fatal("Put from a failing reader succeeded")
	}
	got, info := read(t, s, "avatars/u2/a.jpg")
	if !bytes.Equal(got, old) || info.ContentType != "image/jpeg" {
		t.Fatalf("after a failed Put read %d bytes of %q, want the old %d bytes of image/jpeg", len(got), info.ContentType, len(old))
	}
}

// BadKeys are keys every store refuses.
var BadKeys = []string{
	"", "..", "../etc/passwd", "a/../../b", "a/..", "a..b.jpg",
	"/etc/passwd", "/abs.jpg", `a\b.jpg`, `..\..\windows`, "a//b.jpg", "a/", "./a.jpg", "a/./b.jpg",
	".hidden", "a/.b.jpg", "sp ace.jpg", "new\nline.jpg", "nul\x00.jpg", "pct%2e%2e.jpg", "é.jpg",
	"q?x=1.jpg", "h#frag.jpg", strings.Repeat("a", blobpolicy.MaxKeyLen+1),
}

func testInvalidKeys(t *testing.T, s ports.BlobStore) {
	ctx := context.Background()
	for _, key := range BadKeys {
		check := func(op string, err error) {
			if !errors.Is(err, blobpolicy.ErrInvalidKey) {
				t.Errorf("%s(%q) = %v, want blobpolicy.ErrInvalidKey", op, key, err)
			}
		}
		check("Put", s.Put(ctx, key, strings.NewReader("x"), 1, "image/jpeg"))
		r, _, err := s.Open(ctx, key)
		if r != nil {
			r.Close()
		}
		check("Open", err)
		check("Delete", s.Delete(ctx, key))
		_, err = s.SignedURL(ctx, key, time.Minute)
		check("SignedURL", err)
	}
}

var client = &http.Client{Timeout: 10 * time.Second}

func signedURL(t *testing.T, s ports.BlobStore, key string, ttl time.Duration) string {
	t.Helper()
	link, err := s.SignedURL(context.Background(), key, ttl)
	if err != nil {
		t.Fatalf("SignedURL(%q): %v", key, err)
	}
	if u, err := url.Parse(link); err != nil || !u.IsAbs() {
		t.Fatalf("SignedURL(%q) = %q: the suite needs absolute links (give the store a base URL)", key, link)
	}
	return link
}

func get(t *testing.T, link string, header http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, link, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", link, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: read body: %v", link, err)
	}
	return resp, body
}

func testSignedURLFetchable(t *testing.T, s ports.BlobStore) {
	data := randomBytes(t, 4096)
	put(t, s, "avatars/u3/avatar-17.png", data, "image/png")
	link := signedURL(t, s, "avatars/u3/avatar-17.png", time.Minute)
	resp, body := get(t, link, nil)
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, data) {
		t.Fatalf("GET signed link = %d with %d bytes, want 200 with the %d stored", resp.StatusCode, len(body), len(data))
	}
	if ct := resp.Header.Get("Content-Type"); ct != "image/png" {
		t.Errorf("Content-Type = %q, want image/png", ct)
	}
	if cd := resp.Header.Get("Content-Disposition"); cd != `inline; filename="avatar-17.png"` {
		t.Errorf("Content-Disposition = %q, want inline with the file name", cd)
	}
	resp, body = get(t, link, http.Header{"Range": {"bytes=100-199"}})
	if resp.StatusCode != http.StatusPartialContent || !bytes.Equal(body, data[100:200]) {
		t.Fatalf("ranged GET = %d with %d bytes, want 206 with bytes 100-199", resp.StatusCode, len(body))
	}
}

func testSignedURLMissing(t *testing.T, s ports.BlobStore) {
	link := signedURL(t, s, "gone/never.jpg", time.Minute)
	if resp, _ := get(t, link, nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("GET signed link of a missing blob = %d, want 404", resp.StatusCode)
	}
}

// tamper changes one part of a signed link: the signature, the expiry or
// the key. The parameter names differ per adapter ("sig", "X-Amz-Signature"),
// so they are found by what they contain.
func tamper(t *testing.T, link, what string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	changed := false
	for name, values := range q {
		lower := strings.ToLower(name)
		switch {
		case what == "signature" && strings.Contains(lower, "sig"):
			v := []byte(values[0])
			v[len(v)-1] = "01"[boolInt(v[len(v)-1] == '0')]
			q.Set(name, string(v))
			changed = true
		case what == "expiry" && strings.Contains(lower, "exp"):
			n, err := strconv.ParseInt(values[0], 10, 64)
			if err != nil {
				t.Fatalf("expiry parameter %s=%q is not a number", name, values[0])
			}
			q.Set(name, strconv.FormatInt(n+3600, 10))
			changed = true
		}
	}
	if what == "key" {
		u.Path = strings.Replace(u.Path, "secret-1.png", "secret-2.png", 1)
		changed = true
	}
	if !changed {
		t.Fatalf("found no %s to tamper with in %s", what, link)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func testSignedURLTampered(t *testing.T, s ports.BlobStore) {
	put(t, s, "private/secret-1.png", []byte("one"), "image/png")
	put(t, s, "private/secret-2.png", []byte("two"), "image/png")
	link := signedURL(t, s, "private/secret-1.png", time.Hour)
	if resp, _ := get(t, link, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("untouched link = %d, want 200", resp.StatusCode)
	}
	for _, what := range []string{"signature", "expiry", "key"} {
		bad := tamper(t, link, what)
		resp, body := get(t, bad, nil)
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("link with another %s = %d (%q), want 403", what, resp.StatusCode, body)
		}
		if bytes.Equal(body, []byte("one")) || bytes.Equal(body, []byte("two")) {
			t.Errorf("link with another %s leaked the blob", what)
		}
	}
}

// A file is linked alike by answers moments apart, so a browser draws it
// from its cache when a page is read again. A window may end between two
// signatures, so of three in a row, two that follow each other must match.
func testSignedURLStaysTheSame(t *testing.T, s ports.BlobStore) {
	put(t, s, "posts/p1/photo.png", []byte("photo"), "image/png")
	var links [3]string
	for i := range links {
		links[i] = signedURL(t, s, "posts/p1/photo.png", time.Hour)
		time.Sleep(1100 * time.Millisecond) // past a second, which a link counts in
	}
	if links[0] != links[1] && links[1] != links[2] {
		t.Fatalf("three links a second apart all differ:\n%s\n%s\n%s", links[0], links[1], links[2])
	}
	if resp, _ := get(t, links[2], nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("reused link = %d, want 200", resp.StatusCode)
	}
	if other := signedURL(t, s, "posts/p1/photo.png", 2*time.Hour); other == links[2] {
		t.Fatalf("a link for another life is the same link: %s", other)
	}
}

func testSignedURLExpires(t *testing.T, s ports.BlobStore) {
	put(t, s, "stories/s1/clip.webm", []byte("clip"), "video/webm")
	link := signedURL(t, s, "stories/s1/clip.webm", time.Second)
	if resp, _ := get(t, link, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("fresh link = %d, want 200", resp.StatusCode)
	}
	// Links count in whole seconds: one with a 1 s life dies within ~2 s.
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, body := get(t, link, nil)
		if resp.StatusCode == http.StatusForbidden {
			return
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("link while expiring = %d (%q), want 200 then 403", resp.StatusCode, body)
		}
		if time.Now().After(deadline) {
			t.Fatal("link of 1 s still served after 5 s")
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func testSignedURLTTL(t *testing.T, s ports.BlobStore) {
	for _, ttl := range []time.Duration{0, -time.Second} {
		if link, err := s.SignedURL(context.Background(), "a.jpg", ttl); err == nil {
			t.Errorf("SignedURL with ttl %v = %q, want an error", ttl, link)
		}
	}
}
