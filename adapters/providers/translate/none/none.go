// Package none is the translator of a server with no provider configured:
// members are not offered translations.
package none

import (
	"context"

	"social/core/ports"
)

// Translator refuses every translation.
type Translator struct{}

var _ ports.Translator = Translator{}

// Translate always fails with translation_unavailable.
func (Translator) Translate(context.Context, string, string) (string, error) {
	return "", ports.ErrTranslationUnavailable()
}

// Capabilities says translation is unavailable.
func (Translator) Capabilities() ports.TranslatorCapabilities {
	return ports.TranslatorCapabilities{Available: false, Provider: "none"}
}
