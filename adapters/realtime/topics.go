package realtime

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"social/core/domain"
	"social/kit/plugin"
)

// Core topics.
const (
	TopicPublicFeed = "feed:public"
	prefixUser      = "user:"
	suffixNotices   = ":notifications"
	prefixPost      = "post:"
	prefixFeed      = "feed:"
	prefixHome      = "home:"
)

// HomeTopic is the topic of what joins member id's timeline (published by
// the timelines fan-out).
func HomeTopic(id domain.UserID) string { return prefixHome + id.String() }

// NotificationsTopic is the topic of member id's notifications.
func NotificationsTopic(id domain.UserID) string { return prefixUser + id.String() + suffixNotices }

// PostTopic is the topic of one post's counters.
func PostTopic(id string) string { return prefixPost + id }

// Refusals of a subscription; any other error of an authorizer is a
// refusal too (codeForbidden).
var (
	errUnknownTopic = errors.New("unknown topic")
	errForbidden    = errors.New("forbidden topic")
)

// Router authorizes subscriptions: core topics and contributed ones.
type Router struct {
	posts   plugin.PostVisibility
	plugins []plugin.Topic
}

// NewRouter checks the contributed topics: a prefix must be non-empty,
// end with ':' and share no beginning with a core prefix or another
// plugin's (so one topic never matches two rules).
func NewRouter(topics []plugin.Topic, posts plugin.PostVisibility) (*Router, error) {
	taken := []string{prefixFeed, prefixUser, prefixPost, prefixHome}
	for _, t := range topics {
		if t.Prefix == "" || !strings.HasSuffix(t.Prefix, ":") || !validTopic(t.Prefix) || t.Authorize == nil {
			return nil, fmt.Errorf("realtime topic of plugin %q: prefix %q must be a topic prefix ending in ':', with an Authorize function", t.Plugin, t.Prefix)
		}
		for _, p := range taken {
			if strings.HasPrefix(t.Prefix, p) || strings.HasPrefix(p, t.Prefix) {
				return nil, fmt.Errorf("realtime topic of plugin %q: prefix %q overlaps %q", t.Plugin, t.Prefix, p)
			}
		}
		taken = append(taken, t.Prefix)
	}
	return &Router{posts: posts, plugins: append([]plugin.Topic(nil), topics...)}, nil
}

// Authorize returns nil when the viewer in ctx may subscribe to topic,
// errUnknownTopic for a topic no rule knows, else the refusal.
func (r *Router) Authorize(ctx context.Context, topic string) error {
	v := domain.ViewerFrom(ctx)
	if !validTopic(topic) {
		return errUnknownTopic
	}
	if !v.SignedIn() {
		return errForbidden
	}
	switch {
	case topic == TopicPublicFeed:
		return nil
	case strings.HasPrefix(topic, prefixUser):
		id, ok := strings.CutSuffix(strings.TrimPrefix(topic, prefixUser), suffixNotices)
		if !ok {
			return errUnknownTopic
		}
		uid, err := domain.ParseUserID(id)
		if err != nil {
			return errUnknownTopic
		}
		if uid != v.UserID {
			return errForbidden
		}
		return nil
	case strings.HasPrefix(topic, prefixHome):
		uid, err := domain.ParseUserID(strings.TrimPrefix(topic, prefixHome))
		if err != nil {
			return errUnknownTopic
		}
		if uid != v.UserID {
			return errForbidden
		}
		return nil
	case strings.HasPrefix(topic, prefixPost):
		id, err := uuid.Parse(strings.TrimPrefix(topic, prefixPost))
		if err != nil || strings.TrimPrefix(topic, prefixPost) != id.String() {
			return errUnknownTopic
		}
		if r.posts == nil {
			return nil
		}
		return r.posts.CanSeePost(ctx, id)
	}
	for _, t := range r.plugins {
		if strings.HasPrefix(topic, t.Prefix) {
			return t.Authorize(ctx, topic)
		}
	}
	return errUnknownTopic
}

// plugin is the contributed topic family topic belongs to.
func (r *Router) plugin(topic string) (plugin.Topic, bool) {
	for _, t := range r.plugins {
		if strings.HasPrefix(topic, t.Prefix) {
			return t, true
		}
	}
	return plugin.Topic{}, false
}

const maxTopicLen = 200

// validTopic keeps topics to a small alphabet (they are map keys, log
// fields and, with NATS, subjects).
func validTopic(topic string) bool {
	if topic == "" || len(topic) > maxTopicLen {
		return false
	}
	for _, c := range topic {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == ':', c == '-', c == '_':
		default:
			return false
		}
	}
	return true
}
