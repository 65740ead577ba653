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

// Notification types: like, comment, follow and mention, caused by
// another member; system, a notice from the service itself.
const (
	NotifyLike    NotificationType = "like"
	NotifyComment NotificationType = "comment"
	NotifyFollow  NotificationType = "follow"
	NotifyMention NotificationType = "mention"
	NotifySystem  NotificationType = "system"
)

// NoticeKind is which notice from the service a system notification is.
type NoticeKind string

// The service's notices: the data export's archive is ready, a report the
// member made was acted on, a moderator removed the member's post, the
// account was signed in to from a device it had not seen.
const (
	NoticeExportReady    NoticeKind = "export_ready"
	NoticeReportResolved NoticeKind = "report_resolved"
	NoticePostRemoved    NoticeKind = "post_removed"
	NoticeNewSignIn      NoticeKind = "new_sign_in"
)

// NoticeKinds are every notice, in a stable order.
var NoticeKinds = []NoticeKind{NoticeExportReady, NoticeReportResolved, NoticePostRemoved, NoticeNewSignIn}

// NotificationMessageMax bounds the stored excerpt, in characters.
const NotificationMessageMax = 100

// Notification is one thing that happened to a member because of another,
// or a notice from the service. PostID is set for like, comment and
// mention; CommentID for comment. A system notification has no sender
// (SenderID is zero) and says which notice it is in Notice.
type Notification struct {
	ID          NotificationID
	RecipientID UserID
	SenderID    UserID
	Type        NotificationType
	Notice      NoticeKind
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
