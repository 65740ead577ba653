package ports

import (
	"context"
	"strings"

	"social/core/domain"
)

// AccessChanges tells every node, and every command run against the same
// database, that who may follow a realtime topic has narrowed: the nodes
// then check again, at once, the subscriptions concerned, and end those
// that are no longer allowed. Call it inside the transaction that made the
// change (the notice is then sent when, and only if, it commits) or just
// after it. Best effort: a node that misses notices (its listening
// connection dropped) checks every subscription again once it is back.
type AccessChanges interface {
	// MemberAccessChanged: member may have lost the right to some topics
	// (an unfollow, a removal from a circle a plugin keeps, a block).
	MemberAccessChanged(ctx context.Context, member domain.UserID)
	// TopicAccessChanged: some followers of topic may have lost the right
	// to it (a post deleted or made private, a plugin's topic closed or gone).
	TopicAccessChanged(ctx context.Context, topic string)
}

// AccessNotice is one access change as it travels between nodes.
type AccessNotice struct {
	Kind   AccessNoticeKind
	Member domain.UserID // for NoticeSessionsEnded and NoticeMemberAccess
	Topic  string        // for NoticeTopicAccess
}

// AccessNoticeKind says which subscriptions a notice concerns.
type AccessNoticeKind string

// The kinds of AccessNotice.
const (
	NoticeSessionsEnded AccessNoticeKind = "sessions"
	NoticeMemberAccess  AccessNoticeKind = "member"
	NoticeTopicAccess   AccessNoticeKind = "topic"
)

// String is the notice's wire form, "<kind>:<member or topic>".
func (n AccessNotice) String() string {
	if n.Kind == NoticeTopicAccess {
		return string(n.Kind) + ":" + n.Topic
	}
	return string(n.Kind) + ":" + n.Member.String()
}

// ParseAccessNotice reads the wire form back; ok is false for anything
// else.
func ParseAccessNotice(s string) (n AccessNotice, ok bool) {
	kind, rest, found := strings.Cut(s, ":")
	if !found || rest == "" {
		return AccessNotice{}, false
	}
	switch AccessNoticeKind(kind) {
	case NoticeSessionsEnded, NoticeMemberAccess:
		id, err := domain.ParseUserID(rest)
		if err != nil {
			return AccessNotice{}, false
		}
		return AccessNotice{Kind: AccessNoticeKind(kind), Member: id}, true
	case NoticeTopicAccess:
		return AccessNotice{Kind: NoticeTopicAccess, Topic: rest}, true
	}
	return AccessNotice{}, false
}
