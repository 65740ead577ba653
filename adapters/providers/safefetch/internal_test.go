package safefetch

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func TestReadCappedReadsAtMostLimitPlusOne(t *testing.T) {
	t.Parallel()
	src := &countingReader{r: bytes.NewReader(make([]byte, 4*DefaultMaxBytes))}
	if _, err := readCapped(src, DefaultMaxBytes); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if src.n > DefaultMaxBytes+1 {
		t.Fatalf("read %d bytes, want at most %d", src.n, DefaultMaxBytes+1)
	}
}

func TestAmbiguousHost(t *testing.T) {
	t.Parallel()
	for host, want := range map[string]bool{
		"2130706433": true, "0177.0.0.1": true, "0x7f.1": true, "0x7f000001": true, "1.2.3.4.5": true,
		"127.0.0.1": false, "::1": false, "example.com": false, "example.com.": false, "123.example": false,
	} {
		if got := ambiguousHost(host); got != want {
			t.Errorf("ambiguousHost(%q) = %v, want %v", host, got, want)
		}
	}
}
