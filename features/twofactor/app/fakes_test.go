package app

import (
	"context"
	"encoding/json"
	"time"

	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
)

// memStore is an in-memory Store for the use cases' unit tests.
type memStore struct {
	totp      map[domain.UserID]*TOTPRecord
	recovery  map[domain.UserID]map[string]bool // hash -> used
	passkeys  []Passkey
	challenge map[string]*memChallenge
	failures  map[domain.UserID][]time.Time
}

type memChallenge struct {
	c    Challenge
	used bool
}

func newMemStore() *memStore {
	return &memStore{totp: map[domain.UserID]*TOTPRecord{}, recovery: map[domain.UserID]map[string]bool{},
		challenge: map[string]*memChallenge{}, failures: map[domain.UserID][]time.Time{}}
}

func (m *memStore) TOTP(_ context.Context, acc domain.UserID) (TOTPRecord, error) {
	return portstest.LookupCopy(m.totp, acc)
}

func (m *memStore) PutPendingTOTP(_ context.Context, acc domain.UserID, secret []byte, _ time.Time) (bool, error) {
	if t, ok := m.totp[acc]; ok && t.Confirmed {
		return false, nil
	}
	m.totp[acc] = &TOTPRecord{Secret: secret}
	return true, nil
}

func (m *memStore) ConfirmTOTP(_ context.Context, acc domain.UserID, step int64, _ time.Time) (bool, error) {
	t, ok := m.totp[acc]
	if !ok || t.Confirmed {
		return false, nil
	}
	t.Confirmed, t.LastStep = true, step
	return true, nil
}

func (m *memStore) UseTOTPStep(_ context.Context, acc domain.UserID, step int64) (bool, error) {
	t, ok := m.totp[acc]
	if !ok || !t.Confirmed || t.LastStep >= step {
		return false, nil
	}
	t.LastStep = step
	return true, nil
}

func (m *memStore) DeleteTOTP(_ context.Context, acc domain.UserID) (bool, error) {
	_, ok := m.totp[acc]
	delete(m.totp, acc)
	return ok, nil
}

func (m *memStore) ReplaceRecoveryCodes(_ context.Context, acc domain.UserID, hashes [][]byte, _ time.Time) error {
	m.recovery[acc] = map[string]bool{}
	for _, h := range hashes {
		m.recovery[acc][string(h)] = false
	}
	return nil
}

func (m *memStore) UseRecoveryCode(_ context.Context, acc domain.UserID, hash []byte, _ time.Time) (bool, error) {
	used, ok := m.recovery[acc][string(hash)]
	if !ok || used {
		return false, nil
	}
	m.recovery[acc][string(hash)] = true
	return true, nil
}

func (m *memStore) RecoveryCodesLeft(_ context.Context, acc domain.UserID) (int, error) {
	n := 0
	for _, used := range m.recovery[acc] {
		if !used {
			n++
		}
	}
	return n, nil
}

func (m *memStore) DeleteRecoveryCodes(_ context.Context, acc domain.UserID) error {
	delete(m.recovery, acc)
	return nil
}

func (m *memStore) Passkeys(_ context.Context, acc domain.UserID) ([]Passkey, error) {
	var out []Passkey
	for _, p := range m.passkeys {
		if p.AccountID == acc {
			out = append(out, p)
		}
	}
	return out, nil
}

func (m *memStore) AddPasskey(_ context.Context, p Passkey) (bool, error) {
	m.passkeys = append(m.passkeys, p)
	return true, nil
}

func (m *memStore) RemovePasskey(_ context.Context, acc domain.UserID, id string) (Passkey, error) {
	for i, p := range m.passkeys {
		if p.ID == id && p.AccountID == acc {
			m.passkeys = append(m.passkeys[:i], m.passkeys[i+1:]...)
			return p, nil
		}
	}
	return Passkey{}, domain.ErrNotFound
}

func (m *memStore) PasskeyByCredentialID(_ context.Context, id []byte) (Passkey, error) {
	for _, p := range m.passkeys {
		if string(p.CredentialID) == string(id) {
			return p, nil
		}
	}
	return Passkey{}, domain.ErrNotFound
}

func (m *memStore) UsePasskey(context.Context, string, json.RawMessage, time.Time) error { return nil }

func (m *memStore) CreateChallenge(_ context.Context, c Challenge) error {
	m.challenge[string(c.TokenHash)] = &memChallenge{c: c}
	return nil
}

func (m *memStore) LiveChallenge(_ context.Context, hash []byte, kind string, now time.Time) (Challenge, error) {
	c, ok := m.challenge[string(hash)]
	if !ok || c.used || c.c.Kind != kind || !c.c.ExpiresAt.After(now) {
		return Challenge{}, domain.ErrNotFound
	}
	return c.c, nil
}

func (m *memStore) UseChallenge(_ context.Context, hash []byte, now time.Time) (bool, error) {
	c, ok := m.challenge[string(hash)]
	if !ok || c.used || !c.c.ExpiresAt.After(now) {
		return false, nil
	}
	c.used = true
	return true, nil
}

func (m *memStore) LockFailures(context.Context, domain.UserID) error { return nil }

func (m *memStore) Failures(_ context.Context, acc domain.UserID, since time.Time) (int, error) {
	n := 0
	for _, at := range m.failures[acc] {
		if at.After(since) {
			n++
		}
	}
	return n, nil
}

func (m *memStore) AddFailure(_ context.Context, acc domain.UserID, at time.Time) error {
	m.failures[acc] = append(m.failures[acc], at)
	return nil
}

// memAccounts reads fixed accounts.
type memAccounts map[domain.UserID]domain.Account

func (m memAccounts) ByID(_ context.Context, id domain.UserID) (domain.Account, error) {
	return portstest.Lookup(m, id)
}

// memOutbox keeps the mail it is given.
type memOutbox struct{ sent []ports.Mail }

func (o *memOutbox) Enqueue(_ context.Context, m ports.Mail) error {
	o.sent = append(o.sent, m)
	return nil
}

// freeLimiter allows every attempt.
type freeLimiter struct{}

func (freeLimiter) Take(context.Context, ...ports.RateRule) (time.Duration, error) { return 0, nil }
