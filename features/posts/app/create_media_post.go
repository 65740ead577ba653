package app

import (
	"context"

	"social/core/domain"
	"social/core/errs"
)

// NewMediaPost is the form of a post with an image or a video. Type is
// optional: when given, the bytes must be of that kind. Text is optional.
type NewMediaPost struct {
	Text string
	// ImageAlt describes the image (optional; images only).
	ImageAlt   string
	Type       domain.PostType
	Visibility domain.Visibility
	// Audience is as in NewPost.
	Audience domain.AudienceID
	File     *MediaFile // nil when the form has none
}

// CreateMediaPost publishes a post with an image or a video. The file is
// checked and stored by Media before the post's transaction and deleted if
// the transaction fails.
type CreateMediaPost struct {
	Create *CreatePost
	Media  MediaStore
}

// Handle checks the form, stores the file and then the post.
func (uc *CreateMediaPost) Handle(ctx context.Context, viewer domain.Viewer, in NewMediaPost) (Created, error) {
	if !viewer.SignedIn() {
		return Created{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	// A member who may not post there is refused before the file is read.
	if !in.Audience.IsZero() {
		if err := admitted(ctx, uc.Create.Gate, uc.Create.Audiences, in.Audience, viewer.UserID); err != nil {
			return Created{}, err
		}
	}
	vis, err := visibility(in.Visibility, in.Audience)
	if err != nil {
		return Created{}, err
	}
	text, err := MediaForm(in.Text, in.Type, in.File)
	if err != nil {
		return Created{}, err
	}
	alt, err := ImageAlt(in.ImageAlt)
	if err != nil {
		return Created{}, err
	}
	if alt != nil && in.Type == domain.PostVideo {
		return Created{}, imageAltWithoutImage()
	}
	m, err := uc.Media.Store(ctx, viewer.UserID, in.File, in.Type)
	if err != nil {
		return Created{}, err
	}
	// The bytes decide the kind: a description sent with what proved to
	// be a video is refused, not silently dropped.
	if alt != nil && m.Type != domain.PostImage {
		uc.Media.Discard(ctx, m.Key)
		return Created{}, imageAltWithoutImage()
	}
	out, err := uc.Create.store(ctx, viewer, draft{Text: text, Type: m.Type, Visibility: vis, Audience: in.Audience,
		MediaPath: &m.Key, MediaWidth: m.Width, MediaHeight: m.Height, MediaVariants: m.Variants, ImageAlt: alt})
	if err != nil {
		uc.Media.Discard(ctx, m.Key)
		return Created{}, err
	}
	return out, nil
}
