package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
	notifications "social/features/notifications/app"
	posts "social/features/posts/app"
)

// world is every store moderation's use cases touch, in memory, with a
// record of what each was asked to do.
type world struct {
	accounts map[domain.UserID]*domain.Account
	profiles map[domain.UserID]*domain.Profile
	posts    map[domain.PostID]domain.Post
	reports  map[domain.ReportID]*domain.Report

	revoked []domain.UserID
	ended   []domain.UserID
	indexed []domain.UserID // authors whose posts were queued for search
	portstest.SearchQueue
	deleted   []domain.PostID
	announced portstest.Broadcasts // what was told of a removal
	audit     []domain.AuditEntry
	notices   []domain.Notification // the service's notices recorded
	told      portstest.Broadcasts  // what was told of them after commit
	failing   error                 // answered by every write when set
}

// Insert records a notice (the notifications feature's Writer).
func (w *world) Insert(_ context.Context, n domain.Notification) (bool, error) {
	if w.failing != nil {
		return false, w.failing
	}
	w.notices = append(w.notices, n)
	return true, nil
}

func (w *world) Retract(context.Context, domain.UserID, domain.UserID, domain.NotificationType, *domain.PostID) ([]domain.NotificationID, error) {
	return nil, nil
}

// Unread is the count the announcements carry.
func (w *world) Unread(context.Context, domain.UserID) (int, error) { return 1, nil }

// noticesOf are the kinds of notices recorded for member, in order.
func (w *world) noticesOf(member domain.UserID) []domain.NoticeKind {
	var out []domain.NoticeKind
	for _, n := range w.notices {
		if n.RecipientID == member {
			out = append(out, n.Notice)
		}
	}
	return out
}

func newWorld() *world {
	return &world{accounts: map[domain.UserID]*domain.Account{}, profiles: map[domain.UserID]*domain.Profile{},
		posts: map[domain.PostID]domain.Post{}, reports: map[domain.ReportID]*domain.Report{}}
}

var moment = time.Date(2026, 4, 2, 10, 0, 0, 0, time.UTC)

func (w *world) member(role domain.Role) domain.UserID {
	id := domain.NewUserID()
	w.accounts[id] = &domain.Account{ID: id, Email: id.String()[:8] + "@exemplo.com.br", Role: role}
	w.profiles[id] = &domain.Profile{ID: id, Handle: "m" + id.String()[:8]}
	return id
}

func (w *world) post(author domain.UserID) domain.PostID {
	id := domain.NewPostID()
	text := "Texto do post"
	w.posts[id] = domain.Post{ID: id, AuthorID: author, TextContent: &text, Visibility: domain.VisibilityPublic}
	return id
}

func (w *world) report(target domain.ReportTarget, id [16]byte, reason string) domain.ReportID {
	rid := domain.NewReportID()
	r := &domain.Report{ID: rid, ReporterID: domain.NewUserID(), TargetType: target, TargetID: id, Status: domain.ReportOpen}
	if reason != "" {
		r.Reason = &reason
	}
	w.reports[rid] = r
	return rid
}

// Accounts.

func (w *world) Lock(_ context.Context, id domain.UserID) (domain.Account, error) {
	return portstest.LookupCopy(w.accounts, id)
}

func (w *world) SetRole(_ context.Context, id domain.UserID, role domain.Role, _ time.Time) error {
	if w.failing != nil {
		return w.failing
	}
	w.accounts[id].Role = role
	return nil
}

func (w *world) SetSuspension(_ context.Context, id domain.UserID, since *time.Time, reason *string, _ time.Time) error {
	if w.failing != nil {
		return w.failing
	}
	w.accounts[id].SuspendedAt, w.accounts[id].SuspendedReason = since, reason
	return nil
}

func (w *world) RevokeAll(_ context.Context, id domain.UserID, _ time.Time, reason string) error {
	if reason != RevokedSuspended {
		return errors.New("unexpected revocation reason " + reason)
	}
	w.revoked = append(w.revoked, id)
	return nil
}

func (w *world) SessionsEnded(_ context.Context, id domain.UserID) { w.ended = append(w.ended, id) }

func (w *world) EnqueueAuthorPosts(_ context.Context, author domain.UserID) error {
	w.indexed = append(w.indexed, author)
	return nil
}

func (w *world) Record(_ context.Context, e domain.AuditEntry) error {
	w.audit = append(w.audit, e)
	return nil
}

// Profiles.

func (w *world) LockProfile(_ context.Context, id domain.UserID) (domain.Profile, error) {
	return portstest.LookupCopy(w.profiles, id)
}

func (w *world) SetVerified(_ context.Context, id domain.UserID, verified bool, _ time.Time) error {
	if w.failing != nil {
		return w.failing
	}
	w.profiles[id].IsVerified = verified
	return nil
}

// Posts, through posts.Removal's ports.

type postsOf struct{ w *world }

func (p postsOf) Lock(_ context.Context, id domain.PostID) (domain.Post, error) {
	return portstest.Lookup(p.w.posts, id)
}

func (p postsOf) Delete(_ context.Context, post domain.Post) error {
	if p.w.failing != nil {
		return p.w.failing
	}
	delete(p.w.posts, post.ID)
	p.w.deleted = append(p.w.deleted, post.ID)
	return nil
}

func (p postsOf) EnqueueMediaDeletion(context.Context, string) error { return nil }

// Reports.

func (w *world) LockReport(_ context.Context, id domain.ReportID) (domain.Report, error) {
	return portstest.LookupCopy(w.reports, id)
}

func (w *world) Close(_ context.Context, id domain.ReportID, res Resolution) error {
	w.reports[id].Status = res.Status
	return nil
}

func (w *world) CloseTarget(_ context.Context, target domain.ReportTarget, targetID string, res Resolution) ([]domain.UserID, error) {
	var reporters []domain.UserID
	for _, r := range w.reports {
		if r.TargetType == target && r.TargetID.String() == targetID && r.Status == domain.ReportOpen {
			r.Status = res.Status
			reporters = append(reporters, r.ReporterID)
		}
	}
	return reporters, nil
}

// Use cases wired to the world.

func (w *world) suspend() *Suspend {
	return &Suspend{Tx: portstest.InlineTx{}, Accounts: w, Sessions: w, Index: w, Audit: w,
		Clock: portstest.Clock{At: moment}, Ends: w}
}

func (w *world) removal() posts.Removal {
	p := postsOf{w}
	return posts.Removal{Search: w, Posts: p, Media: p, Broadcaster: &w.announced,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

func (w *world) removePost() *RemovePost {
	return &RemovePost{Tx: portstest.InlineTx{}, Removal: w.removal(), Reports: w, Audit: w,
		Clock: portstest.Clock{At: moment}, Notices: &notifications.Recorder{Store: w, Clock: portstest.Clock{At: moment}},
		Announcer: &notifications.Announcer{Counts: w, Broadcaster: &w.told, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}}
}

func (w *world) resolveReport() *ResolveReport {
	return &ResolveReport{Tx: portstest.InlineTx{}, Reports: w, Remove: w.removePost(), Suspend: w.suspend(),
		Audit: w, Clock: portstest.Clock{At: moment}}
}

func staff(id domain.UserID, role domain.Role) domain.Viewer {
	return domain.Viewer{UserID: id, Role: role}
}
