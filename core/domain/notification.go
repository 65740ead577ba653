package domain

import (
	"time"

	"github.com/google/uuid"
)

// NotificationID identifies a notification (UUIDv7).
type NotificationID uuid.UUID

// NewNotificationID makes a fresh time-ordered ID.
func NewNotificationID() NotificationID { return NotificationID(uuid.Must(uuid.NewV7())) }

// ParseNotificationID reads an ID from its text form.
func ParseNotificationID(s string) (NotificationID, error) {
	return parseID[NotificationID]("notification", s)
}

func (id NotificationID) String() string { return uuid.UUID(id).String() }

// NotificationType is what happened.
type NotificationType string

// Notification types: like, comment, follow and mention.
const (
	NotifyLike    NotificationType = "like"
	NotifyComment NotificationType = "comment"
	NotifyFollow  NotificationType = "follow"
	NotifyMention NotificationType = "mention"
)

// NotificationMessageMax bounds the stored excerpt, in characters.
const NotificationMessageMax = 100

// Notification is one thing that happened to a member because of another.
// PostID is set for like, comment and mention; CommentID for comment.
type Notification struct {
	ID          NotificationID
	RecipientID UserID
	SenderID    UserID
	Type        NotificationType
	PostID      *PostID
	CommentID   *uuid.UUID
	Message     *string
	IsRead      bool
	CreatedAt   time.Time
}

// NotificationItem is a notification with its sender as shown in the list;
// a sender whose profile is gone reads as 'Unknown User' / 'unknown'.
type NotificationItem struct {
	Notification
	Sender MemberCard
}

// Excerpt is text cut to NotificationMessageMax characters, with '...'
// when it was longer.
func Excerpt(text string) string {
	r := []rune(text)
	if len(r) <= NotificationMessageMax {
		return text
	}
	return string(r[:NotificationMessageMax]) + "..."
}
