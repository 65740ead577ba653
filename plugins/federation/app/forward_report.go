package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	moderation "social/features/moderation/app"
)

// Forwarding is a report sent on to the reported account's server.
type Forwarding struct {
	ReportID   domain.ReportID
	ActivityID string // the Flag's id
	Server     string // the host it went to
	Content    string
	By         *domain.UserID // nil for the operator
	At         time.Time
}

// ReportedObject is what a report is about, as another server knows it.
type ReportedObject struct {
	Author domain.UserID // the remote account's profile
	URI    string        // the Note's id on its server
}

// ForwardStore keeps the reports' forwardings.
type ForwardStore interface {
	// Forwarding is report id's forwarding (domain.ErrNotFound before
	// it is forwarded).
	Forwarding(ctx context.Context, id domain.ReportID) (Forwarding, error)
	// ReportedObject is the remote post or comment of target (kind
	// "post" or "comment"); found is false for one written here.
	ReportedObject(ctx context.Context, kind string, target uuid.UUID) (ReportedObject, bool, error)
	// RemoteActor is the actor standing for profile; found is false for
	// a member's.
	RemoteActor(ctx context.Context, profile domain.UserID) (RemoteActor, bool, error)
	SaveForwarding(ctx context.Context, f Forwarding) error
}

// FlagWriter writes the Flag forwarding report id about note by account
// with content: its id and its JSON.
type FlagWriter func(id domain.ReportID, account, note, content string) (activityID string, body []byte, err error)

// ForwardReport sends a report about another server's account's post or
// comment to that server, as a Flag signed by the site actor (Mastodon's
// "forward to the remote server"). Staff only. The forwarding, its audit
// entry and the delivery are one transaction; a report forwarded once is
// answered as it was, and nothing is sent again. The Flag carries the
// moderator's text (by default the report's reason), never who reported.
type ForwardReport struct {
	Tx ports.Transactor
	// Reports are the reports feature's, locked while one is forwarded
	// (a forwarding and a resolution of one report wait for each other).
	Reports moderation.ReportLocker
	Store   ForwardStore
	Flag    FlagWriter
	Deliver Deliverer
	Audit   ports.AuditLog
	Clock   ports.Clock
	// Domain names this server in the default text.
	Domain string
}

// Handle forwards report id with content (blank: the report's reason).
func (uc *ForwardReport) Handle(ctx context.Context, viewer domain.Viewer, id domain.ReportID, content string) (Forwarding, error) {
	if err := moderation.RequireStaff(viewer); err != nil {
		return Forwarding{}, err
	}
	content = strings.TrimSpace(content)
	if content != "" {
		var err error
		if content, err = moderation.Reason(content); err != nil {
			return Forwarding{}, err
		}
	}
	var f Forwarding
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		rep, err := uc.Reports.Lock(ctx, id)
		kind, target, reason := string(rep.TargetType), rep.TargetID, rep.Reason
		if errors.Is(err, domain.ErrNotFound) {
			return errs.NotFound(moderation.CodeReportNotFound, moderation.MsgReportNotFound)
		}
		if err != nil {
			return err
		}
		if f, err = uc.Store.Forwarding(ctx, id); err == nil || !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		obj, found, err := uc.Store.ReportedObject(ctx, kind, target)
		if err != nil {
			return err
		}
		var a RemoteActor
		if found {
			a, found, err = uc.Store.RemoteActor(ctx, obj.Author)
			if err != nil {
				return err
			}
		}
		if !found {
			return errs.Invalid(CodeReportNotRemote, MsgReportNotRemote, nil)
		}
		if content == "" && reason != nil {
			content = strings.TrimSpace(*reason)
		}
		if content == "" {
			content = fmt.Sprintf(MsgForwardedDefault, uc.Domain)
		}
		activityID, body, err := uc.Flag(id, a.URI, obj.URI, content)
		if err != nil {
			return err
		}
		f = Forwarding{ReportID: id, ActivityID: activityID, Server: a.Host, Content: content, At: uc.Clock.Now()}
		if !viewer.IsOperator() {
			by := viewer.UserID
			f.By = &by
		}
		if err := uc.Store.SaveForwarding(ctx, f); err != nil {
			return err
		}
		if err := uc.Audit.Record(ctx, domain.AuditEntry{Action: "federation.report.forward", TargetType: "report",
			TargetID: uuid.UUID(id).String(), Reason: &content, At: f.At,
			Details: map[string]any{"server": a.Host, "activity_id": activityID}}.ActorOf(viewer)); err != nil {
			return err
		}
		inbox := a.Inbox
		if a.SharedInbox != "" {
			inbox = a.SharedInbox
		}
		return uc.Deliver.Deliver(ctx, SiteActorID, body, []string{inbox})
	})
	if _, ok := errs.As(err); ok {
		return Forwarding{}, err
	}
	if err != nil {
		return Forwarding{}, fmt.Errorf("forward report %s: %w", uuid.UUID(id), err)
	}
	return f, nil
}
