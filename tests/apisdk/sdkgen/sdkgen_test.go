package sdkgen_test

import (
	"bytes"
	"os"
	"testing"

	"social/tests/apisdk/sdkgen"
)

// TestClientIsFresh fails when the committed client no longer matches the
// document the server builds: run go generate ./tests/apisdk.
func TestClientIsFresh(t *testing.T) {
	want, err := sdkgen.Source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../client.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("tests/apisdk/client.gen.go is stale: run go generate ./tests/apisdk")
	}
}
