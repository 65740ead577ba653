package httpsig

import (
	"context"
	"net/http"
	"time"
)

// Defaults of a Verifier whose fields are left zero.
const (
	// DefaultMaxAge is how old a signature (its Date or created) may be.
	// Mastodon refuses what is older than its 5-minute validity plus one
	// hour of margin; an hour is as long, so that what Mastodon accepts
	// from a peer with a slow clock we accept too, and no longer, so that
	// a captured request stops being replayable soon.
	DefaultMaxAge = time.Hour
	// DefaultMaxSkew is how far in the future a signature may be dated
	// (and how long after its expires it still passes). Honest senders
	// sign just before sending with clocks kept by NTP; a wide future
	// bound would let a request dated ahead be replayed for longer.
	DefaultMaxSkew = 5 * time.Minute
	// DefaultMaxHeaderBytes caps the Signature and Signature-Input values
	// read (a 4096-bit RSA signature is 684 base64 characters).
	DefaultMaxHeaderBytes = 8 << 10
	// maxComponents caps the headers or components one signature covers.
	maxComponents = 32
)

// KeyResolver finds the public key a keyId names. The caller fetches
// remote keys and caches them; fresh asks it to bypass its cache and
// fetch again. Verifier asks with fresh=false first and, when the
// signature fails with that key, once more with fresh=true: the remote
// actor may have rotated its key. A resolver that may not refetch now
// (it just did, or rate-limits refetches, which it should: a stranger's
// bad signatures would otherwise make us fetch for them) returns the
// cached key again, and the second check is skipped.
//
// The caller also checks that the key's owner is the actor the request
// speaks for; this package only proves the request was signed with the
// key keyId names.
type KeyResolver func(ctx context.Context, keyID string, fresh bool) (Key, error)

// Scheme names the signature format a request carried.
type Scheme string

const (
	SchemeCavage  Scheme = "draft-cavage-http-signatures-12"
	SchemeRFC9421 Scheme = "rfc9421"
)

// Verified is what a verified request proves.
type Verified struct {
	Scheme    Scheme
	KeyID     string
	Algorithm string    // an Alg... name
	Signed    time.Time // the signature's created, or its Date
	Covered   []string  // the headers or component identifiers signed
}

// Verifier checks the signatures of incoming requests. Its zero fields
// take the defaults above; Resolve is required.
type Verifier struct {
	Resolve KeyResolver
	// MaxAge and MaxSkew bound the signature's time: see DefaultMaxAge
	// and DefaultMaxSkew.
	MaxAge  time.Duration
	MaxSkew time.Duration
	// MinRSABits is the smallest RSA key accepted (default RSAKeyBits).
	MinRSABits int
	// Scheme is the scheme of the URLs requests reach us by, for RFC 9421's
	// @target-uri and @scheme: the server usually sits behind a proxy that
	// ends TLS, so the request itself cannot tell. Default "https".
	Scheme string
	// Label chooses the RFC 9421 signature to verify when a request
	// carries several; empty takes the first in Signature-Input.
	Label string
	// MaxHeaderBytes caps the signature headers' length (default
	// DefaultMaxHeaderBytes).
	MaxHeaderBytes int
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Verify checks r's signature: an RFC 9421 one when r has a
// Signature-Input header, else a draft-cavage Signature header. body is
// r's body as read by the caller (ReadBody caps it); it is checked
// against the signed digest. Everything that needs no key (the headers'
// form, what they cover, the time, the digest) is checked before the key
// is asked for. Every refusal is an *Error.
func (v *Verifier) Verify(ctx context.Context, r *http.Request, body []byte) (*Verified, error) {
	var (
		out *Verified
		err *Error
	)
	switch {
	case len(r.Header.Values("Signature-Input")) > 0:
		out, err = v.verifyRFC9421(ctx, r, body)
	case len(r.Header.Values("Signature")) > 0:
		out, err = v.verifyCavage(ctx, r, body)
	default:
		err = fail(CodeMissing, "no Signature or Signature-Input header")
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (v *Verifier) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

func (v *Verifier) maxAge() time.Duration {
	if v.MaxAge > 0 {
		return v.MaxAge
	}
	return DefaultMaxAge
}

func (v *Verifier) maxSkew() time.Duration {
	if v.MaxSkew > 0 {
		return v.MaxSkew
	}
	return DefaultMaxSkew
}

func (v *Verifier) minRSABits() int {
	if v.MinRSABits > 0 {
		return v.MinRSABits
	}
	return RSAKeyBits
}

func (v *Verifier) scheme() string {
	if v.Scheme != "" {
		return v.Scheme
	}
	return "https"
}

func (v *Verifier) maxHeaderBytes() int {
	if v.MaxHeaderBytes > 0 {
		return v.MaxHeaderBytes
	}
	return DefaultMaxHeaderBytes
}

// checkTime bounds a signature's creation (and expiry, when it has one)
// around now.
func (v *Verifier) checkTime(signed, expires time.Time) *Error {
	now := v.now()
	if now.Sub(signed) > v.maxAge() {
		return fail(CodeExpired, "signed more than "+v.maxAge().String()+" ago")
	}
	if signed.Sub(now) > v.maxSkew() {
		return fail(CodeFuture, "signed more than "+v.maxSkew().String()+" ahead")
	}
	if !expires.IsZero() && now.Sub(expires) > v.maxSkew() {
		return fail(CodeExpired, "past the signature's expires")
	}
	return nil
}

// hasBody says whether the request carries content that a digest must
// bind: any bytes, and every POST, PUT and PATCH (an empty inbox POST
// still has to say so under signature).
func hasBody(r *http.Request, body []byte) bool {
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch:
		return true
	}
	return len(body) > 0
}

// checkSignature resolves keyID's key, settles the algorithm with pick
// and verifies sig over base; on failure it asks the resolver once for a
// fresh key and tries again if the key changed.
func (v *Verifier) checkSignature(ctx context.Context, keyID string, pick func(Key) (string, *Error), base, sig []byte) (string, *Error) {
	if v.Resolve == nil {
		return "", fail(CodeKeyUnavailable, "no key resolver")
	}
	try := func(key Key) (string, *Error) {
		alg, err := pick(key)
		if err != nil {
			return "", err
		}
		return alg, verifyWith(alg, key.Public, v.minRSABits(), base, sig)
	}
	key, rerr := v.Resolve(ctx, keyID, false)
	if rerr != nil {
		return "", failWith(CodeKeyUnavailable, "resolve key", rerr)
	}
	if key.Public == nil {
		return "", fail(CodeKeyUnavailable, "the resolver gave no key")
	}
	alg, err := try(key)
	if err == nil {
		return alg, nil
	}
	fresh, rerr := v.Resolve(ctx, keyID, true)
	if rerr != nil || fresh.Public == nil || sameKey(key.Public, fresh.Public) && key.Algorithm == fresh.Algorithm {
		return "", err
	}
	return try(fresh)
}
