package disk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
	"syscall"
	"time"

	"social/adapters/storage/blobpolicy"
	"social/core/ports"
)

// Options configures a Store.
type Options struct {
	// Dir is the media folder; it is created (0755) when missing.
	Dir string
	// Secret signs links; at least 32 bytes.
	Secret []byte
	// BaseURL prefixes signed links (e.g. "http://127.0.0.1:41234"); empty
	// gives relative links "/media/<key>?...", fit for the site's own pages.
	BaseURL string
	// Clock tells the time links expire against; nil is the system clock.
	Clock ports.Clock
}

// Store is a ports.BlobStore on a folder. Every file operation goes through
// an os.Root, so no key and no symbolic link can reach outside the folder.
//
// The content type is stored beside the file only when it differs from the
// type the key's extension implies, as a hidden sidecar ".<name>.type"
// (keys cannot start a segment with a dot, so sidecars never collide with
// blobs). The usual "avatar-<ms>.jpg" stored as image/jpeg has no sidecar,
// and the folder stays a plain tree of media files an operator can copy.
type Store struct {
	dir     string
	once    sync.Once
	root    *os.Root
	rootErr error
	secret  []byte
	baseURL string
	clock   ports.Clock
}

var _ ports.BlobStore = (*Store)(nil)

// MinSecretLen is the shortest signing secret accepted.
const MinSecretLen = 32

// New checks the options; the folder is created and opened by Prepare or
// the first operation, so assembling the app (`social openapi`) leaves no
// folder behind.
func New(opts Options) (*Store, error) {
	if opts.Dir == "" {
		return nil, errors.New("disk storage: no folder given")
	}
	if len(opts.Secret) < MinSecretLen {
		return nil, fmt.Errorf("disk storage: signing secret shorter than %d bytes", MinSecretLen)
	}
	clock := opts.Clock
	if clock == nil {
		clock = ports.SystemClock{}
	}
	return &Store{
		dir:     opts.Dir,
		secret:  append([]byte(nil), opts.Secret...),
		baseURL: strings.TrimRight(opts.BaseURL, "/"),
		clock:   clock,
	}, nil
}

// Prepare creates (0755) and opens the media folder; the app calls it at
// start so that a folder it cannot write stops it there.
func (s *Store) Prepare() error {
	s.once.Do(func() {
		if err := os.MkdirAll(s.dir, 0o755); err != nil {
			s.rootErr = fmt.Errorf("disk storage: create %s: %w", s.dir, err)
			return
		}
		s.root, s.rootErr = os.OpenRoot(s.dir)
		if s.rootErr != nil {
			s.rootErr = fmt.Errorf("disk storage: open %s: %w", s.dir, s.rootErr)
		}
	})
	return s.rootErr
}

// folder opens the media folder once; the methods that touch files call it
// first, and their helpers then use s.root.
func (s *Store) folder() (*os.Root, error) {
	if err := s.Prepare(); err != nil {
		return nil, err
	}
	return s.root, nil
}

// Close releases the folder.
func (s *Store) Close() error {
	if s.Prepare() != nil {
		return nil
	}
	return s.root.Close()
}

// Dir is the media folder.
func (s *Store) Dir() string { return s.dir }

func sidecarName(key string) string {
	dir, name := path.Split(key)
	return dir + "." + name + ".type"
}

// Put writes to a temporary file in the key's folder, syncs it and renames
// it over the key: readers see the old blob or the new one, never half of
// one. The temporary file is removed on any error.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := blobpolicy.CheckKey(key); err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	if _, err := s.folder(); err != nil {
		return err
	}
	contentType = blobpolicy.ContentType(key, contentType)
	if dir := path.Dir(key); dir != "." {
		if err := s.root.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("put blob %s: %w", key, err)
		}
	}
	tmp, err := s.writeTemp(ctx, key, blobpolicy.ExactSize(r, size))
	if err != nil {
		return fmt.Errorf("put blob %s: %w", key, err)
	}
	// The sidecar goes first: a crash between the two renames leaves the
	// new type with the old bytes for one key, which serving tolerates (the
	// type is checked against the allowlist and sniffing is off).
	if contentType != blobpolicy.TypeFromKey(key) {
		side, err := s.writeTemp(ctx, key, strings.NewReader(contentType))
		if err == nil {
			err = s.root.Rename(side, sidecarName(key))
			if err != nil {
				_ = s.root.Remove(side)
			}
		}
		if err != nil {
			_ = s.root.Remove(tmp)
			return fmt.Errorf("put blob %s: content type: %w", key, err)
		}
	} else if err := s.root.Remove(sidecarName(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		_ = s.root.Remove(tmp)
		return fmt.Errorf("put blob %s: content type: %w", key, err)
	}
	if err := s.root.Rename(tmp, key); err != nil {
		_ = s.root.Remove(tmp)
		return fmt.Errorf("put blob %s: %w", key, err)
	}
	s.syncDir(path.Dir(key))
	return nil
}

// writeTemp copies r into a new hidden file beside key and returns its name.
func (s *Store) writeTemp(ctx context.Context, key string, r io.Reader) (string, error) {
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	dir, name := path.Split(key)
	tmp := dir + "." + name + ".tmp-" + hex.EncodeToString(rnd[:])
	f, err := s.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", err
	}
	_, err = io.Copy(f, ctxReader{ctx: ctx, r: r})
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = s.root.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// syncDir makes the rename durable; a failure only weakens durability on a
// crash, so it is not reported.
func (s *Store) syncDir(dir string) {
	if d, err := s.root.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// ctxReader stops a copy when the request that feeds it is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// Open returns the file itself: an *os.File seeks without buffering.
func (s *Store) Open(ctx context.Context, key string) (io.ReadSeekCloser, ports.BlobInfo, error) {
	if err := blobpolicy.CheckKey(key); err != nil {
		return nil, ports.BlobInfo{}, fmt.Errorf("open blob: %w", err)
	}
	if _, err := s.folder(); err != nil {
		return nil, ports.BlobInfo{}, err
	}
	f, err := s.root.Open(key)
	if err != nil {
		var errno syscall.Errno
		switch {
		case notFound(err):
			return nil, ports.BlobInfo{}, fmt.Errorf("open blob %s: %w", key, ports.ErrBlobNotFound)
		case !errors.As(err, &errno):
			// Not the system's error but os.Root's own refusal: a symbolic
			// link leading outside the folder. For a reader it holds nothing.
			return nil, ports.BlobInfo{}, fmt.Errorf("open blob %s: %w (%v)", key, ports.ErrBlobNotFound, err)
		}
		return nil, ports.BlobInfo{}, fmt.Errorf("open blob %s: %w", key, err)
	}
	fi, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, ports.BlobInfo{}, fmt.Errorf("open blob %s: %w", key, err)
	}
	if !fi.Mode().IsRegular() {
		_ = f.Close()
		return nil, ports.BlobInfo{}, fmt.Errorf("open blob %s: not a file: %w", key, ports.ErrBlobNotFound)
	}
	return f, ports.BlobInfo{Size: fi.Size(), ContentType: s.contentType(key), ModTime: fi.ModTime()}, nil
}

func (s *Store) contentType(key string) string {
	raw, err := s.root.ReadFile(sidecarName(key))
	if err != nil || len(raw) > 256 {
		return blobpolicy.TypeFromKey(key)
	}
	return blobpolicy.ContentType(key, strings.TrimSpace(string(raw)))
}

// Delete removes the blob and its sidecar; deleting a missing key is not
// an error (the same as S3).
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := blobpolicy.CheckKey(key); err != nil {
		return fmt.Errorf("delete blob: %w", err)
	}
	if _, err := s.folder(); err != nil {
		return err
	}
	if err := s.root.Remove(key); err != nil && !notFound(err) {
		return fmt.Errorf("delete blob %s: %w", key, err)
	}
	if err := s.root.Remove(sidecarName(key)); err != nil && !notFound(err) {
		return fmt.Errorf("delete blob %s: content type: %w", key, err)
	}
	return nil
}

// notFound also covers a key whose parent is a file ("a.jpg/b.jpg").
func notFound(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// SignedURL is "<BaseURL>/media/<key>?exp=<unix>&sig=<hex>", valid through
// the second exp names: ttl from now rounded up to the end of its window
// (blobpolicy.LinkExpiry), so a file is linked alike by every answer signed
// within that window.
func (s *Store) SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	if err := blobpolicy.CheckKey(key); err != nil {
		return "", fmt.Errorf("sign blob link: %w", err)
	}
	if ttl <= 0 {
		return "", fmt.Errorf("sign blob link %s: ttl %v is not positive", key, ttl)
	}
	exp := blobpolicy.LinkExpiry(s.clock.Now(), ttl)
	return fmt.Sprintf("%s%s%s?exp=%d&sig=%s", s.baseURL, Prefix, key, exp, s.sign(key, exp)), nil
}
