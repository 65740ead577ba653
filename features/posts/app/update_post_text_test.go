package app

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
)

// postTable is an in-memory PostTextWriter and ItemReader.
type postTable struct {
	posts    map[domain.PostID]domain.Post
	hashtags map[domain.PostID][]string
}

func (s *postTable) Lock(_ context.Context, id domain.PostID) (domain.Post, error) {
	return portstest.Lookup(s.posts, id)
}

func (s *postTable) SetText(_ context.Context, id domain.PostID, text string, now time.Time) error {
	p := s.posts[id]
	p.TextContent, p.UpdatedAt = &text, now
	s.posts[id] = p
	return nil
}

func (s *postTable) SetImageAlt(_ context.Context, id domain.PostID, alt *string) error {
	p := s.posts[id]
	p.ImageAlt = alt
	s.posts[id] = p
	return nil
}

func (s *postTable) SetHashtags(_ context.Context, id domain.PostID, tags []string) error {
	s.hashtags[id] = tags
	return nil
}

func (s *postTable) SetLinkPreview(_ context.Context, id domain.PostID, lp domain.PostLinkPreview) error {
	p := s.posts[id]
	p.LinkPreview = lp
	s.posts[id] = p
	return nil
}

func (s *postTable) Item(_ context.Context, id domain.PostID, _ domain.UserID) (domain.FeedItem, error) {
	return domain.FeedItem{Post: s.posts[id]}, nil
}

// jobs records the jobs and events an edit asks for.
type jobs struct {
	previews []domain.PostID
	deleted  []string
	portstest.Broadcasts
}

func (j *jobs) EnqueueLinkPreview(_ context.Context, id domain.PostID) error {
	j.previews = append(j.previews, id)
	return nil
}
func (j *jobs) EnqueueMediaDeletion(_ context.Context, key string) error {
	j.deleted = append(j.deleted, key)
	return nil
}
func (j *jobs) EnqueueIndex(context.Context, ports.SearchKind, string) error { return nil }

// Only the author edits a post; an invisible post is not found; a
// description is for images; an edit moves hashtags and the link preview
// along with the text.
func TestUpdatePostTextRules(t *testing.T) {
	author, reader := domain.NewUserID(), domain.NewUserID()
	text, img := "antes", "previews/velha.jpg"
	public, hidden, photo := domain.NewPostID(), domain.NewPostID(), domain.NewPostID()
	table := &postTable{hashtags: map[domain.PostID][]string{}, posts: map[domain.PostID]domain.Post{
		public: {ID: public, AuthorID: author, Type: domain.PostText, Visibility: domain.VisibilityPublic, TextContent: &text,
			LinkPreview: domain.PostLinkPreview{ImagePath: &img}},
		hidden: {ID: hidden, AuthorID: author, Type: domain.PostText, Visibility: domain.VisibilityFriendsOnly, TextContent: &text},
		photo:  {ID: photo, AuthorID: author, Type: domain.PostImage, Visibility: domain.VisibilityPublic, TextContent: &text},
	}}
	j := &jobs{}
	uc := &UpdatePostText{Tx: portstest.InlineTx{}, Search: j, Posts: table, Items: table, Previews: j, Media: j,
		Clock: portstest.Clock{At: time.Now()}, Broadcaster: j, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx := context.Background()
	asReader, asAuthor := domain.Viewer{UserID: reader}, domain.Viewer{UserID: author}
	alt := "um gato"

	if _, err := uc.Handle(ctx, asReader, public, "depois", nil); !isCode(err, CodeNotAuthor) {
		t.Fatalf("another member edits a public post: %v", err)
	}
	if *table.posts[public].TextContent != "antes" {
		t.Fatal("a refused edit changed the text")
	}
	if _, err := uc.Handle(ctx, asReader, hidden, "depois", nil); !isCode(err, CodeNotFound) {
		t.Fatalf("a friends_only post the reader cannot see is not found: %v", err)
	}
	if _, err := uc.Handle(ctx, asAuthor, domain.NewPostID(), "depois", nil); !isCode(err, CodeNotFound) {
		t.Fatalf("a missing post: %v", err)
	}
	if _, err := uc.Handle(ctx, asAuthor, public, "depois", &alt); !isCode(err, CodeImageAltNoImage) {
		t.Fatalf("a description on a text post: %v", err)
	}

	j.deleted, j.previews = nil, nil
	item, err := uc.Handle(ctx, asAuthor, public, "agora com #Frevo em https://exemplo.com.br", nil)
	if err != nil || *item.TextContent != "agora com #Frevo em https://exemplo.com.br" {
		t.Fatalf("the author's edit: %+v %v", item, err)
	}
	if !slices.Equal(table.hashtags[public], domain.Hashtags("#Frevo")) || table.hashtags[public] == nil {
		t.Fatalf("hashtags follow the text: %v", table.hashtags[public])
	}
	if table.posts[public].LinkPreview.ImagePath != nil || !slices.Equal(j.deleted, []string{img}) {
		t.Fatalf("the old preview and its image go: %+v %v", table.posts[public].LinkPreview, j.deleted)
	}
	if !slices.Equal(j.previews, []domain.PostID{public}) {
		t.Fatalf("a URL in the new text asks for a preview: %v", j.previews)
	}
	if !j.Heard(PostTopic(public), EventPostUpdated) {
		t.Fatalf("post:{id} hears of the edit: %v %+v", j.Topics, j.Events)
	}

	if _, err := uc.Handle(ctx, asAuthor, photo, "legenda", &alt); err != nil || *table.posts[photo].ImageAlt != alt {
		t.Fatalf("an image's description is edited with the text: %v", err)
	}
	blank := "  "
	if _, err := uc.Handle(ctx, asAuthor, photo, "legenda", &blank); err != nil || table.posts[photo].ImageAlt != nil {
		t.Fatalf("a blank description removes it: %v", err)
	}
}

func isCode(err error, code string) bool {
	c, _ := problem(err)
	return c == code
}
