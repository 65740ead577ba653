package app

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"time"

	"social/core/ports"
)

// zipArchive writes an export's files into a zip stream. Media keep their
// storage key under media/, so two files never share a name and the JSON
// files can point at them.
type zipArchive struct {
	zw    *zip.Writer
	blobs ports.BlobStore
	at    time.Time
	seen  map[string]bool
}

var _ ports.ArchiveWriter = (*zipArchive)(nil)

func newZipArchive(w io.Writer, blobs ports.BlobStore, at time.Time) *zipArchive {
	return &zipArchive{zw: zip.NewWriter(w), blobs: blobs, at: at, seen: map[string]bool{}}
}

func (a *zipArchive) create(name string, method uint16) (io.Writer, error) {
	if a.seen[name] {
		return nil, fmt.Errorf("archive: %s written twice", name)
	}
	a.seen[name] = true
	return a.zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: a.at})
}

// JSON adds v at name.
func (a *zipArchive) JSON(name string, v any) error {
	w, err := a.create(name, zip.Deflate)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("archive: %s: %w", name, err)
	}
	return nil
}

// Media copies the stored file at key to media/<key>. A key written
// before is not copied again.
func (a *zipArchive) Media(ctx context.Context, key string) (string, error) {
	name := path.Join("media", key)
	if a.seen[name] {
		return name, nil
	}
	r, _, err := a.blobs.Open(ctx, key)
	if errors.Is(err, ports.ErrBlobNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("archive: open %s: %w", key, err)
	}
	defer r.Close()
	// Pictures and videos are compressed already.
	w, err := a.create(name, zip.Store)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(w, r); err != nil {
		return "", fmt.Errorf("archive: copy %s: %w", key, err)
	}
	return name, nil
}

func (a *zipArchive) Close() error { return a.zw.Close() }
