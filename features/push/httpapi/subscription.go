package httpapi

import (
	"context"
	"encoding/base64"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	push "social/features/push/app"
	"social/kit/httpkit"
)

// Keys are the browser's PushSubscription keys.
type Keys struct {
	P256DH string `json:"p256dh" maxLength:"200" doc:"The device's P-256 public key (uncompressed point), URL-safe base64."`
	Auth   string `json:"auth" maxLength:"100" doc:"The device's 16-byte authentication secret, URL-safe base64."`
}

// Device is the browser's PushSubscription (its toJSON()).
type Device struct {
	Endpoint string `json:"endpoint" maxLength:"2048" doc:"The push service's URL for this device (https)."`
	Keys     Keys   `json:"keys"`
}

// Data are what the device wants pushed, as in Mastodon's data[...].
type Data struct {
	Alerts map[string]bool `json:"alerts,omitempty" doc:"Alerts to switch on or off by name: follow, like, comment, mention, message, moderation (staff only). Those not named keep their value (on, for a new subscription)."`
	Policy string          `json:"policy,omitempty" doc:"Whose acts push: all, followed (members you follow), follower (members who follow you) or none. Absent: unchanged (all, for a new subscription)."`
}

type subscribeInput struct {
	Body struct {
		Subscription Device `json:"subscription"`
		Data         *Data  `json:"data,omitempty" required:"false"`
	}
}

type updateInput struct {
	Body struct {
		Data Data `json:"data"`
	}
}

// Alerts are a subscription's alerts, each on or off.
type Alerts struct {
	Follow     bool `json:"follow"`
	Like       bool `json:"like"`
	Comment    bool `json:"comment"`
	Mention    bool `json:"mention"`
	Message    bool `json:"message" doc:"Direct messages."`
	Moderation bool `json:"moderation" doc:"Reports for moderators; always false for members."`
}

// Subscription is the session's device subscription, as Mastodon answers
// its WebPushSubscription.
type Subscription struct {
	ID        string `json:"id" format:"uuid"`
	Endpoint  string `json:"endpoint"`
	Standard  bool   `json:"standard" doc:"Always true: messages are encrypted as RFC 8291 says (aes128gcm)."`
	Alerts    Alerts `json:"alerts"`
	Policy    string `json:"policy" enum:"all,followed,follower,none"`
	ServerKey string `json:"server_key" doc:"The server's VAPID public key, URL-safe base64: the browser's applicationServerKey."`
}

type subscriptionOutput struct{ Body Subscription }

func present(v push.View) Subscription {
	out := Subscription{ID: v.ID.String(), Endpoint: v.Endpoint, Standard: true, Policy: string(v.Policy),
		ServerKey: base64.RawURLEncoding.EncodeToString(v.ServerKey)}
	out.Alerts = Alerts{Follow: v.On(push.AlertFollow), Like: v.On(push.AlertLike), Comment: v.On(push.AlertComment),
		Mention: v.On(push.AlertMention), Message: v.On(push.AlertMessage), Moderation: v.On(push.AlertModeration)}
	return out
}

func settings(d *Data) push.Settings {
	if d == nil {
		return push.Settings{}
	}
	return push.Settings{Alerts: d.Alerts, Policy: d.Policy}
}

func registerSubscription(api huma.API, uc UseCases) {
	tags := []string{"push"}
	huma.Register(api, huma.Operation{
		OperationID: "push-subscribe", Method: http.MethodPost, Path: "/push/subscription",
		Summary: "Subscribe this session's device to push notifications (replaces its subscription)", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {push.CodeNoSession},
			422: {push.CodeInvalid}, 503: {push.CodeUnavailable}}),
	}, func(ctx context.Context, in *subscribeInput) (*subscriptionOutput, error) {
		d := in.Body.Subscription
		v, err := uc.Subscribe.Handle(ctx, domain.ViewerFrom(ctx), push.SubscriptionInput{Endpoint: d.Endpoint,
			P256DH: d.Keys.P256DH, Auth: d.Keys.Auth, Settings: settings(in.Body.Data)})
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &subscriptionOutput{Body: present(v)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "push-get-subscription", Method: http.MethodGet, Path: "/push/subscription",
		Summary: "This session's device subscription", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {push.CodeNoSession},
			404: {push.CodeNotFound}, 503: {push.CodeUnavailable}}),
	}, func(ctx context.Context, _ *struct{}) (*subscriptionOutput, error) {
		v, err := uc.Get.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &subscriptionOutput{Body: present(v)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "push-update-subscription", Method: http.MethodPut, Path: "/push/subscription",
		Summary: "Change the alerts and policy of this session's device subscription", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {push.CodeNoSession},
			404: {push.CodeNotFound}, 422: {push.CodeInvalid}, 503: {push.CodeUnavailable}}),
	}, func(ctx context.Context, in *updateInput) (*subscriptionOutput, error) {
		v, err := uc.Update.Handle(ctx, domain.ViewerFrom(ctx), settings(&in.Body.Data))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &subscriptionOutput{Body: present(v)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "push-unsubscribe", Method: http.MethodDelete, Path: "/push/subscription",
		Summary: "Unsubscribe this session's device (idempotent)", Tags: tags, DefaultStatus: http.StatusNoContent,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {push.CodeNoSession}}),
	}, func(ctx context.Context, _ *struct{}) (*struct{}, error) {
		if err := uc.Unsubscribe.Handle(ctx, domain.ViewerFrom(ctx)); err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return nil, nil
	})
}

func registerTest(api huma.API, uc UseCases) {
	huma.Register(api, huma.Operation{
		OperationID: "push-send-test", Method: http.MethodPost, Path: "/push/subscription/test",
		Summary: "Send a test notification to this session's device", Tags: []string{"push"},
		Description:   "Queued (202); one per device within push.collapse_window, whatever the device's alerts say.",
		DefaultStatus: http.StatusAccepted,
		Security:      httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {push.CodeNoSession},
			404: {push.CodeNotFound}, 503: {push.CodeUnavailable}}),
	}, func(ctx context.Context, _ *struct{}) (*struct{}, error) {
		if err := uc.Test.Handle(ctx, domain.ViewerFrom(ctx)); err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return nil, nil
	})
}

// ServerKey is the VAPID public key a browser subscribes with.
type ServerKey struct {
	Enabled   bool   `json:"enabled" doc:"Whether this server sends push notifications."`
	PublicKey string `json:"public_key" doc:"The VAPID public key (uncompressed P-256 point), URL-safe base64: PushManager.subscribe's applicationServerKey. Empty when push is off."`
}

func registerKey(api huma.API, uc UseCases) {
	huma.Register(api, huma.Operation{
		OperationID: "push-server-key", Method: http.MethodGet, Path: "/push/server-key",
		Summary: "The server's VAPID public key, to subscribe a device with", Tags: []string{"push"},
		Security: httpkit.Public, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body ServerKey }, error) {
		out := &struct{ Body ServerKey }{}
		if !uc.Enabled {
			return out, nil
		}
		key, err := uc.Keys.PublicKey(ctx)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out.Body = ServerKey{Enabled: true, PublicKey: base64.RawURLEncoding.EncodeToString(key)}
		return out, nil
	})
}
