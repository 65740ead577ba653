package blobpolicy_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"social/adapters/storage/blobpolicy"
	"social/adapters/storage/storagetest"
)

func TestCheckKey(t *testing.T) {
	t.Parallel()
	for _, key := range []string{
		"a", "a.jpg", "avatars/0192f1e2-aaaa-7bbb-8ccc-0123456789ab/avatar-1700000000000.jpg",
		"posts/p_1/photo-2.WEBP", "x/y/z/w.mp4", "file.tar.gz", strings.Repeat("a", blobpolicy.MaxKeyLen),
	} {
		if err := blobpolicy.CheckKey(key); err != nil {
			t.Errorf("CheckKey(%q) = %v, want nil", key, err)
		}
	}
	for _, key := range storagetest.BadKeys {
		if err := blobpolicy.CheckKey(key); !errors.Is(err, blobpolicy.ErrInvalidKey) {
			t.Errorf("CheckKey(%q) = %v, want ErrInvalidKey", key, err)
		}
	}
}

func TestExactSize(t *testing.T) {
	t.Parallel()
	data := []byte("0123456789")
	readers := map[string]func() io.Reader{
		"plain":       func() io.Reader { return bytes.NewReader(data) },
		"one byte":    func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
		"data at EOF": func() io.Reader { return iotest.DataErrReader(bytes.NewReader(data)) },
	}
	for name, r := range readers {
		got, err := io.ReadAll(blobpolicy.ExactSize(r(), 10))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s, exact: %q, %v", name, got, err)
		}
		if _, err := io.ReadAll(blobpolicy.ExactSize(r(), 11)); !errors.Is(err, blobpolicy.ErrSizeMismatch) {
			t.Errorf("%s, one missing: %v, want ErrSizeMismatch", name, err)
		}
		if _, err := io.ReadAll(blobpolicy.ExactSize(r(), 9)); !errors.Is(err, blobpolicy.ErrSizeMismatch) {
			t.Errorf("%s, one extra: %v, want ErrSizeMismatch", name, err)
		}
		if got, err := io.ReadAll(blobpolicy.ExactSize(r(), -1)); err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s, unknown size: %q, %v", name, got, err)
		}
	}
	// The excess is reported on the read that completes the declared size,
	// before the consumer can take the stream as complete.
	r := blobpolicy.ExactSize(bytes.NewReader(data), 4)
	buf := make([]byte, 4)
	if n, err := r.Read(buf); n != 4 || !errors.Is(err, blobpolicy.ErrSizeMismatch) {
		t.Errorf("Read = %d, %v; want 4 bytes with ErrSizeMismatch", n, err)
	}
}

func TestContentTypes(t *testing.T) {
	t.Parallel()
	cases := []struct{ key, declared, stored, served, disposition string }{
		{"a/photo.jpg", "image/jpeg", "image/jpeg", "image/jpeg", `inline; filename="photo.jpg"`},
		{"a/photo.JPEG", "", "image/jpeg", "image/jpeg", `inline; filename="photo.JPEG"`},
		{"a/clip.ogv", "", "video/ogg", "video/ogg", `inline; filename="clip.ogv"`},
		// Post videos are stored with the type their bytes show.
		{"posts/u/1-a.mp4", "video/mp4", "video/mp4", "video/mp4", `inline; filename="1-a.mp4"`},
		{"posts/u/1-a.webm", "video/webm", "video/webm", "video/webm", `inline; filename="1-a.webm"`},
		{"posts/u/1-a.ogg", "video/ogg", "video/ogg", "video/ogg", `inline; filename="1-a.ogg"`},
		{"posts/u/1-a.ogg", "", "video/ogg", "video/ogg", `inline; filename="1-a.ogg"`},
		{"a/pic.png", "IMAGE/PNG", "image/png", "image/png", `inline; filename="pic.png"`},
		{"a/page.html", "text/html; charset=utf-8", "text/html; charset=utf-8", blobpolicy.Fallback, `attachment; filename="page.html"`},
		{"a/img.svg", "image/svg+xml", "image/svg+xml", blobpolicy.Fallback, `attachment; filename="img.svg"`},
		{"a/x.gif", "", blobpolicy.Fallback, blobpolicy.Fallback, `attachment; filename="x.gif"`},
		{"a/x.png", "not a type", "image/png", "image/png", `inline; filename="x.png"`},
	}
	for _, c := range cases {
		stored := blobpolicy.ContentType(c.key, c.declared)
		if stored != c.stored {
			t.Errorf("ContentType(%q, %q) = %q, want %q", c.key, c.declared, stored, c.stored)
		}
		served := blobpolicy.ServedType(stored)
		if served != c.served {
			t.Errorf("ServedType(%q) = %q, want %q", stored, served, c.served)
		}
		if d := blobpolicy.ContentDisposition(c.key, served); d != c.disposition {
			t.Errorf("ContentDisposition(%q, %q) = %q, want %q", c.key, served, d, c.disposition)
		}
	}
	if d := blobpolicy.ContentDisposition(`a/"evil".jpg`, "image/jpeg"); d != `inline; filename="file"` {
		t.Errorf("a key with quotes named %q", d)
	}
}
