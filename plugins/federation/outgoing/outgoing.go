// Package outgoing tells other servers of the local members' changes:
// the plugin's ports.ChangeListener, which turns each change into an
// activity queued in the change's transaction.
package outgoing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	follows "social/features/follows/app"
	astream "social/plugins/federation/activity"
	"social/plugins/federation/app"
)

// Recipients say who is whose and where they are reached.
type Recipients interface {
	// Local reports whether profile is a member of this server (not a
	// remote account); false for no profile.
	Local(ctx context.Context, profile domain.UserID) (bool, error)
	// FollowerInboxes are the inboxes of member's remote followers, a
	// server's shared inbox once for all its followers that name one.
	FollowerInboxes(ctx context.Context, member domain.UserID) ([]string, error)
	// RemoteActor is the actor standing for profile; found is false for a
	// local one.
	RemoteActor(ctx context.Context, profile domain.UserID) (actor app.RemoteActor, found bool, err error)
	// PostObject is the id on its server of a remote post; found is false
	// for a post written here.
	PostObject(ctx context.Context, post domain.PostID) (uri string, found bool, err error)
	// ActorByHandle is the remote actor whose account's handle is handle
	// (user@host); domain.ErrNotFound for none kept.
	ActorByHandle(ctx context.Context, handle string) (app.RemoteActor, error)
}

// Told keeps the inboxes a post was sent to beyond its author's followers
// (the remote accounts its text named), for its Delete.
type Told interface {
	// RememberNamed adds inboxes to those post was sent to.
	RememberNamed(ctx context.Context, post domain.PostID, inboxes []string) error
	// ForgetNamed removes and answers them (none for a post that named
	// nobody elsewhere).
	ForgetNamed(ctx context.Context, post domain.PostID) ([]string, error)
}

// Members find a local member by ID; a suspended or deleted one is not
// found (FindMember).
type Members interface {
	ByID(ctx context.Context, id string) (app.Member, error)
}

// Profiles read a profile as a visitor without a session does (the
// follows feature's ViewProfile): what the actor shows.
type Profiles interface {
	Handle(ctx context.Context, viewer domain.Viewer, handle string) (follows.ProfileView, error)
}

// Keys answer a member's public key, made on first need (MemberKey).
type Keys interface {
	Handle(ctx context.Context, member domain.UserID) (app.PublicKey, error)
}

// PostReader reads a post as viewer sees it (the posts feature's GetPost).
type PostReader interface {
	Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) (domain.FeedItem, error)
}

// CommentReader reads a comment as viewer sees it (the comments
// feature's).
type CommentReader interface {
	Comment(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error)
}

// MembersNamed finds the members a text names (the posts feature's).
type MembersNamed interface {
	Handle(ctx context.Context, texts []string) (map[string]domain.MemberCard, error)
}

// Outgoing tells other servers of the local members' changes: it is the
// plugin's ports.ChangeListener, so each activity is queued in the
// transaction of the change it tells of. A change made by a remote
// profile (the inbox made it) is never sent back out.
type Outgoing struct {
	Recipients Recipients
	Told       Told
	Posts      PostReader
	Comments   CommentReader
	Named      MembersNamed
	Members    Members
	Profiles   Profiles
	Keys       Keys
	Build      astream.Builder
	Deliver    app.Deliverer
	Clock      ports.Clock
}

var _ ports.ChangeListener = (*Outgoing)(nil)

// Changed queues the activity of c, if it makes one.
func (o *Outgoing) Changed(ctx context.Context, c ports.Change) error {
	switch c.Kind {
	case ports.ChangePostCreated, ports.ChangePostEdited, ports.ChangePostDeleted:
		return o.post(ctx, c)
	case ports.ChangeFollowAdded, ports.ChangeFollowRemoved, ports.ChangeBlockAdded, ports.ChangeBlockRemoved:
		return o.relation(ctx, c)
	case ports.ChangeLikeAdded, ports.ChangeLikeRemoved:
		return o.like(ctx, c)
	case ports.ChangeCommentCreated, ports.ChangeCommentDeleted:
		return o.comment(ctx, c)
	case ports.ChangeAccountDeleted:
		return o.accountDeleted(ctx, c)
	case ports.ChangeProfileUpdated:
		return o.profileUpdated(ctx, c)
	}
	return nil
}

// post sends Create, Update or Delete of the post's Note to the author's
// remote followers: a public post addressed to everyone with the
// followers in copy, a followers-only one to the followers alone. The
// remote accounts its text names by address (@user@host), when this
// server keeps them, are tagged as a Mention, named in cc and sent it
// too. An audience's posts stay here.
func (o *Outgoing) post(ctx context.Context, c ports.Change) error {
	if c.Visibility != domain.VisibilityPublic && c.Visibility != domain.VisibilityFriendsOnly {
		return nil
	}
	if local, err := o.Recipients.Local(ctx, c.Actor); err != nil || !local {
		return err
	}
	inboxes, err := o.Recipients.FollowerInboxes(ctx, c.Actor)
	if err != nil {
		return err
	}
	actor := o.Build.Site.ActorURL(c.Actor.String())
	to, cc := o.Build.Addressing(c.Actor, c.Visibility)
	if c.Kind == ports.ChangePostDeleted {
		// The text is gone: the accounts it named are those kept when it
		// was sent.
		named, err := o.Told.ForgetNamed(ctx, c.Post)
		if err != nil {
			return err
		}
		for _, inbox := range named {
			if !slices.Contains(inboxes, inbox) {
				inboxes = append(inboxes, inbox)
			}
		}
		if len(inboxes) == 0 {
			return nil
		}
		note := o.Build.Site.NoteURL(c.Post.String())
		return o.send(ctx, c.Actor, inboxes, map[string]any{"id": note + "#delete", "type": "Delete", "actor": actor,
			"to": to, "cc": cc, "object": map[string]any{"id": note, "type": "Tombstone"}})
	}
	it, err := o.Posts.Handle(ctx, domain.Viewer{UserID: c.Actor}, c.Post)
	if err != nil {
		return fmt.Errorf("note of %s: %w", c.Post, err)
	}
	text := ""
	if it.TextContent != nil {
		text = *it.TextContent
	}
	mentioned, err := o.mentioned(ctx, text)
	if err != nil {
		return err
	}
	if len(inboxes) == 0 && len(mentioned) == 0 {
		return nil
	}
	named, err := o.Named.Handle(ctx, []string{text})
	if err != nil {
		return err
	}
	note := o.Build.Note(ctx, it, named)
	var namedInboxes []string
	for _, m := range mentioned {
		note.Tag = append(note.Tag, astream.Tag{Type: "Mention", Href: m.actor.URI, Name: "@" + m.handle})
		if !slices.Contains(note.CC, m.actor.URI) {
			note.CC = append(note.CC, m.actor.URI)
		}
		inbox := m.actor.Inbox
		if m.actor.SharedInbox != "" {
			inbox = m.actor.SharedInbox
		}
		if !slices.Contains(inboxes, inbox) {
			inboxes = append(inboxes, inbox)
		}
		namedInboxes = append(namedInboxes, inbox)
	}
	if len(namedInboxes) > 0 {
		if err := o.Told.RememberNamed(ctx, c.Post, namedInboxes); err != nil {
			return err
		}
	}
	a := map[string]any{"actor": actor, "to": note.To, "cc": note.CC, "object": note}
	if c.Kind == ports.ChangePostCreated {
		a["id"], a["type"], a["published"] = note.ID+"/activity", "Create", note.Published
	} else {
		now := o.Clock.Now()
		note.Updated = astream.Stamp(now)
		a["object"] = note
		a["id"], a["type"] = note.ID+"#updates/"+strconv.FormatInt(now.UnixNano(), 10), "Update"
	}
	return o.send(ctx, c.Actor, inboxes, a)
}

// addressPattern is another server's account named in a text:
// @user@host, the host with its port when not the default.
var addressPattern = regexp.MustCompile(`(?i)(?:^|[^\p{L}\p{N}_@/])@([a-z0-9_][a-z0-9_.-]*)@([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::[0-9]{1,5})?)`)

// mentionedActor is a remote account a text names, and its actor.
type mentionedActor struct {
	handle string
	actor  app.RemoteActor
}

// mentioned are the remote accounts text names by address that this
// server keeps, each once. An address nobody here has met stays text:
// no other server is asked while the member's post is being saved.
func (o *Outgoing) mentioned(ctx context.Context, text string) ([]mentionedActor, error) {
	var out []mentionedActor
	for _, m := range addressPattern.FindAllStringSubmatch(text, 20) {
		handle, ok := domain.RemoteHandle(strings.TrimRight(m[1], ".-"), m[2])
		if !ok || slices.ContainsFunc(out, func(x mentionedActor) bool { return x.handle == handle }) {
			continue
		}
		a, err := o.Recipients.ActorByHandle(ctx, handle)
		if errors.Is(err, domain.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, mentionedActor{handle: handle, actor: a})
	}
	return out, nil
}

// relation sends Follow, Block or their Undo to the remote profile's
// inbox, when a local member follows or blocks a remote one.
func (o *Outgoing) relation(ctx context.Context, c ports.Change) error {
	target, found, err := o.Recipients.RemoteActor(ctx, c.Target)
	if err != nil || !found {
		return err
	}
	if local, err := o.Recipients.Local(ctx, c.Actor); err != nil || !local {
		return err
	}
	actor := o.Build.Site.ActorURL(c.Actor.String())
	kind, path := "Follow", "#follows/"
	if c.Kind == ports.ChangeBlockAdded || c.Kind == ports.ChangeBlockRemoved {
		kind, path = "Block", "#blocks/"
	}
	// The relation's own id names the pair; each activity gets its
	// instant too, so that following again after an unfollow is a new
	// activity, not a repeat the queue would drop.
	rel := actor + path + c.Target.String()
	stamp := strconv.FormatInt(o.Clock.Now().UnixNano(), 10)
	a := map[string]any{"id": rel + "/" + stamp, "type": kind, "actor": actor, "object": target.URI, "to": []string{target.URI}}
	if c.Kind == ports.ChangeFollowRemoved || c.Kind == ports.ChangeBlockRemoved {
		a = map[string]any{"id": rel + "/undo/" + stamp, "type": "Undo", "actor": actor, "to": []string{target.URI},
			"object": map[string]any{"id": rel, "type": kind, "actor": actor, "object": target.URI}}
	}
	return o.send(ctx, c.Actor, []string{target.Inbox}, a)
}

// remotePost is the author's actor and the id on its server of the
// remote post c is about, when a local member made c; ok is false for a
// post of this server or a change a remote account made.
func (o *Outgoing) remotePost(ctx context.Context, c ports.Change) (author app.RemoteActor, object string, ok bool, err error) {
	author, found, err := o.Recipients.RemoteActor(ctx, c.Target)
	if err != nil || !found {
		return author, "", false, err
	}
	object, found, err = o.Recipients.PostObject(ctx, c.Post)
	if err != nil || !found {
		return author, "", false, err
	}
	local, err := o.Recipients.Local(ctx, c.Actor)
	return author, object, local && err == nil, err
}

// like sends Like, or Undo of it, to the author of a remote post a local
// member likes or stops liking.
func (o *Outgoing) like(ctx context.Context, c ports.Change) error {
	author, object, ok, err := o.remotePost(ctx, c)
	if err != nil || !ok {
		return err
	}
	actor := o.Build.Site.ActorURL(c.Actor.String())
	rel := actor + "#likes/" + c.Post.String()
	stamp := strconv.FormatInt(o.Clock.Now().UnixNano(), 10)
	a := map[string]any{"id": rel + "/" + stamp, "type": "Like", "actor": actor, "object": object, "to": []string{author.URI}}
	if c.Kind == ports.ChangeLikeRemoved {
		a = map[string]any{"id": rel + "/undo/" + stamp, "type": "Undo", "actor": actor, "to": []string{author.URI},
			"object": map[string]any{"id": rel, "type": "Like", "actor": actor, "object": object}}
	}
	return o.send(ctx, c.Actor, []string{author.Inbox}, a)
}

// comment sends a local member's comment on another server's post to
// the post's author as Create of a Note replying to it, its deletion as
// Delete. A comment on a post of this server stays here: comments are a
// post's thread, not posts of their author, and the servers that follow
// the post's author hold the post, not its thread.
func (o *Outgoing) comment(ctx context.Context, c ports.Change) error {
	author, object, ok, err := o.remotePost(ctx, c)
	if err != nil || !ok {
		return err
	}
	actor := o.Build.Site.ActorURL(c.Actor.String())
	id := o.Build.Site.CommentURL(c.Comment.String())
	if c.Kind == ports.ChangeCommentDeleted {
		to, cc := []string{author.URI}, []string{}
		if c.Visibility == domain.VisibilityPublic {
			to, cc = []string{astream.Public}, []string{o.Build.Site.FollowersURL(c.Actor.String()), author.URI}
		}
		return o.send(ctx, c.Actor, []string{author.Inbox}, map[string]any{"id": id + "#delete", "type": "Delete",
			"actor": actor, "to": to, "cc": cc, "object": map[string]any{"id": id, "type": "Tombstone"}})
	}
	it, err := o.Comments.Comment(ctx, c.Comment, c.Actor)
	if err != nil {
		return fmt.Errorf("reply of %s: %w", c.Comment, err)
	}
	note := o.Build.Reply(it, object, author.URI)
	return o.send(ctx, c.Actor, []string{author.Inbox}, map[string]any{"id": id + "/activity", "type": "Create",
		"actor": actor, "to": note.To, "cc": note.CC, "published": note.Published, "object": note})
}

// accountDeleted sends Delete of the member's actor to every server that
// follows them, before their follows go.
func (o *Outgoing) accountDeleted(ctx context.Context, c ports.Change) error {
	inboxes, err := o.localFollowerInboxes(ctx, c.Actor)
	if err != nil || len(inboxes) == 0 {
		return err
	}
	actor := o.Build.Site.ActorURL(c.Actor.String())
	return o.send(ctx, c.Actor, inboxes, map[string]any{"id": actor + "#delete", "type": "Delete", "actor": actor,
		"to": []string{astream.Public}, "object": actor})
}

// profileUpdated sends Update of the member's whole actor, as
// /ap/users/{id} now answers it, to the servers that follow them: they
// replace what they kept (name, bio, pictures, handle) with it. A
// suspended or deleted member's profile is not sent.
func (o *Outgoing) profileUpdated(ctx context.Context, c ports.Change) error {
	inboxes, err := o.localFollowerInboxes(ctx, c.Actor)
	if err != nil || len(inboxes) == 0 {
		return err
	}
	m, err := o.Members.ByID(ctx, c.Actor.String())
	var gone *errs.Error
	if errors.As(err, &gone) && gone.Kind == errs.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	p, err := o.Profiles.Handle(ctx, domain.Viewer{}, m.Handle)
	if err != nil {
		return fmt.Errorf("actor of %s: %w", m.ID, err)
	}
	key, err := o.Keys.Handle(ctx, m.ID)
	if err != nil {
		return err
	}
	person := o.Build.Person(ctx, p.Profile, key.PEM)
	// Each profile change is an activity of its own: a server drops an
	// activity id it has seen.
	stamp := strconv.FormatInt(o.Clock.Now().UnixNano(), 10)
	return o.send(ctx, c.Actor, inboxes, map[string]any{"id": person.ID + "#updates/" + stamp, "type": "Update",
		"actor": person.ID, "to": []string{astream.Public}, "cc": []string{person.Followers}, "object": person})
}

// AcceptFollow sends member's Accept of follow (the Follow activity as it
// arrived, with its id) to the follower's inbox.
func (o *Outgoing) AcceptFollow(ctx context.Context, member domain.UserID, follow json.RawMessage, inbox string) error {
	return o.answerFollow(ctx, "Accept", member, follow, inbox)
}

// RejectFollow sends member's Reject of follow to the follower's inbox.
func (o *Outgoing) RejectFollow(ctx context.Context, member domain.UserID, follow json.RawMessage, inbox string) error {
	return o.answerFollow(ctx, "Reject", member, follow, inbox)
}

// answerFollow sends an Accept or Reject of follow. Its id derives from
// the Follow's, so answering one Follow twice sends one answer.
func (o *Outgoing) answerFollow(ctx context.Context, kind string, member domain.UserID, follow json.RawMessage, inbox string) error {
	var f struct {
		ID    string `json:"id"`
		Actor any    `json:"actor"`
	}
	if err := json.Unmarshal(follow, &f); err != nil || f.ID == "" {
		return errors.New("answer follow: not a Follow with an id")
	}
	actor := o.Build.Site.ActorURL(member.String())
	sum := sha256.Sum256([]byte(f.ID))
	a := map[string]any{"id": actor + "#" + map[string]string{"Accept": "accepts", "Reject": "rejects"}[kind] + "/" +
		hex.EncodeToString(sum[:16]), "type": kind, "actor": actor, "object": follow}
	if f.Actor != nil {
		a["to"] = []any{f.Actor}
	}
	return o.send(ctx, member, []string{inbox}, a)
}

// localFollowerInboxes are the remote followers' inboxes of member when
// member is local, none otherwise.
func (o *Outgoing) localFollowerInboxes(ctx context.Context, member domain.UserID) ([]string, error) {
	inboxes, err := o.Recipients.FollowerInboxes(ctx, member)
	if err != nil || len(inboxes) == 0 {
		return nil, err
	}
	local, err := o.Recipients.Local(ctx, member)
	if err != nil || !local {
		return nil, err
	}
	return inboxes, nil
}

// send queues a, with the @context, from signer to inboxes.
func (o *Outgoing) send(ctx context.Context, signer domain.UserID, inboxes []string, a map[string]any) error {
	a["@context"] = astream.Context
	body, err := json.Marshal(a)
	if err != nil {
		return err
	}
	return o.Deliver.Deliver(ctx, signer, body, inboxes)
}
