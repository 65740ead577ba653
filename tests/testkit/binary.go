package testkit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// EnvSocialBinary names a `social` binary built from this source tree that
// tests may run as a process instead of building their own. `make test`
// sets it to the binary its build step has just made, so the suite
// compiles the program once; set by hand, it must be as new as the source.
const EnvSocialBinary = "SOCIAL_TEST_BINARY"

var (
	buildOnce  sync.Once
	builtDir   string
	builtPath  string
	buildError error
)

// SocialBinary is the path of a `social` binary for tests that run it as a
// process: $SOCIAL_TEST_BINARY when set, otherwise one built without -race
// on first use in this test process (the server is the thing under test,
// not the detector's overhead, and it must keep up with the load).
// RemoveBuiltBinary, called from TestMain, deletes what was built.
func SocialBinary(t testing.TB) string {
	t.Helper()
	if bin := os.Getenv(EnvSocialBinary); bin != "" {
		if _, err := os.Stat(bin); err != nil {
			t.Fatalf("%s: %v", EnvSocialBinary, err)
		}
		return bin
	}
	buildOnce.Do(func() {
		builtDir, buildError = os.MkdirTemp("", "social-test-bin-")
		if buildError != nil {
			return
		}
		builtPath = filepath.Join(builtDir, "social")
		out, err := exec.Command("go", "build", "-o", builtPath, "social/cmd/social").CombinedOutput()
		if err != nil {
			buildError = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildError != nil {
		t.Fatal(buildError)
	}
	return builtPath
}

// RemoveBuiltBinary deletes the binary SocialBinary built, if any.
func RemoveBuiltBinary() {
	if builtDir != "" {
		_ = os.RemoveAll(builtDir)
	}
}
