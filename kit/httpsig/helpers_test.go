package httpsig

import (
	"bufio"
	"context"
	"crypto"
	"net/http"
	"strings"
	"testing"
	"time"
)

// unwrap undoes RFC 8792's single-backslash line wrapping, as the RFCs'
// examples are printed with it.
func unwrap(s string) string {
	s = strings.TrimPrefix(s, "\n")
	lines := strings.Split(s, "\n")
	var b strings.Builder
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, `\`) + strings.TrimLeft(lines[i], " ")
		}
		b.WriteString(line)
		if i < len(lines)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// readRequest parses an HTTP/1.1 request printed in a spec (LF line
// ends, RFC 8792 wrapping) the way net/http's server reads one off the
// wire, and returns it with its body.
func readRequest(t *testing.T, text string) (*http.Request, []byte) {
	t.Helper()
	head, body, _ := strings.Cut(unwrap(text), "\n\n")
	wire := strings.ReplaceAll(head, "\n", "\r\n") + "\r\n\r\n" + body
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(wire)))
	if err != nil {
		t.Fatalf("read request: %v", err)
	}
	return r, []byte(body)
}

// staticKeys resolves key ids from a map and counts the lookups.
type staticKeys struct {
	keys  map[string]Key
	fresh map[string]Key // what a refetch returns, when set
	calls []bool         // the fresh flag of each call
}

func (s *staticKeys) resolve(_ context.Context, keyID string, fresh bool) (Key, error) {
	s.calls = append(s.calls, fresh)
	if fresh {
		if k, ok := s.fresh[keyID]; ok {
			return k, nil
		}
	}
	k, ok := s.keys[keyID]
	if !ok {
		return Key{}, errUnknownKey
	}
	return k, nil
}

type unknownKeyError struct{}

func (unknownKeyError) Error() string { return "unknown key" }

var errUnknownKey = unknownKeyError{}

func mustPublic(t *testing.T, pemText string) crypto.PublicKey {
	t.Helper()
	k, err := ParsePublicKeyPEM(pemText)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func mustPrivate(t *testing.T, pemText string) crypto.Signer {
	t.Helper()
	k, err := ParsePrivateKeyPEM(pemText)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func at(unix int64) func() time.Time { return func() time.Time { return time.Unix(unix, 0) } }

func wantCode(t *testing.T, err error, want Code) {
	t.Helper()
	if got := CodeOf(err); got != want {
		t.Fatalf("error code = %q (%v), want %q", got, err, want)
	}
}
