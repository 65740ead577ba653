package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"social/core/domain"
	"social/plugins/federation/app"
)

var (
	_ app.MediaQueue       = (*Store)(nil)
	_ app.RemoteMediaStore = (*Store)(nil)
)

// CopyMediaArgs is the job that copies a remote post's file into our
// storage (app.CopyRemoteMedia).
type CopyMediaArgs struct {
	Post   uuid.UUID `json:"post"`
	Author uuid.UUID `json:"author"`
	URL    string    `json:"url"`
	Alt    string    `json:"alt,omitempty"`
}

// Kind is the job's stable name.
func (CopyMediaArgs) Kind() string { return "federation.copy_media" }

// InsertOpts puts the job in the inbox queue (a flood of remote posts
// waits there, apart from the members' jobs), once per post, with a few
// attempts: a server that does not answer is tried again, with River's
// backoff, and then the post stays without its file.
func (CopyMediaArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: InboxQueue, MaxAttempts: 4, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ExpireMediaArgs is the periodic job that takes away the copies of
// remote posts' files older than the cache's lifetime.
type ExpireMediaArgs struct{}

// Kind is the job's stable name.
func (ExpireMediaArgs) Kind() string { return "federation.expire_media" }

// InsertOpts puts the job in the inbox queue.
func (ExpireMediaArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: InboxQueue} }

// EnqueueMediaCopy queues the copy of c's file in the transaction of ctx.
func (s *Store) EnqueueMediaCopy(ctx context.Context, c app.MediaCopy) error {
	return s.Jobs.Insert(ctx, CopyMediaArgs{Post: uuid.UUID(c.Post), Author: uuid.UUID(c.Author), URL: c.URL, Alt: c.Alt}, nil)
}

// MediaCopied reports whether post's file was copied already.
func (s *Store) MediaCopied(ctx context.Context, post domain.PostID) (bool, error) {
	var ok bool
	err := s.IDB(ctx).NewRaw(`SELECT EXISTS (SELECT 1 FROM federation_remote_media WHERE post_id = ?)`, uuid.UUID(post)).
		Scan(ctx, &ok)
	return ok, err
}

// SaveMediaCopy records that post's file was copied at at.
func (s *Store) SaveMediaCopy(ctx context.Context, post domain.PostID, author domain.UserID, at time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_remote_media (post_id, author_id, copied_at) VALUES (?, ?, ?)
		ON CONFLICT (post_id) DO NOTHING`, uuid.UUID(post), uuid.UUID(author), at).Exec(ctx)
	return err
}

// StaleMedia are up to limit copies made before before, oldest first.
func (s *Store) StaleMedia(ctx context.Context, before time.Time, limit int) ([]app.MediaCopy, error) {
	var rows []struct {
		Post   uuid.UUID `bun:"post_id"`
		Author uuid.UUID `bun:"author_id"`
	}
	err := s.IDB(ctx).NewRaw(`SELECT post_id, author_id FROM federation_remote_media WHERE copied_at < ?
		ORDER BY copied_at LIMIT ?`, before, limit).Scan(ctx, &rows)
	out := make([]app.MediaCopy, len(rows))
	for i, r := range rows {
		out[i] = app.MediaCopy{Post: domain.PostID(r.Post), Author: domain.UserID(r.Author)}
	}
	return out, err
}

// DeleteMediaCopy forgets post's copy.
func (s *Store) DeleteMediaCopy(ctx context.Context, post domain.PostID) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM federation_remote_media WHERE post_id = ?`, uuid.UUID(post)).Exec(ctx)
	return err
}

var (
	_ app.PictureQueue   = (*Store)(nil)
	_ app.PictureSources = (*Store)(nil)
)

// CopyPicturesArgs is the job that copies a remote account's avatar and
// banner (app.CopyRemotePictures).
type CopyPicturesArgs struct {
	Profile uuid.UUID `json:"profile"`
	Icon    string    `json:"icon,omitempty"`
	Image   string    `json:"image,omitempty"`
}

// Kind is the job's stable name.
func (CopyPicturesArgs) Kind() string { return "federation.copy_pictures" }

// InsertOpts puts the job in the inbox queue, once for the same pictures
// while it waits, with a few attempts.
func (CopyPicturesArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: InboxQueue, MaxAttempts: 4, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// EnqueuePictures queues the copy of c's pictures in the transaction of
// ctx.
func (s *Store) EnqueuePictures(ctx context.Context, c app.PictureCopy) error {
	return s.Jobs.Insert(ctx, CopyPicturesArgs{Profile: uuid.UUID(c.Profile), Icon: c.Icon, Image: c.Image}, nil)
}

// PictureSources are the addresses whose copies profile shows.
func (s *Store) PictureSources(ctx context.Context, profile domain.UserID) (string, string, error) {
	var r struct {
		Icon  sql.NullString `bun:"icon_source"`
		Image sql.NullString `bun:"image_source"`
	}
	err := s.IDB(ctx).NewRaw(`SELECT icon_source, image_source FROM federation_remote_actors WHERE profile_id = ?`,
		uuid.UUID(profile)).Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", domain.ErrNotFound
	}
	return r.Icon.String, r.Image.String, err
}

// SavePictureSource records the address whose copy profile's img shows.
func (s *Store) SavePictureSource(ctx context.Context, profile domain.UserID, img domain.ProfileImage, source string) error {
	column := "icon_source"
	if img == domain.ProfileBanner {
		column = "image_source"
	}
	_, err := s.IDB(ctx).NewRaw(`UPDATE federation_remote_actors SET `+column+` = NULLIF(?, '') WHERE profile_id = ?`,
		source, uuid.UUID(profile)).Exec(ctx)
	return err
}
