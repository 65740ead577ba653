package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/errs"
)

// A server reached by an IP address cannot be a WebAuthn relying party:
// it still starts, and only passkeys are refused, with their own code.
func TestPasskeysAreOffOnAnAddressWithoutADomainName(t *testing.T) {
	for _, publicURL := range []string{"http://127.0.0.1:8080", "http://[::1]:8080"} {
		wa, err := NewWebAuthn(publicURL)
		if err != nil || wa != nil {
			t.Fatalf("%s: relying party %v, error %v; want none and no error", publicURL, wa, err)
		}
	}
	wa, err := NewWebAuthn("http://localhost:8080")
	if err != nil || wa == nil {
		t.Fatalf("localhost: relying party %v, error %v", wa, err)
	}

	viewer := domain.Viewer{UserID: domain.NewUserID()}
	_, err = (&BeginPasskeyRegistration{}).Handle(context.Background(), viewer)
	if e, ok := errs.As(err); !ok || e.Code != CodePasskeysUnavailable {
		t.Fatalf("registration without a relying party: %v, want %s", err, CodePasskeysUnavailable)
	}
	_, err = (&BeginPasskeySignIn{}).Handle(context.Background(), "198.51.100.7")
	if e, ok := errs.As(err); !ok || e.Code != CodePasskeysUnavailable {
		t.Fatalf("sign-in without a relying party: %v, want %s", err, CodePasskeysUnavailable)
	}
}
