package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// MaxActivityBytes is the largest activity an inbox takes: a Note with
// its tags and attachments is a few KiB; anything near this is abuse.
const MaxActivityBytes = 256 << 10

// MaxActivityDepth is the deepest nesting of objects and arrays an
// activity may have: an Undo of a Like is three levels, a Create of a
// Note with tags five; deep nesting only costs the parser.
const MaxActivityDepth = 12

// ObjectKind is what a remote object became here.
type ObjectKind string

const (
	ObjectPost    ObjectKind = "post"
	ObjectComment ObjectKind = "comment"
	ObjectFollow  ObjectKind = "follow"
	ObjectLike    ObjectKind = "like"
	ObjectShare   ObjectKind = "share"
)

// RemoteObject is a remote object (a Note, a Follow, a Like) and what it
// became here: LocalID is the post or comment, the member followed, or
// the post liked.
type RemoteObject struct {
	URI     string
	Actor   domain.UserID
	Kind    ObjectKind
	LocalID uuid.UUID
}

// InboxStore records received activities and what their objects became.
type InboxStore interface {
	// Receive records activities and queues the processing of each, in
	// the transaction of ctx: in one statement, as many arrive together.
	// One received before (or whose actor is gone) is left as it was.
	Receive(ctx context.Context, activities []InboxActivity, at time.Time) error
	Processed(ctx context.Context, id string, at time.Time) error
	RemoteObject(ctx context.Context, uri string) (RemoteObject, error)
	SaveObject(ctx context.Context, o RemoteObject, at time.Time) error
	DeleteObject(ctx context.Context, uri string) error
	ObjectByLocal(ctx context.Context, actor domain.UserID, kind ObjectKind, local uuid.UUID) (RemoteObject, error)
	ActorByProfile(ctx context.Context, id domain.UserID) (RemoteActor, error)
}

// InboxActivity is an activity as the inbox keeps it: its id, its actor's
// profile and its JSON.
type InboxActivity struct {
	ID       string
	Actor    domain.UserID
	Activity []byte
}

// envelope is what is read of an activity before it is queued.
type envelope struct {
	ID     string          `json:"id"`
	Type   any             `json:"type"`
	Actor  json.RawMessage `json:"actor"`
	Object json.RawMessage `json:"object"`
}

// ReceiveActivity takes an activity whose signature was verified with
// signer's key: it checks that the activity speaks for signer and that
// what it creates, changes or deletes is of signer's server, then queues
// it once (by its id) for ProcessActivity.
type ReceiveActivity struct {
	Inbox InboxStore
	// Hosts learns that the sender's server is up: deliveries to a
	// server taken as unreachable resume.
	Hosts HostsReached
	// Policies refuse the activities of a suspended server.
	Policies *InstancePolicies
	Tx       ports.Transactor
	Clock    ports.Clock

	once    sync.Once
	records *groupCommit[received]
}

// received is an activity checked and ready to be recorded.
type received struct {
	actor domain.UserID
	host  string
	id    string
	body  []byte
}

// HostsReached records that servers wrote to us.
type HostsReached interface {
	ReachedAll(ctx context.Context, hosts []string, at time.Time) error
}

// Handle checks and queues body.
func (uc *ReceiveActivity) Handle(ctx context.Context, signer RemoteActor, body []byte) error {
	var e envelope
	if err := json.Unmarshal(body, &e); err != nil || !isURL(e.ID) {
		return errs.Invalid(CodeBadActivity, MsgBadActivity, nil)
	}
	typ, _ := e.Type.(string)
	if typ == "" {
		return errs.Invalid(CodeBadActivity, MsgBadActivity, nil)
	}
	if idOf(e.Actor) != signer.URI {
		return errs.Unauthenticated(CodeActorMismatch, MsgActorMismatch)
	}
	if suspended, err := uc.Policies.Suspended(ctx, signer.Host); err != nil {
		return err
	} else if suspended {
		return errs.Forbidden(CodeInstanceSuspended, MsgInstanceSuspended)
	}
	if !sameHost(e.ID, signer.Host) {
		return errs.Forbidden(CodeForeignObject, MsgForeignObject)
	}
	switch typ {
	case "Create", "Update", "Delete", "Undo":
		// What an actor creates, changes, deletes or takes back is its
		// own: of its server, and (when embedded) attributed to it.
		obj := idOf(e.Object)
		if obj == "" || !sameHost(obj, signer.Host) {
			return errs.Forbidden(CodeForeignObject, MsgForeignObject)
		}
		if owner := ownerOf(e.Object); owner != "" && owner != signer.URI {
			return errs.Forbidden(CodeForeignObject, MsgForeignObject)
		}
		// An actor updates or deletes its own Person only, never
		// another's, even of its server.
		if (typ == "Update" || typ == "Delete") && isActorType(typeOf(e.Object)) && obj != signer.URI {
			return errs.Forbidden(CodeForeignObject, MsgForeignObject)
		}
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, body); err != nil {
		return errs.Invalid(CodeBadActivity, MsgBadActivity, nil)
	}
	uc.once.Do(func() { uc.records = newGroupCommit(uc.record) })
	err := uc.records.do(ctx, received{actor: signer.ProfileID, host: signer.Host, id: e.ID, body: compact.Bytes()})
	if err != nil {
		return fmt.Errorf("receive %s: %w", e.ID, err)
	}
	return nil
}

// record keeps a batch of activities and queues their processing in one
// transaction. Should it fail, each is recorded on its own, so that one
// activity's failure is its own.
func (uc *ReceiveActivity) record(ctx context.Context, batch []*groupItem[received]) {
	all := make([]received, len(batch))
	for i, item := range batch {
		all[i] = item.value
	}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error { return uc.keep(ctx, all...) })
	if err == nil || len(batch) == 1 {
		for _, item := range batch {
			item.err = err
		}
		return
	}
	for _, item := range batch {
		item.err = uc.Tx.InTx(ctx, func(ctx context.Context) error { return uc.keep(ctx, item.value) })
	}
}

// keep records activities, and that their servers are up.
func (uc *ReceiveActivity) keep(ctx context.Context, activities ...received) error {
	now := uc.Clock.Now()
	kept := make([]InboxActivity, len(activities))
	var hosts []string
	for i, r := range activities {
		kept[i] = InboxActivity{ID: r.id, Actor: r.actor, Activity: r.body}
		if !slices.Contains(hosts, r.host) {
			hosts = append(hosts, r.host)
		}
	}
	if err := uc.Inbox.Receive(ctx, kept, now); err != nil {
		return err
	}
	return uc.Hosts.ReachedAll(ctx, hosts, now)
}

// CheckDepth refuses JSON nested deeper than MaxActivityDepth, before it
// is decoded.
func CheckDepth(body []byte) error {
	depth, inString, escaped := 0, false, false
	for _, c := range body {
		switch {
		case escaped:
			escaped = false
		case inString:
			if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			if depth++; depth > MaxActivityDepth {
				return errs.Invalid(CodeBadActivity, MsgBadActivity, nil)
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}

// idOf is the id a property names: a string, or an object's id.
func idOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(raw, &o) == nil {
		return o.ID
	}
	return ""
}

// ownerOf is who an embedded object says it is of: attributedTo or actor.
func ownerOf(raw json.RawMessage) string {
	var o struct {
		AttributedTo json.RawMessage `json:"attributedTo"`
		Actor        json.RawMessage `json:"actor"`
	}
	if json.Unmarshal(raw, &o) != nil {
		return ""
	}
	if len(o.AttributedTo) > 0 {
		return idOf(o.AttributedTo)
	}
	if len(o.Actor) > 0 {
		return idOf(o.Actor)
	}
	return ""
}

// typeOf is the type of an embedded object, "" for a reference.
func typeOf(raw json.RawMessage) string {
	var o struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(raw, &o) != nil {
		return ""
	}
	t, _ := o.Type.(string)
	return t
}

// isActorType reports whether t is one of ActivityStreams' actor types.
func isActorType(t string) bool {
	switch t {
	case "Person", "Service", "Application", "Group", "Organization":
		return true
	}
	return false
}

func isURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && !strings.ContainsAny(s, " \n")
}
