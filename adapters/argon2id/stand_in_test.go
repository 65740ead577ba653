package argon2id

import (
	"testing"
)

// An empty stored hash (the account of an unknown e-mail) is verified
// against a stand-in hashed with the Hasher's own parameters and key
// length, so it costs one full derivation like a stored hash does, and
// never matches. The cost is measured by BenchmarkSignIn
// (features/accounts/httpapi); this checks what makes it equal.
func TestEmptyHashCostsAsMuchAsAStoredOne(t *testing.T) {
	t.Parallel()
	p := Params{MemoryKiB: 2048, Time: 3, Threads: 2}
	h := New(p)
	stored, err := h.Hash("Senha123")
	if err != nil {
		t.Fatal(err)
	}
	standIn := h.dummy()
	sp, ssalt, skey, err := decode(standIn)
	if err != nil {
		t.Fatalf("stand-in %q: %v", standIn, err)
	}
	hp, hsalt, hkey, err := decode(stored)
	if err != nil {
		t.Fatal(err)
	}
	if sp != hp || len(ssalt) != len(hsalt) || len(skey) != len(hkey) {
		t.Fatalf("stand-in %+v (salt %d, key %d bytes), stored hash %+v (salt %d, key %d bytes): the two cost differently",
			sp, len(ssalt), len(skey), hp, len(hsalt), len(hkey))
	}
	for _, password := range []string{"", "Senha123", "anything"} {
		if ok, err := h.Verify(password, ""); err != nil || ok {
			t.Fatalf("Verify(%q, empty hash) = %v, %v: an empty hash never matches", password, ok, err)
		}
	}
}
