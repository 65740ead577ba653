package app

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"fmt"
	"net/url"
	"strings"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Settings are what a device asks for: alerts switched on or off by name
// (those not named keep their value, or on for a new subscription) and a
// policy ("" keeps it, or all).
type Settings struct {
	Alerts map[string]bool
	Policy string
}

// SubscriptionInput is a browser's PushSubscription and its settings.
type SubscriptionInput struct {
	Endpoint string
	P256DH   string // URL-safe base64, padded or not
	Auth     string
	Settings
}

// View is a subscription as answered, with the key to subscribe with.
type View struct {
	Subscription
	ServerKey []byte
}

// MaxEndpoint bounds an endpoint URL's length.
const MaxEndpoint = 2048

// Subscribe stores the current session's device subscription.
type Subscribe struct {
	Enabled bool
	// AllowHTTP admits http:// endpoints (development and tests, where the
	// push service is local); production takes https only.
	AllowHTTP bool
	Tx        ports.Transactor
	Store     Subscriptions
	Keys      *Keys
	Clock     ports.Clock
}

// Handle subscribes the viewer's session's device, replacing what it had.
func (uc *Subscribe) Handle(ctx context.Context, viewer domain.Viewer, in SubscriptionInput) (View, error) {
	session, err := sessionOf(viewer, uc.Enabled)
	if err != nil {
		return View{}, err
	}
	fields := map[string]string{}
	endpoint, ok := uc.endpoint(in.Endpoint)
	if !ok {
		fields["endpoint"] = MsgBadEndpoint
	}
	p256dh, err := b64(in.P256DH)
	if err == nil {
		_, err = ecdh.P256().NewPublicKey(p256dh)
	}
	if err != nil {
		fields["p256dh"] = MsgBadP256DH
	}
	auth, err := b64(in.Auth)
	if err != nil || len(auth) != 16 {
		fields["auth"] = MsgBadAuth
	}
	now := uc.Clock.Now()
	sub := Subscription{ID: uuid.Must(uuid.NewV7()), SessionID: session, AccountID: viewer.UserID,
		Endpoint: endpoint, P256DH: p256dh, Auth: auth, Policy: PolicyAll, CreatedAt: now, UpdatedAt: now}
	for _, a := range Alerts {
		if allowed(a, viewer.Role) {
			sub.Alerts = append(sub.Alerts, a)
		}
	}
	if err := apply(&sub, in.Settings, viewer.Role, fields); err != nil {
		return View{}, err
	}
	if len(fields) > 0 {
		return View{}, errs.Invalid(CodeInvalid, MsgInvalid, fields)
	}
	if err := uc.Tx.InTx(ctx, func(ctx context.Context) error { return uc.Store.Save(ctx, sub) }); err != nil {
		return View{}, fmt.Errorf("save push subscription of %s: %w", viewer.UserID, err)
	}
	return view(ctx, uc.Keys, sub)
}

// endpoint admits an absolute https URL (http where allowed) without
// credentials or fragment.
func (uc *Subscribe) endpoint(raw string) (string, bool) {
	if raw == "" || len(raw) > MaxEndpoint {
		return "", false
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || u.Fragment != "" {
		return "", false
	}
	if u.Scheme != "https" && !(uc.AllowHTTP && u.Scheme == "http") {
		return "", false
	}
	return u.String(), true
}

// apply sets the alerts and policy in, checking each; fields collects the
// faults.
func apply(sub *Subscription, in Settings, role domain.Role, fields map[string]string) error {
	on := map[Alert]bool{}
	for _, a := range sub.Alerts {
		on[a] = true
	}
	for name, value := range in.Alerts {
		a := Alert(name)
		known := false
		for _, x := range Alerts {
			known = known || x == a
		}
		if !known {
			fields["alerts."+name] = MsgUnknownAlert
			continue
		}
		// A member's moderation alert stays off: there is nothing of
		// moderation they may be told.
		on[a] = value && allowed(a, role)
	}
	sub.Alerts = sub.Alerts[:0:0]
	for _, a := range Alerts {
		if on[a] {
			sub.Alerts = append(sub.Alerts, a)
		}
	}
	if in.Policy != "" {
		if p := Policy(in.Policy); p.valid() {
			sub.Policy = p
		} else {
			fields["policy"] = MsgBadPolicy
		}
	}
	return nil
}

func view(ctx context.Context, keys *Keys, sub Subscription) (View, error) {
	key, err := keys.PublicKey(ctx)
	if err != nil {
		return View{}, fmt.Errorf("VAPID public key: %w", err)
	}
	return View{Subscription: sub, ServerKey: key}, nil
}

// sessionOf is the viewer's session, which a subscription belongs to.
func sessionOf(viewer domain.Viewer, enabled bool) (uuid.UUID, error) {
	if !viewer.SignedIn() {
		return uuid.Nil, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	if !enabled {
		return uuid.Nil, errs.Unavailable(CodeUnavailable, MsgUnavailable, nil)
	}
	id, err := uuid.Parse(viewer.SessionID)
	if err != nil {
		return uuid.Nil, errs.Forbidden(CodeNoSession, MsgNoSession)
	}
	return id, nil
}

// b64 reads URL-safe base64, padded or not (browsers give it unpadded;
// some libraries pad).
func b64(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}
