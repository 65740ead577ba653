package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// MediaID identifies a file uploaded before its post (a UUIDv7).
type MediaID uuid.UUID

// NewMediaID makes a fresh time-ordered ID.
func NewMediaID() MediaID { return MediaID(uuid.Must(uuid.NewV7())) }

// ParseMediaID reads an ID from its text form.
func ParseMediaID(s string) (MediaID, error) {
	u, err := uuid.Parse(s)
	return MediaID(u), err
}

func (id MediaID) String() string { return uuid.UUID(id).String() }

// IsZero reports whether the ID is unset.
func (id MediaID) IsZero() bool { return id == MediaID{} }

// PendingMediaTTL is how long an upload waits for its post before the
// job posts.prune_pending_media deletes it.
const PendingMediaTTL = 24 * time.Hour

// PendingMedia is a file uploaded before its post (the flow of Mastodon's
// apps): checked and stored exactly as a post's file is (MediaStore), kept
// as its owner's until one of their posts takes it, once.
type PendingMedia struct {
	ID      MediaID
	OwnerID domain.UserID
	Media   StoredMedia
	// ImageAlt describes an image (nil: none).
	ImageAlt  *string
	CreatedAt time.Time
	// PostID is the post that took it; nil while pending.
	PostID *domain.PostID
}

// PendingMediaStore keeps uploads until a post takes them.
type PendingMediaStore interface {
	AddPending(ctx context.Context, m PendingMedia) error
	// Pending reads one upload (domain.ErrNotFound when none).
	Pending(ctx context.Context, id MediaID) (PendingMedia, error)
	SetPendingAlt(ctx context.Context, id MediaID, alt *string) error
	// LockPending locks owner's upload id not yet taken by a post, in the
	// transaction of ctx (domain.ErrNotFound otherwise); AttachPending
	// records the post that took it.
	LockPending(ctx context.Context, id MediaID, owner domain.UserID) (PendingMedia, error)
	AttachPending(ctx context.Context, id MediaID, post domain.PostID) error
	// DeleteStalePending deletes up to limit uploads no post took, made
	// before before, and answers their files' keys.
	DeleteStalePending(ctx context.Context, before time.Time, limit int) ([]string, error)
}

// UploadMedia stores a file for a post to come: the same checks, cleaning
// (metadata stripped) and smaller copies as a post's file, and the same
// rules for its description.
type UploadMedia struct {
	Media   MediaStore
	Pending PendingMediaStore
	Clock   ports.Clock
}

// Handle checks and stores f with its description alt (optional, images
// only).
func (uc *UploadMedia) Handle(ctx context.Context, viewer domain.Viewer, f *MediaFile, alt string) (PendingMedia, error) {
	if !viewer.SignedIn() {
		return PendingMedia{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if f == nil || f.Size == 0 {
		return PendingMedia{}, errs.Invalid(CodeMediaRequired, MsgMediaType, map[string]string{"file": MsgMediaType})
	}
	desc, err := ImageAlt(alt)
	if err != nil {
		return PendingMedia{}, err
	}
	m, err := uc.Media.Store(ctx, viewer.UserID, f, "")
	if err != nil {
		return PendingMedia{}, err
	}
	if desc != nil && m.Type != domain.PostImage {
		uc.Media.Discard(ctx, m.Key)
		return PendingMedia{}, imageAltWithoutImage()
	}
	p := PendingMedia{ID: NewMediaID(), OwnerID: viewer.UserID, Media: m, ImageAlt: desc, CreatedAt: uc.Clock.Now()}
	if err := uc.Pending.AddPending(ctx, p); err != nil {
		uc.Media.Discard(ctx, m.Key)
		if errors.Is(err, domain.ErrNotFound) {
			return PendingMedia{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
		}
		return PendingMedia{}, fmt.Errorf("keep upload of %s: %w", viewer.UserID, err)
	}
	return p, nil
}

// MsgMediaNotFound answers an upload that is not the member's, is gone, or
// was taken by a post already.
const (
	MsgMediaNotFound  = "Mídia não encontrada." // ours
	CodeMediaNotFound = "media_not_found"
	// MsgMediaAttached refuses describing an upload a post took: the
	// post's edit describes its image.
	MsgMediaAttached  = "Esta mídia já está em um post: edite o post para mudar a descrição." // ours
	CodeMediaAttached = "media_attached"
)

func mediaNotFound() error { return errs.NotFound(CodeMediaNotFound, MsgMediaNotFound) }

// GetMedia reads one of the viewer's uploads; another member's is not
// found.
type GetMedia struct {
	Pending PendingMediaStore
}

// Handle returns the upload or media_not_found.
func (uc *GetMedia) Handle(ctx context.Context, viewer domain.Viewer, id MediaID) (PendingMedia, error) {
	if !viewer.SignedIn() {
		return PendingMedia{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	return ownUpload(ctx, uc.Pending, viewer, id)
}

func ownUpload(ctx context.Context, store PendingMediaStore, viewer domain.Viewer, id MediaID) (PendingMedia, error) {
	p, err := store.Pending(ctx, id)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && p.OwnerID != viewer.UserID) {
		return PendingMedia{}, mediaNotFound()
	}
	if err != nil {
		return PendingMedia{}, fmt.Errorf("read upload %s: %w", id, err)
	}
	return p, nil
}

// DescribeMedia changes the description of one of the viewer's uploads
// that no post took yet (blank removes it; images only).
type DescribeMedia struct {
	Pending PendingMediaStore
}

// Handle stores the new description and answers the upload.
func (uc *DescribeMedia) Handle(ctx context.Context, viewer domain.Viewer, id MediaID, alt string) (PendingMedia, error) {
	if !viewer.SignedIn() {
		return PendingMedia{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	desc, err := ImageAlt(alt)
	if err != nil {
		return PendingMedia{}, err
	}
	p, err := ownUpload(ctx, uc.Pending, viewer, id)
	if err != nil {
		return PendingMedia{}, err
	}
	if p.PostID != nil {
		return PendingMedia{}, errs.Invalid(CodeMediaAttached, MsgMediaAttached, nil)
	}
	if desc != nil && p.Media.Type != domain.PostImage {
		return PendingMedia{}, imageAltWithoutImage()
	}
	if err := uc.Pending.SetPendingAlt(ctx, id, desc); err != nil {
		return PendingMedia{}, fmt.Errorf("describe upload %s: %w", id, err)
	}
	p.ImageAlt = desc
	return p, nil
}

// PrunePendingMedia deletes the uploads no post took within
// PendingMediaTTL, and their files through posts.delete_media, in one
// transaction per batch. Rerunning finds nothing more to do.
type PrunePendingMedia struct {
	Tx      ports.Transactor
	Pending PendingMediaStore
	Files   MediaQueue
	Clock   ports.Clock
}

// pruneBatch bounds one transaction.
const pruneBatch = 500

// Handle prunes until no stale upload is left, and answers how many.
func (uc *PrunePendingMedia) Handle(ctx context.Context) (int, error) {
	before := uc.Clock.Now().Add(-PendingMediaTTL)
	total := 0
	for {
		var keys []string
		err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
			var err error
			if keys, err = uc.Pending.DeleteStalePending(ctx, before, pruneBatch); err != nil {
				return err
			}
			for _, k := range keys {
				if err := uc.Files.EnqueueMediaDeletion(ctx, k); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return total, fmt.Errorf("prune uploads: %w", err)
		}
		total += len(keys)
		if len(keys) < pruneBatch {
			return total, nil
		}
	}
}
