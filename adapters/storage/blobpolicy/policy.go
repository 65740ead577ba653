// Package blobpolicy holds the rules every BlobStore adapter applies the
// same way: which keys are acceptable, that a Put stores exactly the
// declared size, and which content types may be shown inline by a browser.
package blobpolicy

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"path"
	"strings"
)

// ErrInvalidKey is returned for a key outside the rules of CheckKey. Keys
// come from the application, never straight from a member, so this is a
// programming error rather than bad input.
var ErrInvalidKey = errors.New("invalid blob key")

// ErrSizeMismatch is returned when a Put's reader does not hold exactly the
// declared number of bytes.
var ErrSizeMismatch = errors.New("blob size differs from the declared size")

// MaxKeyLen keeps keys within what every S3 implementation accepts (1024
// bytes) with room to spare, and well under file-name limits of a path.
const MaxKeyLen = 512

// CheckKey accepts slash-separated keys made of [A-Za-z0-9._-] segments.
// It refuses "..", a leading or trailing "/", empty segments, backslashes and
// segments starting with "." (hidden names are reserved for the disk store's
// temporary files and content-type sidecars).
func CheckKey(key string) error {
	if key == "" || len(key) > MaxKeyLen {
		return fmt.Errorf("%w: %q: empty or longer than %d bytes", ErrInvalidKey, key, MaxKeyLen)
	}
	if strings.Contains(key, "..") {
		return fmt.Errorf("%w: %q: contains \"..\"", ErrInvalidKey, key)
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' || c == '/'
		if !ok {
			return fmt.Errorf("%w: %q: character %q not allowed", ErrInvalidKey, key, c)
		}
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" {
			return fmt.Errorf("%w: %q: empty segment (leading, trailing or double slash)", ErrInvalidKey, key)
		}
		if seg[0] == '.' {
			return fmt.Errorf("%w: %q: segment %q starts with a dot", ErrInvalidKey, key, seg)
		}
	}
	return nil
}

// ExactSize reads r and fails with ErrSizeMismatch when it ends before size
// bytes or holds more. The excess is detected on the read that delivers the
// last declared byte, so a store consuming the reader sees the error before
// it has read "everything" and commits nothing. A negative size means
// unknown: r is returned as is.
func ExactSize(r io.Reader, size int64) io.Reader {
	if size < 0 {
		return r
	}
	return &exactReader{r: r, left: size}
}

type exactReader struct {
	r    io.Reader
	left int64
	done bool
}

func (e *exactReader) Read(p []byte) (int, error) {
	if e.done {
		return 0, io.EOF
	}
	if e.left == 0 {
		return 0, e.finish()
	}
	if int64(len(p)) > e.left {
		p = p[:e.left]
	}
	n, err := e.r.Read(p)
	e.left -= int64(n)
	if err == io.EOF {
		if e.left > 0 {
			return n, fmt.Errorf("%w: %d bytes missing", ErrSizeMismatch, e.left)
		}
		e.done = true
		return n, io.EOF
	}
	if err != nil {
		return n, err
	}
	if e.left == 0 {
		if ferr := e.finish(); ferr != io.EOF {
			return n, ferr
		}
		return n, io.EOF
	}
	return n, nil
}

// finish checks that nothing follows the declared bytes.
func (e *exactReader) finish() error {
	var one [1]byte
	for {
		n, err := e.r.Read(one[:])
		if n > 0 {
			return fmt.Errorf("%w: more bytes than declared", ErrSizeMismatch)
		}
		if err == io.EOF {
			e.done = true
			return io.EOF
		}
		if err != nil {
			return err
		}
	}
}

// inlineTypes are the only types a browser is allowed to render from our
// origin: the images and videos members upload. Anything else is served as
// an attachment of type application/octet-stream.
var inlineTypes = map[string]bool{
	"image/jpeg": true,
	"image/png":  true,
	"image/webp": true,
	"video/mp4":  true,
	"video/webm": true,
	"video/ogg":  true,
}

// extensionTypes maps file extensions to the inline type they imply.
var extensionTypes = map[string]string{
	".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".png":  "image/png",
	".webp": "image/webp",
	".mp4":  "video/mp4",
	".webm": "video/webm",
	".ogv":  "video/ogg", ".ogg": "video/ogg",
}

// Fallback is the type of bytes nobody vouched for.
const Fallback = "application/octet-stream"

// Inline reports whether contentType (parameters ignored) may be shown inline.
func Inline(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return inlineTypes[mt]
}

// TypeFromKey is the inline type the key's extension implies, or Fallback.
func TypeFromKey(key string) string {
	if t, ok := extensionTypes[strings.ToLower(path.Ext(key))]; ok {
		return t
	}
	return Fallback
}

// ContentType is the type to store: the declared one when it parses as a
// media type, else the one the key's extension implies.
func ContentType(key, declared string) string {
	if declared != "" {
		if mt, params, err := mime.ParseMediaType(declared); err == nil {
			return mime.FormatMediaType(mt, params)
		}
	}
	return TypeFromKey(key)
}

// ServedType is the Content-Type to answer with: the stored type when it is
// on the inline allowlist, else Fallback.
func ServedType(stored string) string {
	if Inline(stored) {
		return stored
	}
	return Fallback
}

// ContentDisposition names the file for a browser: inline for allowlisted
// types, attachment for anything else. The name is the key's last segment,
// which CheckKey limits to [A-Za-z0-9._-], so quoting it is always safe; a
// key that fails CheckKey is named "file".
func ContentDisposition(key, contentType string) string {
	disposition := "attachment"
	if Inline(contentType) {
		disposition = "inline"
	}
	name := "file"
	if CheckKey(key) == nil {
		name = path.Base(key)
	}
	return disposition + `; filename="` + name + `"`
}
