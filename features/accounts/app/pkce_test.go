package app

import "testing"

// RFC 7636 Appendix B's example: the verifier, and the S256 challenge a
// client derives from it.
func TestVerifierMatchesRFC7636AppendixB(t *testing.T) {
	const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
	const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
	if !verifierMatches(challenge, "S256", verifier) {
		t.Fatal("RFC 7636 Appendix B verifier refused")
	}
	if verifierMatches(challenge, "S256", verifier[:42]+"x") || verifierMatches(challenge, "plain", verifier) {
		t.Fatal("a wrong verifier or method matched")
	}
	if !verifierMatches(verifier, "plain", verifier) || verifierMatches("", "", verifier) || !verifierMatches("", "", "") {
		t.Fatal("plain and no-challenge rules")
	}
	if verifierMatches(challenge, "S256", "") || verifierMatches("short", "plain", "short") {
		t.Fatal("a missing or short verifier matched")
	}
}
