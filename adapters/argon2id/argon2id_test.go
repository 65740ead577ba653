package argon2id_test

import (
	"strings"
	"testing"

	"social/adapters/argon2id"
)

func TestHashAndVerify(t *testing.T) {
	t.Parallel()
	h := argon2id.New(argon2id.Params{MemoryKiB: 1024, Time: 1, Threads: 1})
	enc, err := h.Hash("Senha123")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("hash = %q", enc)
	}
	if again, err := h.Hash("Senha123"); err != nil || again == enc {
		t.Fatalf("two hashes of one password are equal (no salt) or failed: %v", err)
	}
	for _, c := range []struct {
		pw   string
		want bool
	}{{"Senha123", true}, {"senha123", false}, {"", false}, {"Senha1234", false}} {
		if ok, err := h.Verify(c.pw, enc); err != nil || ok != c.want {
			t.Errorf("Verify(%q) = %v, %v; want %v", c.pw, ok, err, c.want)
		}
	}
	// Hashes made with other parameters still verify (they are in the string).
	other := argon2id.New(argon2id.Params{MemoryKiB: 2048, Time: 2, Threads: 2})
	if ok, err := other.Verify("Senha123", enc); err != nil || !ok {
		t.Errorf("verify with other parameters: %v %v", ok, err)
	}
	if ok, err := h.Verify("anything", ""); err != nil || ok {
		t.Errorf("empty hash must never match: %v %v", ok, err)
	}
	for _, bad := range []string{"$argon2i$v=19$m=1,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=x$c2FsdA$a2V5", "plain"} {
		if _, err := h.Verify("x", bad); err == nil {
			t.Errorf("malformed hash %q accepted", bad)
		}
	}
}

func TestDefaultParamsFollowOWASP(t *testing.T) {
	t.Parallel()
	enc, err := argon2id.NewDefault().Hash("Senha123")
	if err != nil || !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("default hash = %q, %v", enc, err)
	}
	if ok, err := argon2id.NewDefault().Verify("Senha123", enc); err != nil || !ok {
		t.Fatalf("verify: %v %v", ok, err)
	}
}
