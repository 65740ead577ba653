package pgstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	"social/plugins/federation/app"
	"social/plugins/federation/outgoing"
)

var (
	_ outgoing.Recipients = (*Store)(nil)
	_ outgoing.Told       = (*Store)(nil)
)

// Local reports whether profile is a member of this server: a profile
// with no domain that no remote actor stands for.
func (s *Store) Local(ctx context.Context, profile domain.UserID) (bool, error) {
	var local bool
	err := s.IDB(ctx).NewRaw(`SELECT c.domain IS NULL AND NOT EXISTS (
			SELECT 1 FROM federation_remote_actors r WHERE r.profile_id = c.id)
		FROM member_cards c WHERE c.id = ?`, uuid.UUID(profile)).Scan(ctx, &local)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return local, err
}

// FollowerInboxes are the inboxes of member's remote followers, each
// server's shared inbox once for all its followers that have one.
func (s *Store) FollowerInboxes(ctx context.Context, member domain.UserID) ([]string, error) {
	var inboxes []string
	err := s.IDB(ctx).NewRaw(`SELECT DISTINCT coalesce(r.shared_inbox_url, r.inbox_url)
		FROM member_follows f JOIN federation_remote_actors r ON r.profile_id = f.follower_id
		WHERE f.following_id = ? ORDER BY 1`, uuid.UUID(member)).Scan(ctx, &inboxes)
	return inboxes, err
}

// RemoteActor is the actor standing for profile; found is false for a
// profile no remote actor stands for.
func (s *Store) RemoteActor(ctx context.Context, profile domain.UserID) (app.RemoteActor, bool, error) {
	var r struct {
		URI         string         `bun:"actor_uri"`
		Host        string         `bun:"host"`
		Inbox       string         `bun:"inbox_url"`
		SharedInbox sql.NullString `bun:"shared_inbox_url"`
	}
	err := s.IDB(ctx).NewRaw(`SELECT actor_uri, host, inbox_url, shared_inbox_url FROM federation_remote_actors
		WHERE profile_id = ?`, uuid.UUID(profile)).Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return app.RemoteActor{}, false, nil
	}
	if err != nil {
		return app.RemoteActor{}, false, err
	}
	return app.RemoteActor{URI: r.URI, Host: r.Host, Inbox: r.Inbox, SharedInbox: r.SharedInbox.String}, true, nil
}

// PostObject is the id on its server of the remote post post; found is
// false for a post written here.
func (s *Store) PostObject(ctx context.Context, post domain.PostID) (string, bool, error) {
	var uri string
	err := s.IDB(ctx).NewRaw(`SELECT object_uri FROM federation_remote_objects WHERE kind = 'post' AND local_id = ?`,
		uuid.UUID(post)).Scan(ctx, &uri)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return uri, err == nil, err
}

// RememberNamed adds inboxes to those post was sent to beyond its
// author's followers (an edit may name more accounts).
func (s *Store) RememberNamed(ctx context.Context, post domain.PostID, inboxes []string) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_post_named_inboxes (post_id, inboxes) VALUES (?, ?)
		ON CONFLICT (post_id) DO UPDATE SET inboxes = ARRAY(
			SELECT DISTINCT i FROM unnest(federation_post_named_inboxes.inboxes || EXCLUDED.inboxes) AS i ORDER BY i)`,
		uuid.UUID(post), pgdialect.Array(inboxes)).Exec(ctx)
	return err
}

// ForgetNamed removes and answers the inboxes post was sent to beyond its
// author's followers.
func (s *Store) ForgetNamed(ctx context.Context, post domain.PostID) ([]string, error) {
	var inboxes []string
	err := s.IDB(ctx).NewRaw(`DELETE FROM federation_post_named_inboxes WHERE post_id = ? RETURNING inboxes`,
		uuid.UUID(post)).Scan(ctx, pgdialect.Array(&inboxes))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return inboxes, err
}
