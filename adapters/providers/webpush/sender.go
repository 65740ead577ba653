package webpush

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"social/adapters/providers/safefetch"
	"social/core/ports"
)

// Sender is the Web Push adapter of ports.PushSender: it encrypts the
// payload (RFC 8291), signs the request (RFC 8292) and POSTs it to the
// device's endpoint (RFC 8030 section 5) through the SSRF-safe client,
// since the endpoint is a URL a member's browser gave us.
type Sender struct {
	Client *safefetch.Client
	Now    func() time.Time
}

// New makes a Sender over client.
func New(client *safefetch.Client) *Sender { return &Sender{Client: client, Now: time.Now} }

// Send delivers msg to the device. A transport failure is an error; any
// answer of the push service, success or refusal, is a PushResult.
func (s *Sender) Send(ctx context.Context, from ports.PushIdentity, to ports.PushDevice, msg ports.PushMessage) (ports.PushResult, error) {
	body, err := Encrypt(to.P256DH, to.Auth, msg.Payload)
	if err != nil {
		return ports.PushResult{}, err
	}
	auth, err := Authorization(from.Key, from.Subject, to.Endpoint, s.Now())
	if err != nil {
		return ports.PushResult{}, err
	}
	h := http.Header{}
	h.Set("Authorization", auth)
	h.Set("Content-Encoding", "aes128gcm")
	h.Set("Content-Type", "application/octet-stream")
	h.Set("TTL", strconv.FormatInt(int64(msg.TTL/time.Second), 10))
	if msg.Urgency != "" {
		h.Set("Urgency", msg.Urgency)
	}
	if msg.Topic != "" {
		h.Set("Topic", msg.Topic)
	}
	resp, err := s.Client.Post(ctx, to.Endpoint, h, body)
	if err != nil {
		return ports.PushResult{}, fmt.Errorf("webpush: post: %w", err)
	}
	return ports.PushResult{Status: resp.StatusCode, RetryAfter: retryAfter(resp.Header.Get("Retry-After"), s.Now())}, nil
}

// retryAfter reads Retry-After as seconds or as an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
