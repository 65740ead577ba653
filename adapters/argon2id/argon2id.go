// Package argon2id hashes passwords with Argon2id (RFC 9106) in the PHC
// string format: $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>.
package argon2id

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Params are the cost of one hash.
type Params struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
}

// DefaultParams follow OWASP's Argon2id recommendation (19 MiB, 2 passes,
// 1 lane).
var DefaultParams = Params{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

// Hasher hashes and verifies passwords. At most as many hashes as there are
// CPUs run at once, so that a burst of sign-ins cannot take all the memory.
type Hasher struct {
	params Params
	slots  chan struct{}
	dummy  func() string
}

// New makes a Hasher with p.
func New(p Params) *Hasher {
	h := &Hasher{params: p, slots: make(chan struct{}, runtime.NumCPU())}
	h.dummy = sync.OnceValue(func() string {
		var b [24]byte
		_, _ = rand.Read(b[:])
		s, _ := h.Hash(base64.RawStdEncoding.EncodeToString(b[:]))
		return s
	})
	return h
}

// NewDefault makes a Hasher with DefaultParams.
func NewDefault() *Hasher { return New(DefaultParams) }

// Hash returns the PHC string of password with a fresh salt.
func (h *Hasher) Hash(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := h.derive(password, salt, h.params, keyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.params.MemoryKiB, h.params.Time,
		h.params.Threads, base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// Verify checks password against encoded with the parameters stored in it.
// An empty encoded is checked against a stand-in hash (same work, false).
func (h *Hasher) Verify(password, encoded string) (bool, error) {
	known := encoded != ""
	if !known {
		encoded = h.dummy()
	}
	p, salt, want, err := decode(encoded)
	if err != nil {
		return false, err
	}
	got := h.derive(password, salt, p, uint32(len(want)))
	return known && subtle.ConstantTimeCompare(got, want) == 1, nil
}

func (h *Hasher) derive(password string, salt []byte, p Params, n uint32) []byte {
	h.slots <- struct{}{}
	defer func() { <-h.slots }()
	return argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, n)
}

var errFormat = errors.New("argon2id: malformed hash")

func decode(s string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return p, nil, nil, errFormat
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, nil, nil, errFormat
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &p.Threads); err != nil ||
		p.MemoryKiB == 0 || p.Time == 0 || p.Threads == 0 {
		return p, nil, nil, errFormat
	}
	if salt, err = base64.RawStdEncoding.DecodeString(parts[4]); err != nil {
		return p, nil, nil, errFormat
	}
	if key, err = base64.RawStdEncoding.DecodeString(parts[5]); err != nil || len(key) == 0 {
		return p, nil, nil, errFormat
	}
	return p, salt, key, nil
}
