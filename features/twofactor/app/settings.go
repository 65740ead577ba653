package app

import (
	"fmt"
	"net/url"

	"github.com/go-webauthn/webauthn/webauthn"
)

// Settings are what the use cases read from the configuration.
type Settings struct {
	PublicURL string // without a trailing slash
}

// NewWebAuthn is the relying party of http.public_url: its host is the
// passkeys' domain (RP ID) and its origin the only one accepted.
func NewWebAuthn(publicURL string) (*webauthn.WebAuthn, error) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("passkeys: http.public_url %q has no host", publicURL)
	}
	return webauthn.New(&webauthn.Config{
		RPID:          u.Hostname(),
		RPDisplayName: Issuer,
		RPOrigins:     []string{u.Scheme + "://" + u.Host},
	})
}
