package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// NewPost is the create form; empty Type means text, empty Visibility public.
// Audience writes the post for that audience (a community): it is then
// members_only, and Visibility may only be empty or public.
type NewPost struct {
	Text       string
	Type       domain.PostType
	Visibility domain.Visibility
	Audience   domain.AudienceID
	// Media is an upload of the author (UploadMedia) the post takes: its
	// image or video, and its description. The text is then optional.
	Media MediaID
	// Named, when NameGiven, are the handles of the members the post
	// names, in place of its text's @handles: a remote account's post
	// names whom its Note's Mention tags name, as its text may hold
	// another server's @carol, who is not the carol of this network.
	Named     []string
	NameGiven bool
}

// Created is a new post with the words its text names.
type Created struct {
	Post     domain.Post
	Hashtags []string
	Mentions []string
}

// PostCreator stores a new post: Create bumps the author's post_count
// (domain.ErrNotFound when they have no profile) and inserts the row; Tag
// counts its hashtags (+1 usage each) and links them. Tag is the last
// write of the post's transaction: a tag's row stays locked from its count
// until the commit, and every post carrying a trending tag waits for it.
type PostCreator interface {
	Create(ctx context.Context, p domain.Post) error
	Tag(ctx context.Context, id domain.PostID, tags []string) error
}

// PreviewQueue enqueues the link-preview job of a post in the transaction
// of ctx.
type PreviewQueue interface {
	EnqueueLinkPreview(ctx context.Context, id domain.PostID) error
}

// TimelinePlacer puts a new post into its author's and followers'
// timelines from the transaction of ctx (at once, or by a job).
type TimelinePlacer interface {
	Handle(ctx context.Context, id domain.PostID) error
}

// MentionReaders are the members named by handles who may read post (not
// its author): everyone for a public post, followers for a friends_only one.
// fromText says the handles were read from the post's text, which names
// members only when its author is one of this network's: a remote
// account's text is another server's, where @carol is someone else.
type MentionReaders interface {
	MentionReaders(ctx context.Context, post domain.PostID, handles []string, fromText bool) ([]domain.UserID, error)
}

// CreatePost publishes a text post; CreateMediaPost shares its store path.
type CreatePost struct {
	Tx     ports.Transactor
	Search ports.SearchIndexQueue
	Posts  PostCreator
	// Audiences says who may post into an audience; nil: nobody.
	Audiences ports.Audiences
	// Gate refuses, with its keeper's own answer, a member naming an
	// audience they may not post into, and hears of the posts written
	// there; nil: no audience exists.
	Gate AudienceGate
	// Pending are the uploads waiting for their post (NewPost.Media).
	Pending   PendingMediaStore
	Previews  PreviewQueue
	Timelines TimelinePlacer
	Mentions  MentionReaders
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
	// Changes hear of the new post in its transaction.
	Changes     ports.Changes
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Log         *slog.Logger
}

// draft is a post that passed the form rules, ready to store.
type draft struct {
	Text       *string
	Type       domain.PostType
	Visibility domain.Visibility
	Audience   domain.AudienceID
	MediaPath  *string // already in the blob store
	// MediaWidth, MediaHeight and MediaVariants describe an image
	// (StoredMedia).
	MediaWidth, MediaHeight int
	MediaVariants           []int
	ImageAlt                *string // already clean (ImageAlt)
	// Pending is an upload the post takes in its transaction, in place
	// of MediaPath and its description.
	Pending MediaID
	// Named and NameGiven are NewPost's.
	Named     []string
	NameGiven bool
}

// Handle validates, stores the post, its hashtags, the author's count and
// the preview job in one transaction, then tells feed:public.
func (uc *CreatePost) Handle(ctx context.Context, viewer domain.Viewer, in NewPost) (Created, error) {
	if !viewer.SignedIn() {
		return Created{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if !in.Audience.IsZero() {
		if err := admitted(ctx, uc.Gate, uc.Audiences, in.Audience, viewer.UserID); err != nil {
			return Created{}, err
		}
	}
	if in.Type == "" {
		in.Type = domain.PostText
	}
	vis, err := visibility(in.Visibility, in.Audience)
	if err != nil {
		return Created{}, err
	}
	switch in.Type {
	case domain.PostText:
	case domain.PostImage, domain.PostVideo:
	default:
		return Created{}, badType()
	}
	if !in.Media.IsZero() {
		// The upload decides the kind; the text is optional.
		var text *string
		if strings.TrimSpace(in.Text) != "" {
			if err := TextError(in.Text); err != nil {
				return Created{}, err
			}
			text = &in.Text
		}
		return uc.store(ctx, viewer, draft{Text: text, Visibility: vis, Audience: in.Audience, Pending: in.Media,
			Named: in.Named, NameGiven: in.NameGiven})
	}
	if in.Type != domain.PostText {
		// The file of a media post comes through CreateMediaPost: here
		// there is none.
		return Created{}, errs.Invalid(CodeEmpty, domain.MsgPostEmpty, map[string]string{"text_content": domain.MsgPostEmpty})
	}
	if err := TextError(in.Text); err != nil {
		return Created{}, err
	}
	text := in.Text
	return uc.store(ctx, viewer, draft{Text: &text, Type: in.Type, Visibility: vis, Audience: in.Audience,
		Named: in.Named, NameGiven: in.NameGiven})
}

// store writes a valid draft in one transaction (post, hashtags, the
// author's count, the preview and fan-out jobs, notifications of the
// members it mentions) and announces it after commit.
func (uc *CreatePost) store(ctx context.Context, viewer domain.Viewer, d draft) (Created, error) {
	now := uc.Clock.Now()
	p := domain.Post{ID: domain.NewPostID(), AuthorID: viewer.UserID, TextContent: d.Text, MediaPath: d.MediaPath, ImageAlt: d.ImageAlt,
		MediaWidth: d.MediaWidth, MediaHeight: d.MediaHeight, MediaVariants: d.MediaVariants,
		Type: d.Type, Visibility: d.Visibility, Audience: d.Audience, CreatedAt: now, UpdatedAt: now}
	text := ""
	if d.Text != nil {
		text = *d.Text
	}
	out := Created{Post: p, Hashtags: domain.Hashtags(text), Mentions: domain.Mentions(text)}
	if d.NameGiven {
		out.Mentions = d.Named
	}
	var notices []notifications.Change
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := uc.mayWrite(ctx, viewer, p); err != nil {
			return err
		}
		if err := uc.takeUpload(ctx, viewer, d.Pending, &p); err != nil {
			return err
		}
		if err := uc.Posts.Create(ctx, p); err != nil {
			return err
		}
		if !d.Pending.IsZero() {
			if err := uc.Pending.AttachPending(ctx, d.Pending, p.ID); err != nil {
				return err
			}
		}
		// A members_only post is read on its audience's page alone: it
		// goes into nobody's 'Seguindo' timeline.
		if p.Visibility != domain.VisibilityMembersOnly {
			if err := uc.Timelines.Handle(ctx, p.ID); err != nil {
				return err
			}
		}
		if err := uc.Search.EnqueueIndex(ctx, ports.SearchPost, p.ID.String()); err != nil {
			return err
		}
		if domain.FirstURL(text) != "" {
			if err := uc.Previews.EnqueueLinkPreview(ctx, p.ID); err != nil {
				return err
			}
		}
		var err error
		named := out.Mentions
		if !d.NameGiven {
			named = domain.LocalMentions(text) // "@ana@outro.example" is not our ana
		}
		if notices, err = uc.notifyMentions(ctx, p, named, !d.NameGiven, text); err != nil {
			return err
		}
		if err := uc.Changes.Tell(ctx, ports.Change{Kind: ports.ChangePostCreated, Actor: p.AuthorID, Post: p.ID,
			Visibility: p.Visibility}); err != nil {
			return err
		}
		return uc.Posts.Tag(ctx, p.ID, out.Hashtags)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return Created{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	}
	if _, ok := errs.As(err); ok {
		return Created{}, err
	}
	if err != nil {
		return Created{}, fmt.Errorf("create post of %s: %w", viewer.UserID, err)
	}
	out.Post = p
	uc.Announcer.Announce(ctx, notices...)
	if !p.Audience.IsZero() && uc.Gate != nil {
		uc.Gate.Posted(ctx, p)
	}
	if p.Visibility == domain.VisibilityPublic {
		if err := uc.Broadcaster.Publish(ctx, TopicPublicFeed, ports.Event{Type: EventPostCreated,
			Data:  map[string]string{"id": p.ID.String(), "author_id": p.AuthorID.String()},
			About: []domain.UserID{p.AuthorID}}); err != nil {
			uc.Log.WarnContext(ctx, "publish post.created", "post", p.ID.String(), "err", err)
		}
	}
	return out, nil
}

// takeUpload gives p the viewer's upload id (none when zero), locked
// until the post's transaction ends so that one post alone takes it.
func (uc *CreatePost) takeUpload(ctx context.Context, viewer domain.Viewer, id MediaID, p *domain.Post) error {
	if id.IsZero() {
		return nil
	}
	if uc.Pending == nil {
		return uploadNotFound()
	}
	m, err := uc.Pending.LockPending(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) {
		return uploadNotFound()
	}
	if err != nil {
		return fmt.Errorf("take upload %s: %w", id, err)
	}
	key, upload := m.Media.Key, uuid.UUID(m.ID)
	p.MediaPath, p.MediaID, p.Type, p.ImageAlt = &key, &upload, m.Media.Type, m.ImageAlt
	p.MediaWidth, p.MediaHeight, p.MediaVariants = m.Media.Width, m.Media.Height, m.Media.Variants
	return nil
}

// uploadNotFound refuses a post naming an upload that is not its author's,
// is gone, or was taken by another post.
func uploadNotFound() error {
	return errs.Invalid(CodeMediaNotFound, MsgMediaNotFound, map[string]string{"media_id": MsgMediaNotFound})
}

// mayWrite checks, in the post's transaction, that viewer may post into
// its audience (nothing to check without one).
func (uc *CreatePost) mayWrite(ctx context.Context, viewer domain.Viewer, p domain.Post) error {
	if p.Audience.IsZero() {
		return nil
	}
	if uc.Audiences == nil {
		return audienceClosed()
	}
	ok, err := uc.Audiences.Writes(ctx, p.Audience, viewer.UserID)
	if err != nil {
		return fmt.Errorf("audience %s: %w", p.Audience, err)
	}
	if !ok {
		return audienceClosed()
	}
	return nil
}

func audienceClosed() error { return errs.Forbidden(CodeAudienceClosed, MsgAudienceClosed) }

// notifyMentions records a mention notification for each member the post
// names (its text's handles, or those its writer gave) who may read it;
// unknown handles are ignored.
func (uc *CreatePost) notifyMentions(ctx context.Context, p domain.Post, handles []string, fromText bool, text string) ([]notifications.Change, error) {
	if len(handles) == 0 {
		return nil, nil
	}
	readers, err := uc.Mentions.MentionReaders(ctx, p.ID, handles, fromText)
	if err != nil {
		return nil, err
	}
	var out []notifications.Change
	for _, r := range readers {
		id := p.ID
		c, err := uc.Notices.Record(ctx, notifications.Notice{Recipient: r, Sender: p.AuthorID,
			Type: domain.NotifyMention, Post: &id, Text: text})
		if err != nil {
			return nil, err
		}
		out = append(out, c...)
	}
	return out, nil
}

// visibility is v with its default (public), or the form's error; a post
// written for an audience is members_only, which only an empty or public
// visibility (the form's default) may ask for.
func visibility(v domain.Visibility, audience domain.AudienceID) (domain.Visibility, error) {
	if !audience.IsZero() {
		if v == "" || v == domain.VisibilityPublic {
			return domain.VisibilityMembersOnly, nil
		}
		return "", badVisibility()
	}
	switch v {
	case "":
		return domain.VisibilityPublic, nil
	case domain.VisibilityPublic, domain.VisibilityFriendsOnly:
		return v, nil
	}
	return "", badVisibility()
}

func badVisibility() error {
	return errs.Invalid(CodeInvalid, MsgFixErrors, map[string]string{"visibility": MsgBadVisibility})
}

func badType() error {
	return errs.Invalid(CodeInvalid, MsgFixErrors, map[string]string{"type": MsgBadType})
}

// TextError is the invalid-input error of a post text, or nil (every
// place posts are written shares it).
func TextError(text string) error {
	switch domain.PostTextProblem(text) {
	case domain.MsgPostEmpty:
		return errs.Invalid(CodeEmpty, domain.MsgPostEmpty, map[string]string{"text_content": domain.MsgPostEmpty})
	case domain.MsgPostTooLong:
		return errs.Invalid(CodeTooLong, domain.MsgPostTooLong, map[string]string{"text_content": domain.MsgPostTooLong})
	}
	return nil
}
