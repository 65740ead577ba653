package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	posts "social/features/posts/app"
	"social/platform/pgkit"
)

// CoreMemberData is the core's part of a member's data (ports.MemberData):
// account and profile, posts with their files, comments, likes and
// follows both ways, for the export; and, once the account is deleted, the
// batched removal of all of it with the counters that counted it.
type CoreMemberData struct {
	db     *bun.DB
	posts  posts.PostDeleter
	files  posts.MediaQueue
	search ports.SearchIndexQueue
	clock  ports.Clock
}

var _ ports.MemberData = (*CoreMemberData)(nil)

// NewCoreMemberData makes the core's part; posts are deleted, their files
// queued for deletion and their search documents requeued through the
// posts and search features. The clock tells which apps are still
// connected.
func NewCoreMemberData(db *bun.DB, p posts.PostDeleter, files posts.MediaQueue, search ports.SearchIndexQueue,
	clock ports.Clock) *CoreMemberData {
	return &CoreMemberData{db: db, posts: p, files: files, search: search, clock: clock}
}

type exportProfile struct {
	ID             uuid.UUID  `bun:"id" json:"id"`
	Email          string     `bun:"email" json:"email"`
	Role           string     `bun:"role" json:"papel"`
	ConfirmedAt    *time.Time `bun:"confirmed_at" json:"email_confirmado_em"`
	Handle         string     `bun:"handle" json:"nome_de_usuario"`
	DisplayName    string     `bun:"display_name" json:"nome"`
	Bio            *string    `bun:"bio" json:"bio"`
	Location       *string    `bun:"location" json:"localizacao"`
	WebsiteURL     *string    `bun:"website_url" json:"site"`
	AvatarPath     *string    `bun:"avatar_path" json:"foto"`
	BannerPath     *string    `bun:"banner_path" json:"capa"`
	IsVerified     bool       `bun:"is_verified" json:"verificado"`
	FollowerCount  int        `bun:"follower_count" json:"seguidores"`
	FollowingCount int        `bun:"following_count" json:"seguindo"`
	PostCount      int        `bun:"post_count" json:"posts"`
	CreatedAt      time.Time  `bun:"created_at" json:"criada_em"`
}

type exportPost struct {
	ID           uuid.UUID  `bun:"id" json:"id"`
	Text         *string    `bun:"text_content" json:"texto"`
	Type         string     `bun:"type" json:"tipo"`
	Visibility   string     `bun:"visibility" json:"visibilidade"`
	AudienceID   *uuid.UUID `bun:"audience_id" json:"comunidade_id,omitempty"`
	MediaPath    *string    `bun:"media_path" json:"midia"`
	ImageAlt     *string    `bun:"image_alt" json:"descricao_da_imagem,omitempty"`
	LinkURL      *string    `bun:"link_preview_url" json:"link,omitempty"`
	LikeCount    int        `bun:"like_count" json:"curtidas"`
	CommentCount int        `bun:"comment_count" json:"comentarios"`
	ShareCount   int        `bun:"share_count" json:"compartilhamentos"`
	CreatedAt    time.Time  `bun:"created_at" json:"criado_em"`
	UpdatedAt    time.Time  `bun:"updated_at" json:"atualizado_em"`
}

type exportComment struct {
	ID        uuid.UUID `bun:"id" json:"id"`
	PostID    uuid.UUID `bun:"post_id" json:"post_id"`
	Text      string    `bun:"text_content" json:"texto"`
	CreatedAt time.Time `bun:"created_at" json:"criado_em"`
}

type exportLike struct {
	PostID    uuid.UUID `bun:"post_id" json:"post_id"`
	CreatedAt time.Time `bun:"created_at" json:"curtido_em"`
}

type exportFollow struct {
	Handle      string    `bun:"handle" json:"nome_de_usuario"`
	DisplayName string    `bun:"display_name" json:"nome"`
	Since       time.Time `bun:"created_at" json:"desde"`
}

// exportApp is an app the member authorized (OAuth), read from the
// member's tokens still kept: a token goes a week after it was revoked or
// expired (accounts.prune_oauth), and an app none of whose tokens is left
// is no longer listed. It never holds a token, a secret or a hash of one.
type exportApp struct {
	Name         string     `bun:"name" json:"nome"`
	Website      *string    `bun:"website" json:"site"`
	Scopes       string     `bun:"scopes" json:"-"`
	Permissions  []string   `bun:"-" json:"permissoes"`
	AuthorizedAt time.Time  `bun:"authorized_at" json:"autorizado_em"`
	LastUsedAt   *time.Time `bun:"last_used_at" json:"usado_por_ultimo_em"`
	Connected    bool       `bun:"connected" json:"conectado"`
}

// ExportMember writes profile.json, posts.json, comments.json, likes.json,
// following.json, followers.json and apps.json, with the member's pictures
// and post files under media/. Follows name the other member by the
// handle and name everyone sees; deleted accounts are left out.
func (d *CoreMemberData) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	db, uid := pgkit.IDB(ctx, d.db), uuid.UUID(member)
	var p exportProfile
	if err := db.NewRaw(`SELECT a.id, a.email, a.role, a.confirmed_at, p.handle, p.display_name, p.bio, p.location,
		p.website_url, p.avatar_path, p.banner_path, p.is_verified, p.follower_count, p.following_count, p.post_count,
		a.created_at FROM accounts a JOIN profiles p ON p.id = a.id WHERE a.id = ?`, uid).Scan(ctx, &p); err != nil {
		return fmt.Errorf("profile: %w", pgkit.NotFound(err))
	}
	for _, key := range []**string{&p.AvatarPath, &p.BannerPath} {
		if err := media(ctx, w, key); err != nil {
			return err
		}
	}
	if err := w.JSON("profile.json", p); err != nil {
		return err
	}

	posts := []exportPost{}
	if err := db.NewRaw(`SELECT id, text_content, type, visibility, audience_id, media_path, image_alt, link_preview_url,
		like_count, comment_count, share_count, created_at, updated_at
		FROM posts WHERE author_id = ? ORDER BY created_at, id`, uid).Scan(ctx, &posts); err != nil {
		return fmt.Errorf("posts: %w", err)
	}
	for i := range posts {
		if err := media(ctx, w, &posts[i].MediaPath); err != nil {
			return err
		}
	}
	if err := w.JSON("posts.json", posts); err != nil {
		return err
	}

	comments := []exportComment{}
	if err := db.NewRaw(`SELECT id, post_id, text_content, created_at FROM comments WHERE author_id = ?
		ORDER BY created_at, id`, uid).Scan(ctx, &comments); err != nil {
		return fmt.Errorf("comments: %w", err)
	}
	if err := w.JSON("comments.json", comments); err != nil {
		return err
	}

	likes := []exportLike{}
	if err := db.NewRaw(`SELECT post_id, created_at FROM likes WHERE user_id = ? ORDER BY created_at, post_id`, uid).
		Scan(ctx, &likes); err != nil {
		return fmt.Errorf("likes: %w", err)
	}
	if err := w.JSON("likes.json", likes); err != nil {
		return err
	}

	for _, side := range []struct{ file, mine, other string }{
		{"following.json", "follower_id", "following_id"},
		{"followers.json", "following_id", "follower_id"},
	} {
		list := []exportFollow{}
		if err := db.NewRaw(`SELECT p.handle, p.display_name, f.created_at FROM follows f
			JOIN profiles p ON p.id = f.`+side.other+`
			JOIN accounts a ON a.id = p.id AND a.deleted_at IS NULL
			WHERE f.`+side.mine+` = ? ORDER BY f.created_at, f.id`, uid).Scan(ctx, &list); err != nil {
			return fmt.Errorf("%s: %w", side.file, err)
		}
		if err := w.JSON(side.file, list); err != nil {
			return err
		}
	}

	// One entry per app: the scopes of all its tokens, the first
	// authorization, the last use; connected while a token of it is
	// neither revoked nor past both its expiries.
	apps := []exportApp{}
	now := d.clock.Now()
	if err := db.NewRaw(`SELECT a.name, a.website, string_agg(DISTINCT t.scopes, ' ') AS scopes,
			min(t.authorized_at) AS authorized_at, max(t.last_used_at) AS last_used_at,
			bool_or(t.revoked_at IS NULL AND (t.expires_at > ? OR t.refresh_expires_at > ?)) AS connected
		FROM oauth_tokens t JOIN oauth_apps a ON a.id = t.app_id
		WHERE t.account_id = ? GROUP BY a.id ORDER BY min(t.authorized_at), a.id`, now, now, uid).Scan(ctx, &apps); err != nil {
		return fmt.Errorf("apps: %w", err)
	}
	for i := range apps {
		scopes, _, _ := domain.ParseScopes(apps[i].Scopes)
		apps[i].Permissions = scopes.Names()
	}
	return w.JSON("apps.json", apps)
}

// media copies the file at *key into the archive and points *key at its
// place there (nil when the file is gone).
func media(ctx context.Context, w ports.ArchiveWriter, key **string) error {
	if *key == nil {
		return nil
	}
	name, err := w.Media(ctx, **key)
	if err != nil {
		return err
	}
	if name == "" {
		*key = nil
		return nil
	}
	*key = &name
	return nil
}

// eraseSteps remove one batch each and answer how many rows went. Each
// statement lowers, in the same statement, the counters of what it removes.
var eraseSteps = []struct {
	name  string
	query string
}{
	{"likes", `WITH gone AS (
		DELETE FROM likes WHERE user_id = ?0 AND post_id IN (SELECT post_id FROM likes WHERE user_id = ?0 LIMIT ?1)
		RETURNING post_id),
	counted AS (UPDATE posts SET like_count = greatest(like_count - 1, 0) WHERE id IN (SELECT post_id FROM gone) RETURNING 1)
	SELECT count(*) FROM gone`},
	{"comments", `WITH gone AS (
		DELETE FROM comments WHERE id IN (SELECT id FROM comments WHERE author_id = ?0 LIMIT ?1) RETURNING post_id),
	per AS (SELECT post_id, count(*) AS n FROM gone GROUP BY post_id),
	counted AS (UPDATE posts p SET comment_count = greatest(p.comment_count - per.n, 0) FROM per
		WHERE p.id = per.post_id RETURNING 1)
	SELECT count(*) FROM gone`},
	{"following", `WITH gone AS (
		DELETE FROM follows WHERE id IN (SELECT id FROM follows WHERE follower_id = ?0 LIMIT ?1) RETURNING following_id),
	counted AS (UPDATE profiles SET follower_count = greatest(follower_count - 1, 0)
		WHERE id IN (SELECT following_id FROM gone) RETURNING 1)
	SELECT count(*) FROM gone`},
	{"followers", `WITH gone AS (
		DELETE FROM follows WHERE id IN (SELECT id FROM follows WHERE following_id = ?0 LIMIT ?1) RETURNING follower_id),
	counted AS (UPDATE profiles SET following_count = greatest(following_count - 1, 0)
		WHERE id IN (SELECT follower_id FROM gone) RETURNING 1)
	SELECT count(*) FROM gone`},
	{"timeline", `WITH gone AS (
		DELETE FROM timelines WHERE (member_id, post_id) IN
			(SELECT member_id, post_id FROM timelines WHERE member_id = ?0 LIMIT ?1) RETURNING 1)
	SELECT count(*) FROM gone`},
	{"notifications", `WITH gone AS (
		DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE recipient_id = ?0 OR sender_id = ?0 LIMIT ?1)
		RETURNING 1)
	SELECT count(*) FROM gone`},
	{"reports", `WITH gone AS (
		DELETE FROM reports WHERE id IN (SELECT id FROM reports WHERE reporter_id = ?0 LIMIT ?1) RETURNING 1)
	SELECT count(*) FROM gone`},
	{"shares", `WITH gone AS (
		DELETE FROM post_shares WHERE member_id = ?0 AND post_id IN
			(SELECT post_id FROM post_shares WHERE member_id = ?0 LIMIT ?1) RETURNING post_id, shares),
	counted AS (UPDATE posts p SET share_count = greatest(p.share_count - gone.shares, 0) FROM gone
		WHERE p.id = gone.post_id RETURNING 1)
	SELECT count(*) FROM gone`},
}

// postsAfter is the step after which the member's posts go: after the
// follows, so that a post's deletion leaves no timeline rows of followers
// behind.
const postsAfter = "followers"

// EraseMember removes one batch of the first kind of row the member still
// has: their likes, comments, follows both ways, posts (through the post
// deletion, with their search documents and files), timeline, notifications,
// reports and shares (each post's share_count lowered by the member's
// shares of it). The profile's own counters are zeroed at the end; its
// search document left with the deletion. Comments have no search
// document, and what the member liked or shared is not searched by count.
func (d *CoreMemberData) EraseMember(ctx context.Context, member domain.UserID, batch int) (bool, error) {
	uid := uuid.UUID(member)
	more := false
	err := pgkit.NewTransactor(d.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, d.db)
		for _, step := range eraseSteps {
			var n int
			if err := db.NewRaw(step.query, uid, batch).Scan(ctx, &n); err != nil {
				return fmt.Errorf("%s: %w", step.name, err)
			}
			if n > 0 {
				more = true
				return nil
			}
			if step.name == postsAfter {
				n, err := d.erasePosts(ctx, uid, batch)
				if err != nil {
					return err
				}
				if n > 0 {
					more = true
					return nil
				}
			}
		}
		_, err := db.NewRaw(`UPDATE profiles SET follower_count = 0, following_count = 0, post_count = 0 WHERE id = ?`, uid).
			Exec(ctx)
		return err
	})
	return more, err
}

// erasePosts deletes a batch of the member's posts as any post deletion
// does: counters, hashtags, likes, the search document and the files.
func (d *CoreMemberData) erasePosts(ctx context.Context, member uuid.UUID, batch int) (int, error) {
	var ids []uuid.UUID
	if err := pgkit.IDB(ctx, d.db).NewRaw(`SELECT id FROM posts WHERE author_id = ? ORDER BY id LIMIT ?`, member, batch).
		Scan(ctx, &ids); err != nil {
		return 0, fmt.Errorf("posts: %w", err)
	}
	for _, id := range ids {
		p, err := d.posts.Lock(ctx, domain.PostID(id))
		if err != nil {
			return 0, fmt.Errorf("post %s: %w", id, err)
		}
		if err := d.posts.Delete(ctx, p); err != nil {
			return 0, err
		}
		if err := d.search.EnqueueIndex(ctx, ports.SearchPost, p.ID.String()); err != nil {
			return 0, err
		}
		for _, key := range []*string{p.MediaPath, p.LinkPreview.ImagePath} {
			if key != nil {
				if err := d.files.EnqueueMediaDeletion(ctx, *key); err != nil {
					return 0, err
				}
			}
		}
	}
	return len(ids), nil
}
