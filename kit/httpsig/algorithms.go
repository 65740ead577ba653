package httpsig

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"math/big"
)

// The algorithms a signature may be verified with, by their RFC 9421
// names. A draft-cavage "rsa-sha256" is AlgRSAv15SHA256; "hs2019" takes
// its algorithm from the key.
const (
	AlgRSAv15SHA256    = "rsa-v1_5-sha256"
	AlgRSAPSSSHA512    = "rsa-pss-sha512"
	AlgEd25519         = "ed25519"
	AlgECDSAP256SHA256 = "ecdsa-p256-sha256"
)

// Key is a public key the caller resolved from a keyId.
type Key struct {
	// Public is an *rsa.PublicKey, an ed25519.PublicKey or an
	// *ecdsa.PublicKey on P-256.
	Public crypto.PublicKey
	// Algorithm, when set, is the one algorithm the key may be used with
	// (an Alg... name). Empty lets the key's type decide: RSA keys verify
	// rsa-v1_5-sha256 unless the signature names rsa-pss-sha512, as the
	// fediverse's keys are published without an algorithm.
	Algorithm string
}

func knownAlgorithm(alg string) bool {
	switch alg {
	case AlgRSAv15SHA256, AlgRSAPSSSHA512, AlgEd25519, AlgECDSAP256SHA256:
		return true
	}
	return false
}

// chooseAlgorithm settles the algorithm from what the signature names
// (named, "" when it names none) and what the key allows (RFC 9421
// section 3.2, step 6): they must agree when both speak.
func chooseAlgorithm(named string, key Key) (string, *Error) {
	if named != "" && key.Algorithm != "" && named != key.Algorithm {
		return "", fail(CodeAlgorithm, "the signature's algorithm is not the key's")
	}
	alg := named
	if alg == "" {
		alg = key.Algorithm
	}
	if alg == "" {
		switch k := key.Public.(type) {
		case *rsa.PublicKey:
			alg = AlgRSAv15SHA256
		case ed25519.PublicKey:
			alg = AlgEd25519
		case *ecdsa.PublicKey:
			if k.Curve == elliptic.P256() {
				alg = AlgECDSAP256SHA256
			}
		}
	}
	if !knownAlgorithm(alg) {
		return "", fail(CodeAlgorithm, "no accepted algorithm for this key")
	}
	return alg, nil
}

// verifyWith checks sig over base with pub under alg.
func verifyWith(alg string, pub crypto.PublicKey, minRSABits int, base, sig []byte) *Error {
	switch alg {
	case AlgRSAv15SHA256, AlgRSAPSSSHA512:
		k, ok := pub.(*rsa.PublicKey)
		if !ok {
			return fail(CodeAlgorithm, alg+" needs an RSA key")
		}
		if bits := k.N.BitLen(); bits < minRSABits || bits > maxRSABits {
			return fail(CodeKeyRejected, "RSA key size out of bounds")
		}
		var err error
		if alg == AlgRSAv15SHA256 {
			sum := sha256.Sum256(base)
			err = rsa.VerifyPKCS1v15(k, crypto.SHA256, sum[:], sig)
		} else {
			sum := sha512.Sum512(base)
			err = rsa.VerifyPSS(k, crypto.SHA512, sum[:], sig, &rsa.PSSOptions{SaltLength: 64, Hash: crypto.SHA512})
		}
		if err != nil {
			return fail(CodeInvalid, "signature does not verify")
		}
		return nil
	case AlgEd25519:
		k, ok := pub.(ed25519.PublicKey)
		if !ok || len(k) != ed25519.PublicKeySize {
			return fail(CodeAlgorithm, "ed25519 needs an Ed25519 key")
		}
		if !ed25519.Verify(k, base, sig) {
			return fail(CodeInvalid, "signature does not verify")
		}
		return nil
	case AlgECDSAP256SHA256:
		k, ok := pub.(*ecdsa.PublicKey)
		if !ok || k.Curve != elliptic.P256() {
			return fail(CodeAlgorithm, "ecdsa-p256-sha256 needs a P-256 key")
		}
		// RFC 9421 section 3.3.4: r and s as two 32-byte big-endian
		// integers, not ASN.1.
		if len(sig) != 64 {
			return fail(CodeInvalid, "signature does not verify")
		}
		sum := sha256.Sum256(base)
		r, s := new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])
		if !ecdsa.Verify(k, sum[:], r, s) {
			return fail(CodeInvalid, "signature does not verify")
		}
		return nil
	}
	return fail(CodeAlgorithm, "unsupported algorithm")
}

// sameKey reports whether a and b are the same public key.
func sameKey(a, b crypto.PublicKey) bool {
	k, ok := a.(interface{ Equal(crypto.PublicKey) bool })
	return ok && k.Equal(b)
}
