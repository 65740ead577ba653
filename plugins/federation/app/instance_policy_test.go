package app

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"social/core/domain"
)

func TestNormalizeDomain(t *testing.T) {
	for raw, want := range map[string]string{
		"Mastodon.Social":      "mastodon.social",
		" social.example:8443": "social.example:8443",
		"127.0.0.3:8080":       "127.0.0.3:8080",
	} {
		if got, ok := NormalizeDomain(raw); !ok || got != want {
			t.Errorf("NormalizeDomain(%q) = %q %v, want %q", raw, got, ok, want)
		}
	}
	for _, bad := range []string{"", "https://mastodon.social", "mastodon.social/about", "ana@mastodon.social",
		"mastodon social", ".social", "social.", "a..b", "host:", "host:99999", "host:x", "-x.example"} {
		if got, ok := NormalizeDomain(bad); ok {
			t.Errorf("NormalizeDomain(%q) = %q, want refused", bad, got)
		}
	}
}

// policyMap is a PolicyStore over a map, for the reads of
// InstancePolicies.
type policyMap map[string]InstancePolicy

func (m policyMap) PolicyByDomain(_ context.Context, d string) (InstancePolicy, error) {
	p, ok := m[d]
	if !ok {
		return InstancePolicy{}, domain.ErrNotFound
	}
	return p, nil
}
func (m policyMap) LockPolicy(context.Context, uuid.UUID) (InstancePolicy, error) {
	return InstancePolicy{}, domain.ErrNotFound
}
func (m policyMap) InsertPolicy(context.Context, InstancePolicy) error { return nil }
func (m policyMap) UpdatePolicy(context.Context, InstancePolicy) error { return nil }
func (m policyMap) DeletePolicy(context.Context, uuid.UUID) error      { return nil }

func TestMediaAllowed(t *testing.T) {
	uc := &InstancePolicies{Store: policyMap{
		"media.example":     {Domain: "media.example", RejectMedia: true},
		"suspended.example": {Domain: "suspended.example", Suspend: true},
		"quiet.example":     {Domain: "quiet.example", Silence: true},
	}}
	for host, want := range map[string]bool{"media.example": false, "Media.Example": false, "suspended.example": false,
		"quiet.example": true, "free.example": true} {
		if got, err := uc.MediaAllowed(context.Background(), host); err != nil || got != want {
			t.Errorf("MediaAllowed(%q) = %v %v, want %v", host, got, err, want)
		}
	}
}
