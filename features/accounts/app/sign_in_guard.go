package app

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"social/core/domain"
)

// How sign-in slows guessing without locking the owner out:
//
//   - Only failures count. An attempt is written as a failure before the
//     password is checked (so racing attempts count one by one) and
//     forgotten when the password was right.
//   - The limits are per client address (Limits.SignInPerIP failures per
//     SignInWindow, whatever the e-mails) and per e-mail from one address
//     (Limits.SignInPerEmail): past them that address waits. A client
//     address is an IPv4 address, or the /64 of an IPv6 one (what one
//     subscriber is given: rotating addresses within it is free).
//   - Above them, one e-mail's failures from every address are capped
//     (Limits.SignInPerEmailAll per SignInCeilingWindow): past the ceiling
//     every device not known to the account waits, so guessing one
//     account's password is bounded whatever the number of addresses (a
//     botnet). The owner is not locked out by it: a known device passes
//     it, and a completed password reset makes the browser that did it a
//     known device.
//   - A known device (the social_device cookie, a random token set at a
//     successful sign-in or password reset and stored as SHA-256, which
//     nobody without the device can make up) passes the address limits and
//     the ceiling, so an owner behind the attacker's address (a shared
//     network) or under a distributed attack still gets in with the right
//     password. A device's own failures are limited
//     (Limits.SignInPerEmail per window), after which it is held to every
//     limit like any other device (else a stolen device, from many
//     addresses, would guess without bound).
//   - When an e-mail sees SignInAlertAfter failures within SignInWindow,
//     its owner is told by e-mail, at most once per window (a job, queued
//     alike for unknown e-mails, so the answer's time tells nothing).

// SignInAlertAfter is how many failed sign-ins of one e-mail within
// SignInWindow make its owner get a warning e-mail.
const SignInAlertAfter = 5

// FailureScope says which failures a limit counts.
type FailureScope int

const (
	// ScopeAddress counts the client address's failures, whatever the e-mail.
	ScopeAddress FailureScope = iota
	// ScopeEmailAddress counts one e-mail's failures from one address.
	ScopeEmailAddress
	// ScopeDevice counts the failures of one known device.
	ScopeDevice
	// ScopeEmail counts one e-mail's failures from every address.
	ScopeEmail
)

// SignInCeilingWindow is the window of the per-e-mail ceiling
// (Limits.SignInPerEmailAll): an hour, so that the ceiling reads as
// "guesses per hour per account".
const SignInCeilingWindow = time.Hour

// FailureRule allows Limit failures of a scope per Window; Bucket names it
// in the RateLimit headers.
type FailureRule struct {
	Bucket string
	Scope  FailureScope
	Limit  int
	Window time.Duration
}

// SignInAttempt is one attempt's keys, as SHA-256: the normalised e-mail,
// the client address and the known-device token presented (nil if none).
type SignInAttempt struct {
	ID          int64 // set by Begin
	EmailHash   []byte
	AddressHash []byte
	DeviceHash  []byte
	At          time.Time
}

// SignInFailures stores failed sign-ins.
type SignInFailures interface {
	// Begin writes a as a failure when every rule allows one more, and
	// returns its ID; otherwise it writes nothing and says how long to
	// wait. Concurrent attempts on the same keys count one by one. The
	// usage of each rule is added to the request's ports.RateReport.
	Begin(ctx context.Context, a SignInAttempt, rules []FailureRule) (id int64, wait time.Duration, err error)
	// Succeeded forgets attempt a: a right password never counts.
	Succeeded(ctx context.Context, a SignInAttempt) error
	// EmailFailures counts the failures of an e-mail since a time.
	EmailFailures(ctx context.Context, emailHash []byte, since time.Time) (int, error)
}

// KnownDevices stores the devices members signed in from.
type KnownDevices interface {
	// AccountOf is the member a device token belongs to, or domain.ErrNotFound.
	AccountOf(ctx context.Context, tokenHash []byte) (domain.UserID, error)
	// Remember records a successful sign-in from a device (adding it or
	// marking it used now); a member keeps only their most recent devices.
	Remember(ctx context.Context, account domain.UserID, tokenHash []byte, now time.Time) error
	// AnyOf reports whether the member has signed in from any device
	// before (false for their very first sign-in).
	AnyOf(ctx context.Context, account domain.UserID) (bool, error)
}

// SignInAlerts queues the warning about failed sign-ins (SendSignInAlert).
type SignInAlerts interface {
	EnqueueSignInAlert(ctx context.Context, email string) error
}

// SignInGuard holds sign-in to the failure limits and remembers devices.
type SignInGuard struct {
	Failures SignInFailures
	Devices  KnownDevices
	Alerts   SignInAlerts
}

// guardedAttempt is one attempt under way.
type guardedAttempt struct {
	SignInAttempt
	knownDevice bool // the device token presented is the account's
}

// begin looks the device up and counts the attempt, or refuses it (429).
func (g SignInGuard) begin(ctx context.Context, s Settings, now time.Time, email, clientIP, deviceToken string, acc domain.Account) (guardedAttempt, error) {
	a := guardedAttempt{SignInAttempt: SignInAttempt{EmailHash: hashKey(domain.NormalizeEmail(email)),
		AddressHash: hashKey(domain.ClientNetwork(clientIP)), At: now}}
	if deviceToken != "" {
		a.DeviceHash = HashSecret(deviceToken)
		owner, err := g.Devices.AccountOf(ctx, a.DeviceHash)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return a, fmt.Errorf("known device: %w", err)
		}
		a.knownDevice = err == nil && !acc.ID.IsZero() && owner == acc.ID
	}
	rules := []FailureRule{
		{Bucket: "sign_in_ip", Scope: ScopeAddress, Limit: s.Limits.SignInPerIP, Window: SignInWindow},
		{Bucket: "sign_in_email_ip", Scope: ScopeEmailAddress, Limit: s.Limits.SignInPerEmail, Window: SignInWindow},
		{Bucket: "sign_in_email", Scope: ScopeEmail, Limit: s.Limits.SignInPerEmailAll, Window: SignInCeilingWindow},
	}
	var id int64
	var wait time.Duration
	var err error
	if a.knownDevice {
		id, wait, err = g.Failures.Begin(ctx, a.SignInAttempt,
			[]FailureRule{{Bucket: "sign_in_device", Scope: ScopeDevice, Limit: s.Limits.SignInPerEmail, Window: SignInWindow}})
		if err == nil && wait > 0 {
			// A device that failed too often is held to the address limits.
			a.knownDevice = false
		}
	}
	if err == nil && !a.knownDevice {
		id, wait, err = g.Failures.Begin(ctx, a.SignInAttempt, rules)
	}
	if err != nil {
		return a, fmt.Errorf("sign-in limits: %w", err)
	}
	if wait > 0 {
		return a, rateLimited(MsgWaitSignIn, wait)
	}
	a.ID = id
	return a, nil
}

// failed is a wrong password (or an unknown e-mail): the attempt stays
// counted, and a burst of failures on the e-mail queues the warning to
// its owner. The same work whether or not the e-mail has an account.
func (g SignInGuard) failed(ctx context.Context, a guardedAttempt, email string) error {
	n, err := g.Failures.EmailFailures(ctx, a.EmailHash, a.At.Add(-SignInWindow))
	if err != nil {
		return fmt.Errorf("count failed sign-ins: %w", err)
	}
	// Every SignInAlertAfter-th failure queues the job; the job mails once
	// per window.
	if n >= SignInAlertAfter && (n-SignInAlertAfter)%SignInAlertAfter == 0 {
		if err := g.Alerts.EnqueueSignInAlert(ctx, domain.NormalizeEmail(email)); err != nil {
			return fmt.Errorf("queue sign-in alert: %w", err)
		}
	}
	return nil
}

// succeeded is a right password: the attempt no longer counts.
func (g SignInGuard) succeeded(ctx context.Context, a guardedAttempt) error {
	if err := g.Failures.Succeeded(ctx, a.SignInAttempt); err != nil {
		return fmt.Errorf("forget sign-in attempt: %w", err)
	}
	return nil
}

// remember makes the device known for the account and returns the token
// its cookie carries: the one presented if it was already the account's,
// a new one otherwise.
func (g SignInGuard) remember(ctx context.Context, a guardedAttempt, account domain.UserID, token string) (string, error) {
	hash := a.DeviceHash
	if !a.knownDevice {
		var h []byte
		token, h = newSecret()
		hash = h
	}
	if err := g.Devices.Remember(ctx, account, hash, a.At); err != nil {
		return "", fmt.Errorf("remember device: %w", err)
	}
	return token, nil
}

// hashKey is the SHA-256 of a limit's key.
func hashKey(k string) []byte {
	sum := sha256.Sum256([]byte(k))
	return sum[:]
}

// rememberDevice makes the browser known to the account id: the token it
// presented (its social_device cookie) if that is already the account's, a
// new one otherwise; the token its cookie is to carry is returned.
func rememberDevice(ctx context.Context, devices KnownDevices, id domain.UserID, token string, now time.Time) (string, error) {
	var hash []byte
	if token != "" {
		hash = HashSecret(token)
		owner, err := devices.AccountOf(ctx, hash)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return "", fmt.Errorf("known device: %w", err)
		}
		if err != nil || owner != id {
			hash = nil
		}
	}
	if hash == nil {
		token, hash = newSecret()
	}
	if err := devices.Remember(ctx, id, hash, now); err != nil {
		return "", fmt.Errorf("remember device: %w", err)
	}
	return token, nil
}
