package app

import (
	"fmt"
	"net"
	"net/url"

	"github.com/go-webauthn/webauthn/webauthn"

	"social/core/errs"
)

// Settings are what the use cases read from the configuration.
type Settings struct {
	PublicURL string // without a trailing slash
}

// NewWebAuthn is the relying party of http.public_url: its host is the
// passkeys' domain (RP ID) and its origin the only one accepted. A public
// address whose host is an IP literal (http://127.0.0.1:8080) cannot be a
// relying party, since WebAuthn binds a passkey to a domain name: passkeys
// are then off (nil, and the use cases answer passkeys_unavailable) while
// everything else, the authenticator app included, works.
func NewWebAuthn(publicURL string) (*webauthn.WebAuthn, error) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Hostname() == "" {
		return nil, fmt.Errorf("passkeys: http.public_url %q has no host", publicURL)
	}
	if net.ParseIP(u.Hostname()) != nil {
		return nil, nil
	}
	return webauthn.New(&webauthn.Config{
		RPID:          u.Hostname(),
		RPDisplayName: Issuer,
		RPOrigins:     []string{u.Scheme + "://" + u.Host},
	})
}

// passkeysOff is the refusal of a passkey ceremony when wa is nil
// (NewWebAuthn: the server's public address has no domain name).
func passkeysOff(wa *webauthn.WebAuthn) error {
	if wa != nil {
		return nil
	}
	return errs.Unavailable(CodePasskeysUnavailable, MsgPasskeysUnavailable, nil)
}
