package plugintest

import (
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// Refusal is one way a use case refuses a form: who sends which text, and
// the code of the refusal.
type Refusal struct {
	Name   string
	Viewer domain.Viewer
	Text   string
	Code   string
}

// CheckRefusals sends each refusal's form through send and fails the test
// where the answer's code is not the refusal's.
func CheckRefusals(t *testing.T, refusals []Refusal, send func(viewer domain.Viewer, text string) error) {
	t.Helper()
	for _, r := range refusals {
		if err := send(r.Viewer, r.Text); portstest.CodeOf(err) != r.Code {
			t.Errorf("%s: %v, want %s", r.Name, err, r.Code)
		}
	}
}
