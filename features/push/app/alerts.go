package app

import (
	"slices"

	"social/core/domain"
)

// Alert is a kind of push a device may ask for.
type Alert string

// The alerts. Mastodon names two of them differently: like is its
// "favourite", moderation its "admin.report".
const (
	AlertFollow     Alert = "follow"
	AlertLike       Alert = "like"
	AlertComment    Alert = "comment"
	AlertMention    Alert = "mention"
	AlertMessage    Alert = "message"
	AlertModeration Alert = "moderation"
)

// AlertTest is the test push a member sends their own device; no switch
// turns it off.
const AlertTest Alert = "test"

// AlertSystem is a notice from the service (an archive ready, a report
// acted on, a post removed, a sign-in from a new device): about the
// member's own account and data, it is not a switch; only the policy
// "none" (no pushes at all) holds it back.
const AlertSystem Alert = "system"

// AlwaysOn reports whether a is an alert no switch turns off.
func AlwaysOn(a Alert) bool { return a == AlertTest || a == AlertSystem }

// Alerts are every alert, in the order answers list them.
var Alerts = []Alert{AlertFollow, AlertLike, AlertComment, AlertMention, AlertMessage, AlertModeration}

// staffOnly are the alerts only moderators and administrators receive.
func staffOnly(a Alert) bool { return a == AlertModeration }

// allowed reports whether a member of role may have alert a on.
func allowed(a Alert, role domain.Role) bool {
	return !staffOnly(a) || role == domain.RoleModerator || role == domain.RoleAdmin
}

// Policy narrows whose acts push (Mastodon's data[policy]).
type Policy string

// The policies: everyone, members the recipient follows, members who
// follow the recipient, nobody.
const (
	PolicyAll      Policy = "all"
	PolicyFollowed Policy = "followed"
	PolicyFollower Policy = "follower"
	PolicyNone     Policy = "none"
)

func (p Policy) valid() bool {
	return slices.Contains([]Policy{PolicyAll, PolicyFollowed, PolicyFollower, PolicyNone}, p)
}

// alertOf is the alert of a notification type.
func alertOf(t domain.NotificationType) (Alert, bool) {
	switch t {
	case domain.NotifyLike:
		return AlertLike, true
	case domain.NotifyComment:
		return AlertComment, true
	case domain.NotifyFollow:
		return AlertFollow, true
	case domain.NotifyMention:
		return AlertMention, true
	case domain.NotifySystem:
		return AlertSystem, true
	}
	return "", false
}
