package httpapi

import (
	"testing"
	"time"

	"social/core/domain"
	safety "social/features/safety/app"
	search "social/features/search/app"
)

// Our notification types map onto Mastodon's and back; a notification
// about a post is not shown without its status, a follow never carries
// one.
func TestNotificationTypes(t *testing.T) {
	for ours, want := range map[domain.NotificationType]string{domain.NotifyFollow: "follow", domain.NotifyLike: "favourite",
		domain.NotifyMention: "mention", domain.NotifyComment: "mention", "other": ""} {
		if got := NotificationType(ours); got != want {
			t.Errorf("%s: %q, want %q", ours, got, want)
		}
	}
	if got := NotificationTypes("mention"); len(got) != 2 || NotificationTypes("poll") != nil {
		t.Errorf("back: %v", got)
	}
	b := NewBase("https://rede.example/")
	like := domain.NotificationItem{Notification: domain.Notification{ID: domain.NewNotificationID(), Type: domain.NotifyLike}}
	if _, ok := b.Notification(like, Account{}, nil); ok {
		t.Error("a favourite without its status")
	}
	follow := domain.NotificationItem{Notification: domain.Notification{ID: domain.NewNotificationID(), Type: domain.NotifyFollow}}
	n, ok := b.Notification(follow, Account{}, &Status{})
	if !ok || n.Status != nil || n.Type != "follow" || n.GroupKey != "ungrouped-"+n.ID {
		t.Errorf("follow: %+v %v", n, ok)
	}
}

// expires_in becomes the shortest of our durations at least as long.
func TestMutedFor(t *testing.T) {
	for in, want := range map[string]safety.Duration{"": safety.Forever, "0": safety.Forever, "1800": safety.Day,
		"86400": safety.Day, "86401": safety.Week, "604800": safety.Week, "2592000": safety.Month, "2592001": safety.Forever} {
		r := &Request{Params: Params{values: map[string][]string{"expires_in": {in}}}}
		if got, err := mutedFor(r); err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	if _, err := mutedFor(&Request{Params: Params{values: map[string][]string{"expires_in": {"-1"}}}}); err == nil {
		t.Error("a negative expires_in was taken")
	}
}

// Trending hashtags: at most limit of them, one history entry dated today.
func TestTrendTagsConversion(t *testing.T) {
	b := NewBase("https://rede.example")
	now := time.Date(2026, 11, 30, 15, 4, 0, 0, time.UTC)
	tags := b.trendTags([]search.HashtagTrend{{Tag: "praia", People: 3, Posts: 7}, {Tag: "sol", People: 1, Posts: 1}}, 1, now)
	if len(tags) != 1 || tags[0].Name != "praia" || tags[0].History[0].Uses != "7" || tags[0].History[0].Accounts != "3" ||
		tags[0].History[0].Day != "1795996800" {
		t.Errorf("tags: %+v", tags)
	}
	if b.Domain() != "rede.example" || b.streamingURL() != "wss://rede.example" {
		t.Errorf("domain %q, streaming %q", b.Domain(), b.streamingURL())
	}
}
