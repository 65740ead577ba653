package httpapi

import (
	"context"
	"net/http"

	"social/core/domain"
	posts "social/features/posts/app"
)

// MediaEndpoints are /api/v1/media and /api/v2/media: a file uploaded
// before its status (Mastodon's flow), checked and stored as our own
// API's post files are (posts.UploadMedia), then named by media_ids[] of
// POST /api/v1/statuses. The file is processed while uploaded, so the
// answer is always 200 with its url.
func MediaEndpoints(s Statuses) []Endpoint {
	write := domain.ScopeWriteMedia
	return []Endpoint{
		{Method: http.MethodPost, Path: "/api/v2/media", Scopes: write, Handle: s.upload},
		{Method: http.MethodPost, Path: "/api/v1/media", Scopes: write, Handle: s.upload},
		{Method: http.MethodGet, Path: "/api/v1/media/{id}", Scopes: write, Handle: s.getMedia},
		{Method: http.MethodPut, Path: "/api/v1/media/{id}", Scopes: write, Handle: s.describeMedia},
	}
}

// upload stores the multipart file with its description; focus is
// ignored (pictures are shown whole).
func (s Statuses) upload(r *Request) (any, error) {
	var file *posts.MediaFile
	if fh := r.File("file"); fh != nil {
		f, err := fh.Open()
		if err != nil {
			return nil, err
		}
		defer f.Close()
		file = &posts.MediaFile{Body: f, Size: fh.Size}
	}
	m, err := s.Posts.Upload.Handle(r.Context(), r.Viewer, file, r.String("description"))
	if err != nil {
		return nil, err
	}
	return s.attachment(r.Context(), m), nil
}

func (s Statuses) getMedia(r *Request) (any, error) {
	id, err := posts.ParseMediaID(r.PathValue("id"))
	if err != nil {
		return nil, recordNotFound()
	}
	m, err := s.Posts.GetMedia.Handle(r.Context(), r.Viewer, id)
	if err != nil {
		return nil, err
	}
	return s.attachment(r.Context(), m), nil
}

func (s Statuses) describeMedia(r *Request) (any, error) {
	id, err := posts.ParseMediaID(r.PathValue("id"))
	if err != nil {
		return nil, recordNotFound()
	}
	m, err := s.Posts.DescribeMedia.Handle(r.Context(), r.Viewer, id, r.String("description"))
	if err != nil {
		return nil, err
	}
	return s.attachment(r.Context(), m), nil
}

// attachment is an upload as Mastodon's MediaAttachment, its links signed
// as a post's are.
func (s Statuses) attachment(ctx context.Context, m posts.PendingMedia) MediaAttachment {
	key := m.Media.Key
	url := ""
	if u := s.Media.URL(ctx, &key); u != nil {
		url = *u
	}
	a := MediaAttachment{ID: m.ID.String(), Type: string(m.Media.Type), URL: url, PreviewURL: url, Description: m.ImageAlt}
	if m.Media.Type == domain.PostImage && m.Media.Width > 0 && m.Media.Height > 0 {
		a.Meta = &MediaMeta{Original: size(m.Media.Width, m.Media.Height)}
		if len(m.Media.Variants) > 0 {
			w := m.Media.Variants[0]
			vkey := domain.ImageVariantKey(key, w)
			if u := s.Media.URL(ctx, &vkey); u != nil {
				a.PreviewURL = *u
				a.Meta.Small = size(w, domain.ImageVariantHeight(m.Media.Width, m.Media.Height, w))
			}
		}
	}
	return a
}
