package httpsig

import (
	"fmt"
	"io"
)

// ReadBody reads all of r, up to limit bytes. A longer body is refused
// with CodeBodyTooLarge after reading at most limit+1 bytes, so a client
// cannot make the server buffer more than the limit. The caller closes r.
func ReadBody(r io.Reader, limit int64) ([]byte, error) {
	if limit < 0 {
		limit = 0
	}
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read body: %w", err)
	}
	if int64(len(body)) > limit {
		return nil, fail(CodeBodyTooLarge, fmt.Sprintf("body larger than %d bytes", limit))
	}
	return body, nil
}
