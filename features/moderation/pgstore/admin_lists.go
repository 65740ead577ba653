package pgstore

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/adminkit"
	"social/platform/pgkit"
)

// AdminLists pages the console's lists of members, posts, reports, the
// audit log and hashtags.
type AdminLists struct {
	DB *bun.DB
}

// consoleList is how one of the console's lists is read in SQL, declared
// as data: the FROM part with its joins, the select list, the sort keys,
// the column sorted by when the query names no key, and the narrowing
// (whose ID column also breaks ties in the order).
type consoleList struct {
	From        string
	Columns     string
	Sortable    map[string]string
	DefaultSort string
	Narrowing   adminkit.Narrowing
}

// listPage reads one page of l's rows matching q, in the context's
// transaction if there is one, and the total of rows matching (read
// from each row by total).
func listPage[Row any](ctx context.Context, db *bun.DB, l consoleList, q adminkit.SQLQuery, total func(Row) int) ([]Row, int, error) {
	base := func() *bun.SelectQuery {
		return l.Narrowing.Apply(pgkit.IDB(ctx, db).NewSelect().TableExpr(l.From), q)
	}
	return pgkit.AdminList(ctx, base, l.Columns, l.Sortable, l.DefaultSort, l.Narrowing.ID, q.Page(), total)
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

// AdminProfileNarrowing searches members by handle, name or e-mail and
// filters them by role, badge and suspension.
var AdminProfileNarrowing = adminkit.Narrowing{ID: "p.id",
	Search: "(p.handle ILIKE ? OR immutable_unaccent(p.display_name) ILIKE immutable_unaccent(?) OR a.email ILIKE ?)",
	Filters: []adminkit.Filter{
		{Key: "role", Kind: adminkit.Text, Where: "a.role = ?"},
		{Key: "is_verified", Kind: adminkit.Bool, Where: "p.is_verified = ?"},
		{Key: "suspended", Kind: adminkit.Bool, Where: "(a.suspended_at IS NOT NULL) = ?"},
	}}

// AdminProfileSortable are the keys the profiles list sorts by.
var AdminProfileSortable = map[string]string{"created_at": "a.created_at", "handle": "p.handle",
	"display_name": "p.display_name", "email": "a.email", "role": "a.role", "post_count": "p.post_count",
	"follower_count": "p.follower_count", "suspended_at": "a.suspended_at", "deleted_at": "a.deleted_at"}

// Profiles pages members with their accounts.
func (l AdminLists) Profiles(ctx context.Context, q adminkit.SQLQuery) ([]AdminProfile, int, error) {
	return listPage(ctx, l.DB, consoleList{From: "profiles AS p JOIN accounts AS a ON a.id = p.id", Columns: `p.id, p.handle, p.display_name, a.email, a.role, p.is_verified,
		a.confirmed_at IS NOT NULL AS confirmed, a.suspended_at, a.suspended_reason, a.deleted_at, p.bio, p.post_count,
		p.follower_count, p.following_count, a.created_at`,
		Sortable: AdminProfileSortable, DefaultSort: "a.created_at", Narrowing: AdminProfileNarrowing,
	}, q, func(r AdminProfile) int { return r.Total })
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

// AdminPostNarrowing searches posts by text (accents ignored) and filters
// them by author (handle or ID), hashtag (any case), visibility, audience
// (a community's posts) and creation dates.
var AdminPostNarrowing = adminkit.Narrowing{ID: "p.id",
	Search: "immutable_unaccent(p.text_content) ILIKE immutable_unaccent(?)",
	Filters: []adminkit.Filter{
		{Key: "author", Kind: adminkit.Handle, Where: "a.handle = lower(?)"},
		{Key: "author_id", Kind: adminkit.ID, Where: "p.author_id = ?"},
		{Key: "hashtag", Kind: adminkit.Hashtag, Where: `EXISTS (SELECT 1 FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
			WHERE ph.post_id = p.id AND h.tag = lower(?))`},
		{Key: "visibility", Kind: adminkit.Text, Where: "p.visibility = ?"},
		{Key: "audience_id", Kind: adminkit.ID, Where: "p.audience_id = ?"},
		{Key: "created_gte", Kind: adminkit.From, Where: "p.created_at >= ?"},
		{Key: "created_lte", Kind: adminkit.Until, Where: "p.created_at < ?"},
	}}

// AdminPostSortable are the keys the posts list sorts by.
var AdminPostSortable = map[string]string{"created_at": "p.created_at", "like_count": "p.like_count",
	"comment_count": "p.comment_count", "author_handle": "a.handle"}

// Posts pages every post (any visibility, suspended authors too).
func (l AdminLists) Posts(ctx context.Context, q adminkit.SQLQuery) ([]AdminPost, int, error) {
	return listPage(ctx, l.DB, consoleList{From: `posts AS p LEFT JOIN profiles AS a ON a.id = p.author_id
		JOIN accounts AS ac ON ac.id = p.author_id`,
		Columns: `p.id, p.author_id, a.handle AS author_handle,
		ac.suspended_at IS NOT NULL AS author_suspended, p.text_content, p.media_path, p.image_alt, p.type, p.visibility,
		p.audience_id, p.like_count, p.comment_count, p.created_at,
		(SELECT count(*) FROM reports r WHERE r.target_type = 'post' AND r.target_id = p.id AND r.status = 'open') AS open_reports`,
		Sortable: AdminPostSortable, DefaultSort: "p.created_at", Narrowing: AdminPostNarrowing,
	}, q, func(r AdminPost) int { return r.Total })
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

// AdminReportNarrowing searches reports by reason or the reported text
// and filters them by status and kind of target.
var AdminReportNarrowing = adminkit.Narrowing{ID: "r.id",
	Search: "(r.reason ILIKE ? OR tp.text_content ILIKE ? OR tc.text_content ILIKE ?)",
	Filters: []adminkit.Filter{
		{Key: "status", Kind: adminkit.Text, Where: "r.status = ?"},
		{Key: "target_type", Kind: adminkit.Text, Where: "r.target_type = ?"},
	}}

// AdminReportSortable are the keys the reports queue sorts by.
var AdminReportSortable = map[string]string{"created_at": "r.created_at", "status": "r.status",
	"resolved_at": "r.resolved_at", "same_target_count": "same_target_count"}

// Reports pages reports with their reporter and target.
func (l AdminLists) Reports(ctx context.Context, q adminkit.SQLQuery) ([]AdminReport, int, error) {
	return listPage(ctx, l.DB, consoleList{From: `reports AS r
		LEFT JOIN profiles AS rp ON rp.id = r.reporter_id
		LEFT JOIN profiles AS rv ON rv.id = r.resolved_by
		LEFT JOIN posts AS tp ON r.target_type = 'post' AND tp.id = r.target_id
		LEFT JOIN comments AS tc ON r.target_type = 'comment' AND tc.id = r.target_id
		LEFT JOIN profiles AS ta ON ta.id = coalesce(tp.author_id, tc.author_id)`,
		Columns: `r.id, r.status, r.reason, r.target_type, r.target_id, r.reporter_id,
		rp.handle AS reporter_handle, coalesce(tp.text_content, tc.text_content) AS target_text,
		tp.image_alt AS target_image_alt,
		coalesce(tp.author_id, tc.author_id) AS target_author_id, ta.handle AS target_author_handle,
		(tp.id IS NOT NULL OR tc.id IS NOT NULL) AS target_exists, r.resolution, r.resolution_note,
		r.resolved_at, r.resolved_by, rv.handle AS resolver_handle, r.created_at,
		(SELECT count(*) FROM reports o WHERE o.target_type = r.target_type AND o.target_id = r.target_id) AS same_target_count`,
		Sortable: AdminReportSortable, DefaultSort: "r.created_at", Narrowing: AdminReportNarrowing,
	}, q, func(r AdminReport) int { return r.Total })
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

// AdminAuditNarrowing searches the audit log by reason, details or actor
// and filters it by action, actor and target.
var AdminAuditNarrowing = adminkit.Narrowing{ID: "l.id",
	Search: "(l.reason ILIKE ? OR l.details::text ILIKE ? OR ap.handle ILIKE ?)",
	Filters: []adminkit.Filter{
		{Key: "action", Kind: adminkit.Text, Where: "l.action = ?"},
		{Key: "actor_id", Kind: adminkit.ID, Where: "l.actor_id = ?"},
		{Key: "target_type", Kind: adminkit.Text, Where: "l.target_type = ?"},
		{Key: "target_id", Kind: adminkit.Text, Where: "l.target_id = ?"},
	}}

// AdminAuditSortable are the keys the audit log sorts by.
var AdminAuditSortable = map[string]string{"created_at": "l.created_at", "action": "l.action", "actor_role": "l.actor_role"}

// Audit pages the audit log, newest first by default.
func (l AdminLists) Audit(ctx context.Context, q adminkit.SQLQuery) ([]AdminAuditEntry, int, error) {
	return listPage(ctx, l.DB, consoleList{From: "audit_log AS l LEFT JOIN profiles AS ap ON ap.id = l.actor_id",
		Columns: `l.id, l.actor_id, ap.handle AS actor_handle, l.actor_role, l.action,
		l.target_type, l.target_id, l.reason, l.details, l.created_at`,
		Sortable: AdminAuditSortable, DefaultSort: "l.created_at", Narrowing: AdminAuditNarrowing,
	}, q, func(r AdminAuditEntry) int { return r.Total })
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

// Hashtags pages hashtags, most used first by default; tags filters
// by ID (the tag itself).
func (l AdminLists) Hashtags(ctx context.Context, p pgkit.AdminPage, tags []string) ([]AdminHashtag, int, error) {
	base := func() *bun.SelectQuery {
		sel := pgkit.IDB(ctx, l.DB).NewSelect().TableExpr("hashtags AS h")
		if p.Search != "" {
			sel = sel.Where("h.tag ILIKE ?", pgkit.ContainsPattern(strings.TrimPrefix(p.Search, "#")))
		}
		if len(tags) > 0 {
			sel = sel.Where("h.tag IN (?)", bun.In(tags))
		}
		return sel
	}
	return pgkit.AdminList(ctx, base, "h.tag AS id, h.tag, h.usage_count", AdminHashtagSortable, "h.usage_count", "h.tag", p,
		func(r AdminHashtag) int { return r.Total })
}
