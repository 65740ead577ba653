package app

import (
	"context"
	"encoding/json"
	"errors"

	"log/slog"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	comments "social/features/comments/app"
	follows "social/features/follows/app"
	posts "social/features/posts/app"
	reports "social/features/reports/app"
	safety "social/features/safety/app"
)

// asPublic is the public collection: a Note addressed to it is public.
const asPublic = "https://www.w3.org/ns/activitystreams#Public"

// LocalURLs names this server's actors and Notes: the member of an actor
// URL, the post of a Note URL, and a member's actor URL.
type LocalURLs interface {
	MemberOf(actorURL string) (string, bool)
	PostOf(noteURL string) (string, bool)
	ActorURL(id string) string
}

// Followed reads whether members of this network follow a remote profile.
type Followed interface {
	HasLocalFollowers(ctx context.Context, profile domain.UserID) (bool, error)
}

// ActorRefresher reads a remote actor's document again from its server
// (ResolveActor.Refetch).
type ActorRefresher interface {
	Refetch(ctx context.Context, uri string) (RemoteActor, error)
}

// ProcessActivity is the job's work on one received activity: what it
// asks becomes the same writes a member's request makes, through the
// core features' use cases, as the remote profile (blocks, suspension and
// limits apply to it as to anyone). A refusal of those rules ends the
// activity's processing; it is not tried again. Each activity is applied
// once: the remote objects it makes are recorded with what they became.
type ProcessActivity struct {
	Inbox    InboxStore
	Find     *FindMember
	URLs     LocalURLs
	Followed Followed
	Follows  follows.UseCases
	Posts    posts.UseCases
	Comments comments.UseCases
	Safety   safety.UseCases
	// Actors refresh a remote actor that sends an Update of its own
	// Person.
	Actors ActorRefresher
	// Policies skip what a server suspended since it sent it, and keep
	// the public posts of a silenced one for its followers.
	Policies *InstancePolicies
	// Remove takes a remote account off this server when its own server
	// says it is gone (a Delete of the sender's actor).
	Remove RemoteRemover
	// Reports file the reports of a Flag about our posts.
	Reports PostReporter
	// Deliverer sends the Accept of a Follow; nil: none is sent (the
	// follow holds all the same).
	Deliverer Deliverer
	// Media queues the copy of a kept Note's image or video; nil: none
	// is copied.
	Media MediaQueue
	Tx    ports.Transactor
	Clock ports.Clock
	Log   *slog.Logger
}

// PostReporter files a report of a post (the reports feature's
// ReportPost).
type PostReporter interface {
	Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID, why *string) (reports.Filed, error)
}

// activity is what is read of an activity to apply it.
type activity struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Actor   json.RawMessage `json:"actor"`
	Object  json.RawMessage `json:"object"`
	Content string          `json:"content"`
}

// note is what is read of a Note.
type note struct {
	ID           string          `json:"id"`
	Type         string          `json:"type"`
	AttributedTo json.RawMessage `json:"attributedTo"`
	Content      string          `json:"content"`
	InReplyTo    json.RawMessage `json:"inReplyTo"`
	To           json.RawMessage `json:"to"`
	Cc           json.RawMessage `json:"cc"`
	URL          any             `json:"url"`
	Tag          json.RawMessage `json:"tag"`
	Attachment   json.RawMessage `json:"attachment"`
}

// tag is what is read of a Note's tag: a Mention names an actor by href.
type tag struct {
	Type string `json:"type"`
	Href string `json:"href"`
}

// Handle applies activity id, sent by the remote profile actor.
func (uc *ProcessActivity) Handle(ctx context.Context, actor domain.UserID, id string, body []byte) error {
	var a activity
	if err := json.Unmarshal(body, &a); err != nil {
		return nil // checked on receipt; nothing to apply
	}
	remote, err := uc.Inbox.ActorByProfile(ctx, actor)
	if errors.Is(err, domain.ErrNotFound) {
		return nil // the remote account is gone
	}
	if err != nil {
		return err
	}
	policy, err := uc.Policies.of(ctx, remote.Host)
	if err != nil {
		return err
	}
	if policy.Suspend {
		// Suspended after it arrived: its server's accounts go with the
		// suspension, so nothing it asks is applied.
		return uc.Inbox.Processed(ctx, id, uc.Clock.Now())
	}
	if a.Type == "Update" && idOf(a.Object) == remote.URI {
		return uc.refreshActor(ctx, remote, id)
	}
	if a.Type == "Delete" && idOf(a.Object) == remote.URI {
		// The account is gone on its server: it goes here too, with its
		// posts, comments, likes and follows, in batches outside any one
		// transaction (the activity's record goes with the profile).
		return uc.Remove.Handle(ctx, actor)
	}
	viewer := domain.Viewer{UserID: actor, Role: domain.RoleMember}

	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.apply(ctx, viewer, remote, policy, a); err != nil {
			return err
		}
		return uc.Inbox.Processed(ctx, id, uc.Clock.Now())
	})
	var refused *errs.Error
	if errors.As(err, &refused) {
		// The rules said no (a block, a limit, a post gone): as a
		// member's request would be refused, and as final.
		uc.Log.Info("federation: activity refused", "activity", id, "type", a.Type, "code", refused.Code)
		return uc.Inbox.Processed(ctx, id, uc.Clock.Now())
	}
	return err
}

// refreshActor applies an Update of the sender's own Person: its
// document is read again from its server rather than taken from the
// activity, whose object may be partial (some servers send only what
// changed) and is only as trustworthy as the signature on it; the
// origin's document is what every other fetch keeps. It runs outside a
// transaction: a fetch may take seconds. A document refused is final; a
// server that does not answer is tried again with the job.
func (uc *ProcessActivity) refreshActor(ctx context.Context, remote RemoteActor, id string) error {
	if _, err := uc.Actors.Refetch(ctx, remote.URI); errors.Is(err, ErrBadActor) {
		uc.Log.Info("federation: updated actor refused", "activity", id, "actor", remote.URI, "error", err)
	} else if err != nil {
		return err
	}
	return uc.Inbox.Processed(ctx, id, uc.Clock.Now())
}

func (uc *ProcessActivity) apply(ctx context.Context, viewer domain.Viewer, remote RemoteActor, policy InstancePolicy,
	a activity) error {
	switch a.Type {
	case "Follow":
		return uc.follow(ctx, viewer, remote, a)
	case "Like":
		return uc.like(ctx, viewer, a)
	case "Announce":
		return uc.announce(ctx, viewer, a)
	case "Flag":
		return uc.flag(ctx, viewer, remote, a)
	case "Block":
		handle, ok := uc.member(ctx, idOf(a.Object))
		if !ok {
			return nil
		}
		_, err := uc.Safety.Block.Handle(ctx, viewer, handle)
		return err
	case "Create":
		return uc.create(ctx, viewer, remote, policy.Silence, a.Object)
	case "Update":
		return uc.update(ctx, viewer, a.Object)
	case "Delete":
		return uc.delete(ctx, viewer, idOf(a.Object))
	case "Undo":
		return uc.undo(ctx, viewer, remote, a.Object)
	}
	// Add, Move... are taken and ignored (see docs/federation.md).
	return nil
}

// member is the handle of the local member an actor URL of ours names.
func (uc *ProcessActivity) member(ctx context.Context, actorURL string) (string, bool) {
	id, ok := uc.URLs.MemberOf(actorURL)
	if !ok {
		return "", false
	}
	m, err := uc.Find.ByID(ctx, id)
	if err != nil {
		return "", false
	}
	return m.Handle, true
}

func (uc *ProcessActivity) follow(ctx context.Context, viewer domain.Viewer, remote RemoteActor, a activity) error {
	memberURL := idOf(a.Object)
	handle, ok := uc.member(ctx, memberURL)
	if !ok {
		return nil
	}
	// The network has no follow requests: anyone may follow a member, so
	// every Follow is accepted at once.
	out, err := uc.Follows.Follow.Handle(ctx, viewer, handle)
	if err != nil {
		return err
	}
	if err := uc.Inbox.SaveObject(ctx, RemoteObject{URI: a.ID, Actor: viewer.UserID, Kind: ObjectFollow,
		LocalID: uuid.UUID(out.FollowingID)}, uc.Clock.Now()); err != nil {
		return err
	}
	if uc.Deliverer == nil {
		return nil
	}
	follow, err := json.Marshal(map[string]any{"id": a.ID, "type": "Follow", "actor": remote.URI, "object": memberURL})
	if err != nil {
		return err
	}
	accept, err := json.Marshal(map[string]any{
		"@context": "https://www.w3.org/ns/activitystreams",
		"id":       memberURL + "#accepts/follows/" + uuid.NewSHA1(uuid.NameSpaceURL, []byte(a.ID)).String(),
		"type":     "Accept", "actor": memberURL, "object": json.RawMessage(follow),
	})
	if err != nil {
		return err
	}
	return uc.Deliverer.Deliver(ctx, out.FollowingID, accept, []string{remote.Inbox})
}

func (uc *ProcessActivity) like(ctx context.Context, viewer domain.Viewer, a activity) error {
	postID, ok := uc.localPost(idOf(a.Object))
	if !ok {
		return nil
	}
	if _, err := uc.Posts.Like.Handle(ctx, viewer, postID); err != nil {
		return err
	}
	return uc.Inbox.SaveObject(ctx, RemoteObject{URI: a.ID, Actor: viewer.UserID, Kind: ObjectLike,
		LocalID: uuid.UUID(postID)}, uc.Clock.Now())
}

// flag files a report of each of our posts a Flag names, as the remote
// profile that sent it (Mastodon sends it from its instance actor, so the
// reporter names the server), its reason the server's and the Flag's
// comment. The accounts it names are not reported: the reports of this
// network are of posts and comments; a Flag naming only accounts files
// nothing. A post the sender may not read, or gone, is skipped.
func (uc *ProcessActivity) flag(ctx context.Context, viewer domain.Viewer, remote RemoteActor, a activity) error {
	reason := cutText(strings.TrimSpace("Denúncia enviada pelo servidor "+remote.Host+". "+
		strings.TrimSpace(PlainText(a.Content))), domain.ReportReasonMaxRunes)
	for _, uri := range idsOf(a.Object) {
		postID, ok := uc.localPost(uri)
		if !ok {
			continue
		}
		_, err := uc.Reports.Handle(ctx, viewer, postID, &reason)
		var refused *errs.Error
		if err != nil && !errors.As(err, &refused) {
			return err
		}
	}
	return nil
}

// idsOf is the ids a property names: one, or a list of strings or
// objects.
func idsOf(raw json.RawMessage) []string {
	var many []json.RawMessage
	if json.Unmarshal(raw, &many) != nil {
		if id := idOf(raw); id != "" {
			return []string{id}
		}
		return nil
	}
	var out []string
	for _, r := range many {
		if id := idOf(r); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// announce counts an Announce (a boost) of one of our posts as a share
// by the remote profile, once per activity. An Announce of another
// server's post is not kept: the network has no thread of remote posts.
func (uc *ProcessActivity) announce(ctx context.Context, viewer domain.Viewer, a activity) error {
	postID, ok := uc.localPost(idOf(a.Object))
	if !ok {
		return nil
	}
	if _, err := uc.Inbox.RemoteObject(ctx, a.ID); err == nil {
		return nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	if _, err := uc.Posts.Share.Handle(ctx, viewer, postID); err != nil {
		return err
	}
	return uc.Inbox.SaveObject(ctx, RemoteObject{URI: a.ID, Actor: viewer.UserID, Kind: ObjectShare,
		LocalID: uuid.UUID(postID)}, uc.Clock.Now())
}

func (uc *ProcessActivity) localPost(noteURL string) (domain.PostID, bool) {
	s, ok := uc.URLs.PostOf(noteURL)
	if !ok {
		return domain.PostID{}, false
	}
	id, err := uuid.Parse(s)
	return domain.PostID(id), err == nil
}

// create makes a Note a comment (a reply to one of our posts) or a post
// of the remote profile (when members here follow it or it names one of
// them). Anything else (a reply to another server's post, a direct
// message, an object that is no Note) is not kept.
func (uc *ProcessActivity) create(ctx context.Context, viewer domain.Viewer, remote RemoteActor, silenced bool,
	raw json.RawMessage) error {
	var n note
	if json.Unmarshal(raw, &n) != nil || n.Type != "Note" || n.ID == "" {
		return nil
	}
	if _, err := uc.Inbox.RemoteObject(ctx, n.ID); err == nil {
		return nil // applied before
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	text := PlainText(n.Content)
	if strings.TrimSpace(text) == "" {
		text = pageURL(n.URL)
		if text == "" {
			text = n.ID
		}
	}
	public, followers := addressed(n.To, asPublic) || addressed(n.Cc, asPublic), false
	if !public {
		followers = addressed(n.To, remote.URI+"/followers") || addressed(n.Cc, remote.URI+"/followers")
	}
	if reply := idOf(n.InReplyTo); reply != "" {
		postID, ok := uc.localPost(reply)
		if !ok || !public {
			return nil
		}
		c, err := uc.Comments.Create.Handle(ctx, viewer, postID, cutText(text, domain.CommentMaxRunes))
		if err != nil {
			return err
		}
		return uc.Inbox.SaveObject(ctx, RemoteObject{URI: n.ID, Actor: viewer.UserID, Kind: ObjectComment,
			LocalID: uuid.UUID(c.Comment.ID)}, uc.Clock.Now())
	}
	if !public && !followers {
		return nil // a direct message: the network has none to put it in
	}
	followed, err := uc.Followed.HasLocalFollowers(ctx, viewer.UserID)
	if err != nil {
		return err
	}
	named := uc.named(ctx, n.Tag)
	if !followed && len(named) == 0 {
		return nil
	}
	vis := domain.VisibilityPublic
	// A silenced server's accounts reach their followers only: their
	// posts are kept as followers-only, so no public feed, hashtag,
	// explore page or search shows them to anyone else.
	if !public || silenced {
		vis = domain.VisibilityFriendsOnly
	}
	// Whom the post names (and notifies) are the members its Mention
	// tags name, never the text's @names (see namesMember).
	p, err := uc.Posts.Create.Handle(ctx, viewer, posts.NewPost{Text: cutText(text, domain.PostMaxRunes), Visibility: vis,
		Named: named, NameGiven: true})
	if err != nil {
		return err
	}
	if err := uc.Inbox.SaveObject(ctx, RemoteObject{URI: n.ID, Actor: viewer.UserID, Kind: ObjectPost,
		LocalID: uuid.UUID(p.Post.ID)}, uc.Clock.Now()); err != nil {
		return err
	}
	if u, alt, ok := firstMedia(n.Attachment); ok && uc.Media != nil {
		return uc.Media.EnqueueMediaCopy(ctx, MediaCopy{Post: p.Post.ID, Author: viewer.UserID, URL: u, Alt: alt})
	}
	return nil
}

// named are the handles of the members a Note's Mention tags name (by
// their actors). The text cannot tell: servers write a mention of someone
// of another server as a bare @name, which may be a handle here too.
func (uc *ProcessActivity) named(ctx context.Context, raw json.RawMessage) []string {
	var tags []tag
	if json.Unmarshal(raw, &tags) != nil {
		var one tag
		if json.Unmarshal(raw, &one) != nil {
			return nil
		}
		tags = []tag{one}
	}
	var out []string
	for _, t := range tags {
		if t.Type != "Mention" {
			continue
		}
		if handle, ok := uc.member(ctx, t.Href); ok && !slices.Contains(out, handle) {
			out = append(out, handle)
		}
	}
	return out
}

func (uc *ProcessActivity) update(ctx context.Context, viewer domain.Viewer, raw json.RawMessage) error {
	var n note
	if json.Unmarshal(raw, &n) != nil || n.Type != "Note" {
		return nil // another actor's Person is never taken (see Handle)
	}
	o, err := uc.Inbox.RemoteObject(ctx, n.ID)
	if errors.Is(err, domain.ErrNotFound) || err == nil && (o.Actor != viewer.UserID || o.Kind != ObjectPost) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = uc.Posts.Update.Handle(ctx, viewer, domain.PostID(o.LocalID), cutText(PlainText(n.Content), domain.PostMaxRunes), nil)
	return err
}

func (uc *ProcessActivity) delete(ctx context.Context, viewer domain.Viewer, uri string) error {
	o, err := uc.Inbox.RemoteObject(ctx, uri)
	if errors.Is(err, domain.ErrNotFound) || err == nil && o.Actor != viewer.UserID {
		return nil
	}
	if err != nil {
		return err
	}
	switch o.Kind {
	case ObjectPost:
		err = uc.Posts.Delete.Handle(ctx, viewer, domain.PostID(o.LocalID))
	case ObjectComment:
		err = uc.Comments.Delete.Handle(ctx, viewer, domain.CommentID(o.LocalID))
	default:
		return nil
	}
	var gone *errs.Error
	if err != nil && !(errors.As(err, &gone) && gone.Kind == errs.KindNotFound) {
		return err
	}
	return uc.Inbox.DeleteObject(ctx, uri)
}

func (uc *ProcessActivity) undo(ctx context.Context, viewer domain.Viewer, remote RemoteActor, raw json.RawMessage) error {
	var inner activity
	_ = json.Unmarshal(raw, &inner)
	uri := idOf(raw)
	o, err := uc.Inbox.RemoteObject(ctx, uri)
	if errors.Is(err, domain.ErrNotFound) {
		if inner.Type == "Block" {
			if handle, ok := uc.member(ctx, idOf(inner.Object)); ok {
				_, err := uc.Safety.Unblock.Handle(ctx, viewer, handle)
				return err
			}
		}
		return nil
	}
	if err != nil || o.Actor != viewer.UserID {
		return err
	}
	switch o.Kind {
	case ObjectFollow:
		m, err := uc.Find.ByID(ctx, uuid.UUID(o.LocalID).String())
		if err == nil {
			if _, err := uc.Follows.Unfollow.Handle(ctx, viewer, m.Handle); err != nil {
				return err
			}
		}
	case ObjectLike:
		if _, err := uc.Posts.Unlike.Handle(ctx, viewer, domain.PostID(o.LocalID)); err != nil {
			return err
		}
	case ObjectShare:
		// Shares are counted, never taken back here (members cannot undo
		// one either): the Undo is taken and the count stays.
		return nil
	default:
		return nil
	}
	return uc.Inbox.DeleteObject(ctx, uri)
}

// addressed reports whether an audience (a string or a list) names uri.
func addressed(raw json.RawMessage, uri string) bool {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return one == uri || one == "as:Public" && uri == asPublic
	}
	var many []string
	if json.Unmarshal(raw, &many) == nil {
		for _, s := range many {
			if s == uri || s == "as:Public" && uri == asPublic {
				return true
			}
		}
	}
	return false
}

// cutText is text cut to n characters, the last an ellipsis when cut: a
// Note may be longer than a post or a comment here.
func cutText(text string, n int) string {
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	return strings.TrimSpace(string([]rune(text)[:n-1])) + "…"
}
