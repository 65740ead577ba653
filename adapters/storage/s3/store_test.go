package s3_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"social/adapters/storage/s3"
	"social/adapters/storage/storagetest"
	"social/core/ports"
)

const (
	testAccessKey = "AKIATESTSOCIAL"
	testSecretKey = "test-secret-key-of-the-fake-service"
	testBucket    = "social-media"
)

// fakeService is gofakes3 over real HTTP behind a SigV4 check, with the
// test bucket created.
func fakeService(t *testing.T) *httptest.Server {
	t.Helper()
	return storagetest.FakeS3(t, testBucket, func(next http.Handler) http.Handler {
		return sigV4Guard(testAccessKey, testSecretKey, next)
	})
}

func newStore(t *testing.T, endpoint string, opts ...func(*s3.Options)) *s3.Store {
	t.Helper()
	o := s3.Options{
		Endpoint: endpoint, Bucket: testBucket, Region: "us-east-1",
		AccessKey: testAccessKey, SecretKey: testSecretKey, PathStyle: true,
	}
	for _, f := range opts {
		f(&o)
	}
	store, err := s3.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return store
}

func TestContract(t *testing.T) {
	t.Parallel()
	storagetest.Run(t, func(t *testing.T) ports.BlobStore {
		return newStore(t, fakeService(t).URL)
	})
}

func TestCheck(t *testing.T) {
	t.Parallel()
	srv := fakeService(t)
	ctx := context.Background()
	if err := newStore(t, srv.URL).Check(ctx); err != nil {
		t.Fatalf("Check on an existing bucket: %v", err)
	}
	missing := newStore(t, srv.URL, func(o *s3.Options) { o.Bucket = "no-such-bucket" })
	if err := missing.Check(ctx); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("Check on a missing bucket = %v, want 'does not exist'", err)
	}
	wrong := newStore(t, srv.URL, func(o *s3.Options) { o.SecretKey = "not-the-secret" })
	if err := wrong.Check(ctx); err == nil {
		t.Error("Check with a wrong secret succeeded")
	}
}

func TestNewRefusesBadEndpoints(t *testing.T) {
	t.Parallel()
	for _, endpoint := range []string{"ftp://s3.example.com", "s3.example.com", "https://s3.example.com/prefix", "https://"} {
		if _, err := s3.New(s3.Options{Endpoint: endpoint, Bucket: testBucket}); err == nil {
			t.Errorf("New accepted endpoint %q", endpoint)
		}
	}
	if _, err := s3.New(s3.Options{Endpoint: "https://s3.example.com"}); err == nil {
		t.Error("New accepted an empty bucket")
	}
}

func TestSignedURLIsAPresignedGet(t *testing.T) {
	t.Parallel()
	srv := fakeService(t)
	store := newStore(t, srv.URL)
	link, err := store.SignedURL(context.Background(), "avatars/u1/a.jpg", 1500*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link, srv.URL+"/"+testBucket+"/avatars/u1/a.jpg?") {
		t.Errorf("link %q is not path-style on the endpoint", link)
	}
	for _, want := range []string{"X-Amz-Signature=", "X-Amz-Expires=2&", "X-Amz-Credential=" + testAccessKey} {
		if !strings.Contains(link, want) {
			t.Errorf("link %q lacks %q (ttl rounded up to whole seconds)", link, want)
		}
	}
	if _, err := store.SignedURL(context.Background(), "a.jpg", 8*24*time.Hour); err == nil {
		t.Error("SignedURL accepted a ttl over SigV4's 7 days")
	}
}

func TestAnonymousRequestsAreRefused(t *testing.T) {
	t.Parallel()
	srv := fakeService(t)
	store := newStore(t, srv.URL)
	if err := store.Put(context.Background(), "a.png", strings.NewReader("png"), 3, "image/png"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(srv.URL + "/" + testBucket + "/a.png")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("anonymous GET = %d, want 403 (the guard is what stands for a private bucket)", resp.StatusCode)
	}
}

func TestUnknownSizeOverOnePart(t *testing.T) {
	t.Parallel()
	store := newStore(t, fakeService(t).URL)
	data := make([]byte, s3.UnknownSizePart+1000)
	for i := range data {
		data[i] = byte(i * 7)
	}
	ctx := context.Background()
	if err := store.Put(ctx, "videos/big.mp4", iotest.HalfReader(bytes.NewReader(data)), -1, "video/mp4"); err != nil {
		t.Fatal(err)
	}
	r, info, err := store.Open(ctx, "videos/big.mp4")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(got, data) || info.Size != int64(len(data)) {
		t.Fatalf("read back %d bytes (Size %d, err %v), want the %d uploaded in parts", len(got), info.Size, err, len(data))
	}
}
