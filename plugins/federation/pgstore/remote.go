package pgstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	"social/plugins/federation/app"
)

var (
	_ app.RemoteActorStore = (*Store)(nil)
	_ app.InboxStore       = (*Store)(nil)
)

type remoteActorRow struct {
	ProfileID   uuid.UUID      `bun:"profile_id"`
	URI         string         `bun:"actor_uri"`
	Host        string         `bun:"host"`
	Inbox       string         `bun:"inbox_url"`
	SharedInbox sql.NullString `bun:"shared_inbox_url"`
	KeyID       string         `bun:"key_id"`
	PublicKey   string         `bun:"public_key_pem"`
	ProfileURL  sql.NullString `bun:"profile_url"`
	Manual      bool           `bun:"manually_approves_followers"`
	FetchedAt   time.Time      `bun:"fetched_at"`
}

func (r remoteActorRow) actor() app.RemoteActor {
	return app.RemoteActor{ProfileID: domain.UserID(r.ProfileID), URI: r.URI, Host: r.Host, Inbox: r.Inbox,
		SharedInbox: r.SharedInbox.String, KeyID: r.KeyID, PublicKey: r.PublicKey, ProfileURL: r.ProfileURL.String,
		Manual: r.Manual, FetchedAt: r.FetchedAt}
}

func (s *Store) remoteActor(ctx context.Context, where string, arg any) (app.RemoteActor, error) {
	var r remoteActorRow
	err := s.IDB(ctx).NewRaw(`SELECT profile_id, actor_uri, host, inbox_url, shared_inbox_url, key_id, public_key_pem,
			profile_url, manually_approves_followers, fetched_at
		FROM federation_remote_actors WHERE `+where, arg).Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return app.RemoteActor{}, domain.ErrNotFound
	}
	return r.actor(), err
}

// ActorByURI reads the remote actor of id uri.
func (s *Store) ActorByURI(ctx context.Context, uri string) (app.RemoteActor, error) {
	return s.remoteActor(ctx, "actor_uri = ?", uri)
}

// ActorByKeyID reads the remote actor whose key is keyID.
func (s *Store) ActorByKeyID(ctx context.Context, keyID string) (app.RemoteActor, error) {
	return s.remoteActor(ctx, "key_id = ? ORDER BY fetched_at DESC LIMIT 1", keyID)
}

// ActorByProfile reads the remote actor of a remote profile.
func (s *Store) ActorByProfile(ctx context.Context, id domain.UserID) (app.RemoteActor, error) {
	return s.remoteActor(ctx, "profile_id = ?", uuid.UUID(id))
}

// ActorByHandle reads the remote actor whose remote account's handle is
// handle (user@host).
func (s *Store) ActorByHandle(ctx context.Context, handle string) (app.RemoteActor, error) {
	return s.remoteActor(ctx, "profile_id = (SELECT id FROM member_cards WHERE handle = ? AND domain IS NOT NULL)", handle)
}

// SaveActor inserts or refreshes a, by its profile.
func (s *Store) SaveActor(ctx context.Context, a app.RemoteActor) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_remote_actors (profile_id, actor_uri, host, inbox_url,
			shared_inbox_url, key_id, public_key_pem, profile_url, manually_approves_followers, fetched_at)
		VALUES (?, ?, ?, ?, NULLIF(?, ''), ?, ?, NULLIF(?, ''), ?, ?)
		ON CONFLICT (profile_id) DO UPDATE SET actor_uri = EXCLUDED.actor_uri, host = EXCLUDED.host,
			inbox_url = EXCLUDED.inbox_url, shared_inbox_url = EXCLUDED.shared_inbox_url, key_id = EXCLUDED.key_id,
			public_key_pem = EXCLUDED.public_key_pem, profile_url = EXCLUDED.profile_url,
			manually_approves_followers = EXCLUDED.manually_approves_followers, fetched_at = EXCLUDED.fetched_at`,
		uuid.UUID(a.ProfileID), a.URI, a.Host, a.Inbox, a.SharedInbox, a.KeyID, a.PublicKey, a.ProfileURL, a.Manual,
		a.FetchedAt).Exec(ctx)
	return err
}

// ProcessArgs is the job that processes one activity a remote actor sent
// to an inbox here.
type ProcessArgs struct {
	ActivityID string          `json:"activity_id"`
	Actor      uuid.UUID       `json:"actor"`
	Activity   json.RawMessage `json:"activity"`
}

// Kind is the job's stable name.
func (ProcessArgs) Kind() string { return "federation.process_activity" }

// InboxQueue is the plugin's own job queue of received activities: a
// flood of them waits there, never in the queues of the members' jobs.
const InboxQueue = "federation_inbox"

// InsertOpts puts the job in the inbox queue, with a few attempts (a
// remote object fetched on the way may be briefly unreachable).
func (ProcessArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: InboxQueue, MaxAttempts: 5}
}

// Receive records activities once each and queues the processing of
// those new, in the transaction of ctx, in one statement. One received
// before is left as it was; so is one whose actor was removed since its
// key was read (its account deleted): it sends nothing more.
func (s *Store) Receive(ctx context.Context, activities []app.InboxActivity, at time.Time) error {
	ids := make([]string, len(activities))
	actors := make([]uuid.UUID, len(activities))
	for i, a := range activities {
		ids[i], actors[i] = a.ID, uuid.UUID(a.Actor)
	}
	var inserted []string
	err := s.IDB(ctx).NewRaw(`INSERT INTO federation_inbox_activities (activity_id, actor_id, received_at)
		SELECT r.id, r.actor, ? FROM unnest(?::text[], ?::uuid[]) AS r (id, actor)
		WHERE EXISTS (SELECT 1 FROM federation_remote_actors a WHERE a.profile_id = r.actor)
		ON CONFLICT (activity_id) DO NOTHING RETURNING activity_id`, at, pgdialect.Array(ids), pgdialect.Array(actors)).
		Scan(ctx, &inserted)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	for _, a := range activities {
		if !slices.Contains(inserted, a.ID) {
			continue
		}
		// Taken once, even when the batch holds it twice.
		inserted = slices.DeleteFunc(inserted, func(id string) bool { return id == a.ID })
		if err := s.Jobs.Insert(ctx, ProcessArgs{ActivityID: a.ID, Actor: uuid.UUID(a.Actor), Activity: a.Activity}, nil); err != nil {
			return err
		}
	}
	return nil
}

// Processed marks activity id processed.
func (s *Store) Processed(ctx context.Context, id string, at time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`UPDATE federation_inbox_activities SET processed_at = ? WHERE activity_id = ?`, at, id).Exec(ctx)
	return err
}

// RemoteObject reads what the remote object uri became here.
func (s *Store) RemoteObject(ctx context.Context, uri string) (app.RemoteObject, error) {
	var r struct {
		Actor   uuid.UUID `bun:"actor_id"`
		Kind    string    `bun:"kind"`
		LocalID uuid.UUID `bun:"local_id"`
	}
	err := s.IDB(ctx).NewRaw(`SELECT actor_id, kind, local_id FROM federation_remote_objects WHERE object_uri = ?`, uri).
		Scan(ctx, &r)
	if errors.Is(err, sql.ErrNoRows) {
		return app.RemoteObject{}, domain.ErrNotFound
	}
	return app.RemoteObject{URI: uri, Actor: domain.UserID(r.Actor), Kind: app.ObjectKind(r.Kind), LocalID: r.LocalID}, err
}

// SaveObject records what a remote object became, once.
func (s *Store) SaveObject(ctx context.Context, o app.RemoteObject, at time.Time) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO federation_remote_objects (object_uri, actor_id, kind, local_id, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (object_uri) DO NOTHING`, o.URI, uuid.UUID(o.Actor), string(o.Kind), o.LocalID, at).
		Exec(ctx)
	return err
}

// DeleteObject forgets the remote object uri.
func (s *Store) DeleteObject(ctx context.Context, uri string) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM federation_remote_objects WHERE object_uri = ?`, uri).Exec(ctx)
	return err
}

// ObjectByLocal finds the remote object of kind that became local id from
// actor (the Follow of a member, the Like of a post).
func (s *Store) ObjectByLocal(ctx context.Context, actor domain.UserID, kind app.ObjectKind, local uuid.UUID) (app.RemoteObject, error) {
	var uri string
	err := s.IDB(ctx).NewRaw(`SELECT object_uri FROM federation_remote_objects WHERE actor_id = ? AND kind = ? AND local_id = ?
		LIMIT 1`, uuid.UUID(actor), string(kind), local).Scan(ctx, &uri)
	if errors.Is(err, sql.ErrNoRows) {
		return app.RemoteObject{}, domain.ErrNotFound
	}
	return app.RemoteObject{URI: uri, Actor: actor, Kind: kind, LocalID: local}, err
}

// HasLocalFollowers reads whether a member of this network follows the
// remote profile.
func (s *Store) HasLocalFollowers(ctx context.Context, profile domain.UserID) (bool, error) {
	var yes bool
	err := s.IDB(ctx).NewRaw(`SELECT EXISTS (SELECT 1 FROM member_follows f JOIN member_cards c ON c.id = f.follower_id
		WHERE f.following_id = ? AND c.domain IS NULL)`, uuid.UUID(profile)).Scan(ctx, &yes)
	return yes, err
}
