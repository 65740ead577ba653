package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// uploads is an in-memory PendingMediaStore.
type uploads struct {
	rows map[MediaID]PendingMedia
}

func (u *uploads) AddPending(_ context.Context, m PendingMedia) error { u.rows[m.ID] = m; return nil }

func (u *uploads) Pending(_ context.Context, id MediaID) (PendingMedia, error) {
	return portstest.Lookup(u.rows, id)
}

func (u *uploads) SetPendingAlt(_ context.Context, id MediaID, alt *string) error {
	m := u.rows[id]
	m.ImageAlt = alt
	u.rows[id] = m
	return nil
}

func (u *uploads) LockPending(_ context.Context, id MediaID, owner domain.UserID) (PendingMedia, error) {
	m, ok := u.rows[id]
	if !ok || m.OwnerID != owner || m.PostID != nil {
		return PendingMedia{}, domain.ErrNotFound
	}
	return m, nil
}

func (u *uploads) AttachPending(_ context.Context, id MediaID, post domain.PostID) error {
	m := u.rows[id]
	m.PostID = &post
	u.rows[id] = m
	return nil
}

func (u *uploads) DeleteStalePending(_ context.Context, before time.Time, limit int) ([]string, error) {
	var keys []string
	for id, m := range u.rows {
		if m.PostID == nil && m.CreatedAt.Before(before) && len(keys) < limit {
			keys = append(keys, m.Media.Key)
			delete(u.rows, id)
		}
	}
	return keys, nil
}

type fileQueue struct{ keys []string }

func (q *fileQueue) EnqueueMediaDeletion(_ context.Context, key string) error {
	q.keys = append(q.keys, key)
	return nil
}

// An upload is its owner's alone: read and described by them only, not
// once a post took it; its description follows the post rules.
func TestPendingMediaRules(t *testing.T) {
	owner, other := domain.NewUserID(), domain.NewUserID()
	img := PendingMedia{ID: NewMediaID(), OwnerID: owner, Media: StoredMedia{Key: "posts/a.png", Type: domain.PostImage}}
	video := PendingMedia{ID: NewMediaID(), OwnerID: owner, Media: StoredMedia{Key: "posts/b.mp4", Type: domain.PostVideo}}
	post := domain.NewPostID()
	taken := PendingMedia{ID: NewMediaID(), OwnerID: owner, Media: StoredMedia{Key: "posts/c.png", Type: domain.PostImage}, PostID: &post}
	store := &uploads{rows: map[MediaID]PendingMedia{img.ID: img, video.ID: video, taken.ID: taken}}
	get, describe := &GetMedia{Pending: store}, &DescribeMedia{Pending: store}
	ctx := context.Background()
	me, them := domain.Viewer{UserID: owner}, domain.Viewer{UserID: other}

	if _, err := get.Handle(ctx, them, img.ID); portstest.CodeOf(err) != CodeMediaNotFound {
		t.Fatalf("another member read it: %v", err)
	}
	if m, err := describe.Handle(ctx, me, img.ID, "  Um gato  "); err != nil || *m.ImageAlt != "Um gato" || *store.rows[img.ID].ImageAlt != "Um gato" {
		t.Fatalf("describe: %+v %v", m, err)
	}
	for name, tc := range map[string]struct {
		viewer domain.Viewer
		id     MediaID
		alt    string
		code   string
	}{
		"another member's": {them, img.ID, "x", CodeMediaNotFound},
		"too long":         {me, img.ID, strings.Repeat("x", 1501), CodeImageAltTooLong},
		"a video":          {me, video.ID, "x", CodeImageAltNoImage},
		"taken by a post":  {me, taken.ID, "x", CodeMediaAttached},
		"missing":          {me, NewMediaID(), "x", CodeMediaNotFound},
	} {
		if _, err := describe.Handle(ctx, tc.viewer, tc.id, tc.alt); portstest.CodeOf(err) != tc.code {
			t.Errorf("%s: %v, want %s", name, err, tc.code)
		}
	}
	// Blank removes the description.
	if m, err := describe.Handle(ctx, me, img.ID, " "); err != nil || m.ImageAlt != nil {
		t.Fatalf("blank: %+v %v", m, err)
	}
	// The form is checked before any file is read or stored.
	up := &UploadMedia{Pending: store}
	if _, err := up.Handle(ctx, me, nil, ""); portstest.CodeOf(err) != CodeMediaRequired {
		t.Fatalf("no file: %v", err)
	}
	if _, err := up.Handle(ctx, me, &MediaFile{Body: strings.NewReader("x"), Size: 1}, strings.Repeat("x", 1501)); portstest.CodeOf(err) != CodeImageAltTooLong {
		t.Fatalf("long description: %v", err)
	}
}

// Uploads no post took within a day are deleted with their files; those
// taken, or younger, stay; a second run does nothing.
func TestPrunePendingMedia(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	post := domain.NewPostID()
	old := PendingMedia{ID: NewMediaID(), Media: StoredMedia{Key: "posts/old.png"}, CreatedAt: now.Add(-25 * time.Hour)}
	young := PendingMedia{ID: NewMediaID(), Media: StoredMedia{Key: "posts/young.png"}, CreatedAt: now.Add(-23 * time.Hour)}
	taken := PendingMedia{ID: NewMediaID(), Media: StoredMedia{Key: "posts/taken.png"}, CreatedAt: now.Add(-48 * time.Hour), PostID: &post}
	store := &uploads{rows: map[MediaID]PendingMedia{old.ID: old, young.ID: young, taken.ID: taken}}
	files := &fileQueue{}
	uc := &PrunePendingMedia{Tx: portstest.InlineTx{}, Pending: store, Files: files, Clock: portstest.Clock{At: now}}
	if n, err := uc.Handle(context.Background()); err != nil || n != 1 || len(files.keys) != 1 || files.keys[0] != old.Media.Key {
		t.Fatalf("prune: %d %v %v", n, err, files.keys)
	}
	if n, err := uc.Handle(context.Background()); err != nil || n != 0 || len(store.rows) != 2 {
		t.Fatalf("second run: %d %v, %d left", n, err, len(store.rows))
	}
}

// A post naming an upload checks its text (optional, within the limit)
// before the store, and takes only its author's upload that no post took.
func TestCreatePostTakesUpload(t *testing.T) {
	owner := domain.NewUserID()
	ctx := context.Background()
	uc := &CreatePost{Tx: noStore{}, Clock: portstest.Clock{}}
	_, err := uc.Handle(ctx, domain.Viewer{UserID: owner}, NewPost{Text: strings.Repeat("a", 281), Media: NewMediaID()})
	if portstest.CodeOf(err) != CodeTooLong {
		t.Fatalf("long text with media: %v", err)
	}
	img := PendingMedia{ID: NewMediaID(), OwnerID: owner, Media: StoredMedia{Key: "posts/a.png", Type: domain.PostImage, Width: 4, Height: 3}}
	store := &uploads{rows: map[MediaID]PendingMedia{img.ID: img}}
	uc = &CreatePost{Pending: store}
	var p domain.Post
	if err := uc.takeUpload(ctx, domain.Viewer{UserID: domain.NewUserID()}, img.ID, &p); portstest.CodeOf(err) != CodeMediaNotFound {
		t.Fatalf("another member's upload: %v", err)
	}
	if err := uc.takeUpload(ctx, domain.Viewer{UserID: owner}, img.ID, &p); err != nil || p.MediaPath == nil ||
		*p.MediaPath != "posts/a.png" || p.Type != domain.PostImage || p.MediaWidth != 4 {
		t.Fatalf("take: %+v %v", p, err)
	}
	_ = store.AttachPending(ctx, img.ID, domain.NewPostID())
	if err := uc.takeUpload(ctx, domain.Viewer{UserID: owner}, img.ID, &domain.Post{}); portstest.CodeOf(err) != CodeMediaNotFound {
		t.Fatalf("taken twice: %v", err)
	}
}
