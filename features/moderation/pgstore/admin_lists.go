package pgstore

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/platform/pgkit"
)

// AdminPage is the part of a console list query every resource shares
// (pgkit.AdminPage).
type AdminPage = pgkit.AdminPage

func adminList[R any](ctx context.Context, base func() *bun.SelectQuery, columns string,
	sortable map[string]string, def, key string, p AdminPage, total func(R) int) ([]R, int, error) {
	return pgkit.AdminList(ctx, base, columns, sortable, def, key, p, total)
}

// AdminProfile is one member in the console.
type AdminProfile struct {
	ID              uuid.UUID  `bun:"id" json:"id"`
	Handle          string     `bun:"handle" json:"handle"`
	DisplayName     string     `bun:"display_name" json:"display_name"`
	Email           string     `bun:"email" json:"email"`
	Role            string     `bun:"role" json:"role"`
	IsVerified      bool       `bun:"is_verified" json:"is_verified"`
	Confirmed       bool       `bun:"confirmed" json:"confirmed"`
	SuspendedAt     *time.Time `bun:"suspended_at" json:"suspended_at"`
	SuspendedReason *string    `bun:"suspended_reason" json:"suspended_reason"`
	// DeletedAt is set once the member deleted their account: the row is
	// its tombstone, named "Conta excluída", with nothing personal left.
	DeletedAt      *time.Time `bun:"deleted_at" json:"deleted_at" nullable:"true" doc:"When the member deleted the account, or null."`
	Bio            *string    `bun:"bio" json:"bio"`
	PostCount      int        `bun:"post_count" json:"post_count"`
	FollowerCount  int        `bun:"follower_count" json:"follower_count"`
	FollowingCount int        `bun:"following_count" json:"following_count"`
	CreatedAt      time.Time  `bun:"created_at" json:"created_at"`
	Total          int        `bun:"total" json:"-"`
}

// AdminProfileQuery filters the profiles list.
type AdminProfileQuery struct {
	AdminPage
	Role      string
	Verified  *bool
	Suspended *bool
}

// AdminProfileSortable are the keys the profiles list sorts by.
var AdminProfileSortable = map[string]string{"created_at": "a.created_at", "handle": "p.handle",
	"display_name": "p.display_name", "email": "a.email", "role": "a.role", "post_count": "p.post_count",
	"follower_count": "p.follower_count", "suspended_at": "a.suspended_at", "deleted_at": "a.deleted_at"}

// AdminProfiles pages members with their accounts.
func AdminProfiles(ctx context.Context, db *bun.DB, q AdminProfileQuery) ([]AdminProfile, int, error) {
	base := func() *bun.SelectQuery {
		sel := pgkit.IDB(ctx, db).NewSelect().TableExpr("profiles AS p").Join("JOIN accounts AS a ON a.id = p.id")
		if q.Search != "" {
			like := pgkit.ContainsPattern(q.Search)
			sel = sel.Where("(p.handle ILIKE ? OR immutable_unaccent(p.display_name) ILIKE immutable_unaccent(?) OR a.email ILIKE ?)",
				like, like, like)
		}
		if q.Role != "" {
			sel = sel.Where("a.role = ?", q.Role)
		}
		if q.Verified != nil {
			sel = sel.Where("p.is_verified = ?", *q.Verified)
		}
		if q.Suspended != nil {
			sel = sel.Where("(a.suspended_at IS NOT NULL) = ?", *q.Suspended)
		}
		if len(q.IDs) > 0 {
			sel = sel.Where("p.id IN (?)", bun.In(q.IDs))
		}
		return sel
	}
	return adminList(ctx, base, `p.id, p.handle, p.display_name, a.email, a.role, p.is_verified,
		a.confirmed_at IS NOT NULL AS confirmed, a.suspended_at, a.suspended_reason, a.deleted_at, p.bio, p.post_count,
		p.follower_count, p.following_count, a.created_at`,
		AdminProfileSortable, "a.created_at", "p.id", q.AdminPage, func(r AdminProfile) int { return r.Total })
}

// AdminPost is one post in the console.
type AdminPost struct {
	ID              uuid.UUID  `bun:"id" json:"id"`
	AuthorID        uuid.UUID  `bun:"author_id" json:"author_id"`
	AuthorHandle    *string    `bun:"author_handle" json:"author_handle"`
	AuthorSuspended bool       `bun:"author_suspended" json:"author_suspended"`
	TextContent     *string    `bun:"text_content" json:"text_content"`
	MediaPath       *string    `bun:"media_path" json:"media_path"`
	ImageAlt        *string    `bun:"image_alt" json:"image_alt" doc:"The author's description of the image, or null."`
	Type            string     `bun:"type" json:"type"`
	Visibility      string     `bun:"visibility" json:"visibility"`
	AudienceID      *uuid.UUID `bun:"audience_id" json:"audience_id" nullable:"true" doc:"The audience (community) of a members_only post, else null."`
	LikeCount       int        `bun:"like_count" json:"like_count"`
	CommentCount    int        `bun:"comment_count" json:"comment_count"`
	OpenReports     int        `bun:"open_reports" json:"open_reports"`
	CreatedAt       time.Time  `bun:"created_at" json:"created_at"`
	Total           int        `bun:"total" json:"-"`
}

// AdminPostQuery filters the posts list.
type AdminPostQuery struct {
	AdminPage
	Author      string // handle
	AuthorID    *uuid.UUID
	Hashtag     string // without '#', any case
	Visibility  string
	AudienceID  *uuid.UUID
	CreatedFrom *time.Time
	CreatedTo   *time.Time
}

// AdminPostSortable are the keys the posts list sorts by.
var AdminPostSortable = map[string]string{"created_at": "p.created_at", "like_count": "p.like_count",
	"comment_count": "p.comment_count", "author_handle": "a.handle"}

// AdminPosts pages every post (any visibility, suspended authors too).
func AdminPosts(ctx context.Context, db *bun.DB, q AdminPostQuery) ([]AdminPost, int, error) {
	base := func() *bun.SelectQuery {
		sel := pgkit.IDB(ctx, db).NewSelect().TableExpr("posts AS p").
			Join("LEFT JOIN profiles AS a ON a.id = p.author_id").Join("JOIN accounts AS ac ON ac.id = p.author_id")
		if q.Search != "" {
			sel = sel.Where("immutable_unaccent(p.text_content) ILIKE immutable_unaccent(?)", pgkit.ContainsPattern(q.Search))
		}
		if q.Author != "" {
			sel = sel.Where("a.handle = lower(?)", strings.TrimPrefix(strings.TrimSpace(q.Author), "@"))
		}
		if q.AuthorID != nil {
			sel = sel.Where("p.author_id = ?", *q.AuthorID)
		}
		if q.Hashtag != "" {
			sel = sel.Where(`EXISTS (SELECT 1 FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
				WHERE ph.post_id = p.id AND h.tag = lower(?))`, strings.TrimPrefix(strings.TrimSpace(q.Hashtag), "#"))
		}
		if q.Visibility != "" {
			sel = sel.Where("p.visibility = ?", q.Visibility)
		}
		if q.AudienceID != nil {
			sel = sel.Where("p.audience_id = ?", *q.AudienceID)
		}
		if q.CreatedFrom != nil {
			sel = sel.Where("p.created_at >= ?", *q.CreatedFrom)
		}
		if q.CreatedTo != nil {
			sel = sel.Where("p.created_at < ?", *q.CreatedTo)
		}
		if len(q.IDs) > 0 {
			sel = sel.Where("p.id IN (?)", bun.In(q.IDs))
		}
		return sel
	}
	return adminList(ctx, base, `p.id, p.author_id, a.handle AS author_handle,
		ac.suspended_at IS NOT NULL AS author_suspended, p.text_content, p.media_path, p.image_alt, p.type, p.visibility,
		p.audience_id, p.like_count, p.comment_count, p.created_at,
		(SELECT count(*) FROM reports r WHERE r.target_type = 'post' AND r.target_id = p.id AND r.status = 'open') AS open_reports`,
		AdminPostSortable, "p.created_at", "p.id", q.AdminPage, func(r AdminPost) int { return r.Total })
}

// AdminReport is one report in the console, with what it points at.
type AdminReport struct {
	ID              uuid.UUID  `bun:"id" json:"id"`
	Status          string     `bun:"status" json:"status"`
	Reason          *string    `bun:"reason" json:"reason"`
	TargetType      string     `bun:"target_type" json:"target_type"`
	TargetID        uuid.UUID  `bun:"target_id" json:"target_id"`
	ReporterID      uuid.UUID  `bun:"reporter_id" json:"reporter_id"`
	ReporterHandle  *string    `bun:"reporter_handle" json:"reporter_handle"`
	TargetText      *string    `bun:"target_text" json:"target_text" doc:"The post's or comment's text; null once it is gone."`
	TargetImageAlt  *string    `bun:"target_image_alt" json:"target_image_alt" doc:"The reported post's description of its image, or null."`
	TargetAuthorID  *uuid.UUID `bun:"target_author_id" json:"target_author_id" nullable:"true"`
	TargetAuthor    *string    `bun:"target_author_handle" json:"target_author_handle"`
	TargetExists    bool       `bun:"target_exists" json:"target_exists"`
	Resolution      *string    `bun:"resolution" json:"resolution"`
	ResolutionNote  *string    `bun:"resolution_note" json:"resolution_note"`
	ResolvedAt      *time.Time `bun:"resolved_at" json:"resolved_at"`
	ResolvedBy      *uuid.UUID `bun:"resolved_by" json:"resolved_by" nullable:"true"`
	ResolverHandle  *string    `bun:"resolver_handle" json:"resolver_handle"`
	SameTargetCount int        `bun:"same_target_count" json:"same_target_count" doc:"Reports against the same target, this one included."`
	CreatedAt       time.Time  `bun:"created_at" json:"created_at"`
	Total           int        `bun:"total" json:"-"`
}

// AdminReportQuery filters the reports queue.
type AdminReportQuery struct {
	AdminPage
	Status     string
	TargetType string
}

// AdminReportSortable are the keys the reports queue sorts by.
var AdminReportSortable = map[string]string{"created_at": "r.created_at", "status": "r.status",
	"resolved_at": "r.resolved_at", "same_target_count": "same_target_count"}

// AdminReports pages reports with their reporter and target.
func AdminReports(ctx context.Context, db *bun.DB, q AdminReportQuery) ([]AdminReport, int, error) {
	base := func() *bun.SelectQuery {
		sel := pgkit.IDB(ctx, db).NewSelect().TableExpr("reports AS r").
			Join("LEFT JOIN profiles AS rp ON rp.id = r.reporter_id").
			Join("LEFT JOIN profiles AS rv ON rv.id = r.resolved_by").
			Join("LEFT JOIN posts AS tp ON r.target_type = 'post' AND tp.id = r.target_id").
			Join("LEFT JOIN comments AS tc ON r.target_type = 'comment' AND tc.id = r.target_id").
			Join("LEFT JOIN profiles AS ta ON ta.id = coalesce(tp.author_id, tc.author_id)")
		if q.Status != "" {
			sel = sel.Where("r.status = ?", q.Status)
		}
		if q.TargetType != "" {
			sel = sel.Where("r.target_type = ?", q.TargetType)
		}
		if q.Search != "" {
			like := pgkit.ContainsPattern(q.Search)
			sel = sel.Where("(r.reason ILIKE ? OR tp.text_content ILIKE ? OR tc.text_content ILIKE ?)", like, like, like)
		}
		if len(q.IDs) > 0 {
			sel = sel.Where("r.id IN (?)", bun.In(q.IDs))
		}
		return sel
	}
	return adminList(ctx, base, `r.id, r.status, r.reason, r.target_type, r.target_id, r.reporter_id,
		rp.handle AS reporter_handle, coalesce(tp.text_content, tc.text_content) AS target_text,
		tp.image_alt AS target_image_alt,
		coalesce(tp.author_id, tc.author_id) AS target_author_id, ta.handle AS target_author_handle,
		(tp.id IS NOT NULL OR tc.id IS NOT NULL) AS target_exists, r.resolution, r.resolution_note,
		r.resolved_at, r.resolved_by, rv.handle AS resolver_handle, r.created_at,
		(SELECT count(*) FROM reports o WHERE o.target_type = r.target_type AND o.target_id = r.target_id) AS same_target_count`,
		AdminReportSortable, "r.created_at", "r.id", q.AdminPage, func(r AdminReport) int { return r.Total })
}

// AdminAuditEntry is one row of the audit log in the console.
type AdminAuditEntry struct {
	ID          uuid.UUID       `bun:"id" json:"id"`
	ActorID     *uuid.UUID      `bun:"actor_id" json:"actor_id" nullable:"true"`
	ActorHandle *string         `bun:"actor_handle" json:"actor_handle"`
	ActorRole   string          `bun:"actor_role" json:"actor_role"`
	Action      string          `bun:"action" json:"action"`
	TargetType  string          `bun:"target_type" json:"target_type"`
	TargetID    string          `bun:"target_id" json:"target_id"`
	Reason      *string         `bun:"reason" json:"reason"`
	Details     json.RawMessage `bun:"details,type:jsonb" json:"details"`
	CreatedAt   time.Time       `bun:"created_at" json:"created_at"`
	Total       int             `bun:"total" json:"-"`
}

// AdminAuditQuery filters the audit log.
type AdminAuditQuery struct {
	AdminPage
	Action     string
	ActorID    *uuid.UUID
	TargetType string
	TargetID   string
}

// AdminAuditSortable are the keys the audit log sorts by.
var AdminAuditSortable = map[string]string{"created_at": "l.created_at", "action": "l.action", "actor_role": "l.actor_role"}

// AdminAudit pages the audit log, newest first by default.
func AdminAudit(ctx context.Context, db *bun.DB, q AdminAuditQuery) ([]AdminAuditEntry, int, error) {
	base := func() *bun.SelectQuery {
		sel := pgkit.IDB(ctx, db).NewSelect().TableExpr("audit_log AS l").Join("LEFT JOIN profiles AS ap ON ap.id = l.actor_id")
		if q.Action != "" {
			sel = sel.Where("l.action = ?", q.Action)
		}
		if q.ActorID != nil {
			sel = sel.Where("l.actor_id = ?", *q.ActorID)
		}
		if q.TargetType != "" {
			sel = sel.Where("l.target_type = ?", q.TargetType)
		}
		if q.TargetID != "" {
			sel = sel.Where("l.target_id = ?", q.TargetID)
		}
		if q.Search != "" {
			like := pgkit.ContainsPattern(q.Search)
			sel = sel.Where("(l.reason ILIKE ? OR l.details::text ILIKE ? OR ap.handle ILIKE ?)", like, like, like)
		}
		if len(q.IDs) > 0 {
			sel = sel.Where("l.id IN (?)", bun.In(q.IDs))
		}
		return sel
	}
	return adminList(ctx, base, `l.id, l.actor_id, ap.handle AS actor_handle, l.actor_role, l.action,
		l.target_type, l.target_id, l.reason, l.details, l.created_at`,
		AdminAuditSortable, "l.created_at", "l.id", q.AdminPage, func(r AdminAuditEntry) int { return r.Total })
}

// AdminHashtag is one hashtag in the console; its ID is the tag.
type AdminHashtag struct {
	ID         string `bun:"id" json:"id"`
	Tag        string `bun:"tag" json:"tag"`
	UsageCount int    `bun:"usage_count" json:"usage_count"`
	Total      int    `bun:"total" json:"-"`
}

// AdminHashtagSortable are the keys the hashtags list sorts by.
var AdminHashtagSortable = map[string]string{"usage_count": "h.usage_count", "tag": "h.tag", "id": "h.tag"}

// AdminHashtags pages hashtags, most used first by default; tags filters
// by ID (the tag itself).
func AdminHashtags(ctx context.Context, db *bun.DB, p AdminPage, tags []string) ([]AdminHashtag, int, error) {
	base := func() *bun.SelectQuery {
		sel := pgkit.IDB(ctx, db).NewSelect().TableExpr("hashtags AS h")
		if p.Search != "" {
			sel = sel.Where("h.tag ILIKE ?", pgkit.ContainsPattern(strings.TrimPrefix(p.Search, "#")))
		}
		if len(tags) > 0 {
			sel = sel.Where("h.tag IN (?)", bun.In(tags))
		}
		return sel
	}
	return adminList(ctx, base, "h.tag AS id, h.tag, h.usage_count", AdminHashtagSortable, "h.usage_count", "h.tag", p,
		func(r AdminHashtag) int { return r.Total })
}
