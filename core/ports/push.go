package ports

import (
	"context"
	"crypto/ecdsa"
	"time"
)

// PushSender delivers one message to one device through the push service
// its browser chose (Web Push, RFC 8030): the message is encrypted to the
// device's keys (RFC 8291) and the request is signed with the server's
// VAPID key (RFC 8292). It says what the push service answered; deciding
// what that means (retry, forget the device) is the caller's.
type PushSender interface {
	Send(ctx context.Context, from PushIdentity, to PushDevice, msg PushMessage) (PushResult, error)
}

// PushIdentity is the application server as push services know it: its
// VAPID key pair (P-256) and a contact URI (mailto: or https:).
type PushIdentity struct {
	Key     *ecdsa.PrivateKey
	Subject string
}

// PushDevice is a browser's push subscription: where to POST and the keys
// the payload is encrypted to.
type PushDevice struct {
	Endpoint string
	P256DH   []byte // the device's public key, uncompressed point (65 bytes)
	Auth     []byte // the device's authentication secret (16 bytes)
}

// Urgency of a push message (RFC 8030 section 5.3).
const (
	UrgencyVeryLow = "very-low"
	UrgencyLow     = "low"
	UrgencyNormal  = "normal"
	UrgencyHigh    = "high"
)

// PushMessage is what to deliver and how the push service should keep it.
type PushMessage struct {
	Payload []byte
	// TTL is how long the push service keeps the message for an offline
	// device (whole seconds; 0: deliver now or never).
	TTL     time.Duration
	Urgency string
	// Topic replaces a message with the same topic still waiting at the
	// push service: at most 32 characters of the URL-safe base64 alphabet.
	Topic string
}

// PushResult is the push service's answer.
type PushResult struct {
	Status int
	// RetryAfter is the wait the push service asked for, 0 if none.
	RetryAfter time.Duration
}
