package accesscontrol_test

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

// Values no body may assign: distinctive, so that a row holding one was
// written from the request.
const (
	sentinelID    = "0bad0bad-0bad-4bad-8bad-0bad0bad0bad"
	sentinelCount = 987654
	sentinelTime  = "2001-02-03T04:05:06Z"
)

// extras are the fields a mass assignment adds to an ordinary body: the
// columns a member must never set through it, in the names a client would
// guess (the brief's and the tables' own).
func (w *world) extras() map[string]any { return extrasFor(w.target.ID) }

// extrasFor are the extra fields, owners pointing at the member target.
func extrasFor(target string) map[string]any {
	x := map[string]any{
		"role": "admin", "is_verified": true, "verified": true, "is_admin": true, "status": "approved",
		"id":         sentinelID,
		"created_at": sentinelTime, "updated_at": sentinelTime, "suspended_at": sentinelTime, "confirmed_at": sentinelTime,
	}
	for _, c := range []string{"followers_count", "follower_count", "following_count", "posts_count", "post_count",
		"likes_count", "like_count", "comment_count", "share_count", "member_count", "participant_count", "view_count",
		"unread_count"} {
		x[c] = sentinelCount
	}
	for _, c := range []string{"user_id", "author_id", "owner_id", "host_id", "sender_id", "reporter_id",
		"recipient_id", "follower_id", "account_id"} {
		x[c] = target
	}
	return x
}

// fieldValue is an ordinary value for one field of op's body.
func (w *world) fieldValue(op operation, name string, s *schema) (any, bool) {
	switch op.ID + "." + name {
	case "sign-in.email":
		return w.a.Email, true
	case "sign-up.handle":
		return fmt.Sprintf("novo_%d", w.unique()), true
	case "messages-start-conversation.handle":
		return w.c.Handle, true
	case "rooms-playback.action":
		return "play", true
	case "approve-authorization.client_id", "deny-authorization.client_id":
		return w.fixtures["oauth_client"], true
	case "approve-authorization.response_type", "deny-authorization.response_type":
		return "code", true
	case "block-domain.domain":
		return fmt.Sprintf("servidor%d.example", w.unique()), true
	case "add-muted-word.word":
		return fmt.Sprintf("palavra %d", w.unique()), true
	case "push-subscribe.subscription": // RFC 8291's example device
		return map[string]any{"endpoint": fmt.Sprintf("https://push.example.com/%d", w.unique()), "keys": map[string]string{
			"p256dh": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
			"auth":   "BTBZMqHH6r4Tts7J_aSIgg"}}, true
	case "email-digest-set.enabled":
		return true, true
	case "push-update-subscription.data":
		return map[string]any{"alerts": map[string]bool{"like": false}}, true
	}
	switch name {
	case "email":
		return fmt.Sprintf("novo%d@example.com", w.unique()), true
	case "password", "password_confirmation":
		return at.Password, true
	case "text_content":
		return "Texto de teste", true
	case "text":
		return "Olá!", true
	case "name":
		return fmt.Sprintf("Nome %d", w.unique()), true
	case "display_name":
		return "Nome Exibido", true
	case "description", "bio":
		return "Descrição de teste", true
	case "location":
		return "São Paulo", true
	case "website_url":
		return "https://example.com", true
	case "track_preview_url":
		return "https://example.com/faixa.mp3", true
	case "current_track":
		return "Faixa", true
	case "current_artist":
		return "Artista", true
	case "reason":
		return "Motivo de teste", true
	case "note":
		return "Nota de teste", true
	case "target_language":
		return "en", true
	case "position_seconds":
		return 0, true
	case "only_following", "is_verified":
		return false, true
	case "credential": // a passkey's answer, which no test value makes valid
		return map[string]any{}, true
	case "is_public":
		return true, true
	}
	if len(s.Enum) > 0 {
		return s.Enum[0], true
	}
	return nil, false
}

// request is what to send for op: a body for at.Client.Do and its headers.
type request struct {
	body   any
	header []string
}

// body builds op's ordinary body from its schema: every property with a
// known value, and an error for a required one without. extra adds the
// mass assignment's fields the schema does not have.
func (w *world) body(t testing.TB, op operation, extra bool) (request, error) {
	return w.bodyWith(t, op, extra, nil)
}

// bodyWith is body with some fields set to the given values.
func (w *world) bodyWith(t testing.TB, op operation, extra bool, set map[string]any) (request, error) {
	if op.Body == nil {
		return request{}, nil
	}
	fields := map[string]any{}
	var files []string
	required := map[string]bool{}
	for _, r := range op.Body.Required {
		required[r] = true
	}
	names := make([]string, 0, len(op.Body.Properties))
	for name := range op.Body.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := op.Body.Properties[name]
		if name == "$schema" || p.ReadOnly {
			continue
		}
		if p.Format == "binary" {
			files = append(files, name)
			continue
		}
		v, ok := set[name]
		if !ok {
			v, ok = w.fieldValue(op, name, p)
		}
		if !ok {
			if required[name] {
				return request{}, fmt.Errorf("no value for required field %q", name)
			}
			continue
		}
		fields[name] = v
	}
	for k, v := range set {
		fields[k] = v
	}
	if extra {
		for k, v := range w.extras() {
			if _, has := op.Body.Properties[k]; !has {
				fields[k] = v
			}
		}
	}
	switch {
	case strings.HasPrefix(op.ContentType, "application/json"):
		return request{body: fields}, nil
	case op.ContentType == "multipart/form-data":
		form := map[string]string{}
		for k, v := range fields {
			form[k] = fmt.Sprint(v)
		}
		b, ct := multipartBody(t, form, files...)
		return request{body: b, header: []string{"Content-Type", ct}}, nil
	}
	return request{}, fmt.Errorf("no body builder for %s", op.ContentType)
}

// send makes op's request as c with path values and an ordinary body.
func (w *world) send(t *testing.T, c *at.Client, op operation, values []string, extra bool) *at.Response {
	t.Helper()
	req, err := w.body(t, op, extra)
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	return c.Do(op.Method, op.URL(values), req.body, req.header...)
}

// fixtureValues maps a rule's variant to its path values.
func (w *world) fixtureValues(op operation, variant string) ([]string, error) {
	names := params(variant)
	if len(names) != len(op.PathParams) {
		return nil, fmt.Errorf("variant %q names %d fixtures for the %d parameters of %s", variant, len(names), len(op.PathParams), op)
	}
	values := make([]string, len(names))
	for i, n := range names {
		v, ok := w.fixtures[n]
		if !ok {
			return nil, fmt.Errorf("no fixture %q (variant %q of %s)", n, variant, op.ID)
		}
		values[i] = v
	}
	return values, nil
}

func success(status int) bool { return status >= 200 && status <= 299 }

func refusal(status int) bool { return status == http.StatusForbidden || status == http.StatusNotFound }
