package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	"social/core/ports"
	posts "social/features/posts/app"
	safety "social/features/safety/app"
	"social/platform/pgkit"
)

type PostRow struct {
	bun.BaseModel          `bun:"table:posts"`
	ID                     uuid.UUID  `bun:"id,pk"`
	AuthorID               uuid.UUID  `bun:"author_id"`
	TextContent            *string    `bun:"text_content"`
	MediaPath              *string    `bun:"media_path"`
	MediaWidth             *int       `bun:"media_width"`
	MediaHeight            *int       `bun:"media_height"`
	MediaVariants          []int      `bun:"media_variants,array"`
	ImageAlt               *string    `bun:"image_alt"`
	MediaID                *uuid.UUID `bun:"media_id"`
	Type                   string     `bun:"type"`
	Visibility             string     `bun:"visibility"`
	AudienceID             *uuid.UUID `bun:"audience_id"`
	CreatedAt              time.Time  `bun:"created_at"`
	UpdatedAt              time.Time  `bun:"updated_at"`
	LikeCount              int        `bun:"like_count"`
	CommentCount           int        `bun:"comment_count"`
	ShareCount             int        `bun:"share_count"`
	LinkPreviewURL         *string    `bun:"link_preview_url"`
	LinkPreviewTitle       *string    `bun:"link_preview_title"`
	LinkPreviewDescription *string    `bun:"link_preview_description"`
	LinkPreviewImagePath   *string    `bun:"link_preview_image_path"`
	LinkPreviewSiteName    *string    `bun:"link_preview_site_name"`
}

func (r PostRow) Domain() domain.Post {
	var audience domain.AudienceID
	if r.AudienceID != nil {
		audience = domain.AudienceID(*r.AudienceID)
	}
	return domain.Post{Audience: audience, ID: domain.PostID(r.ID), AuthorID: domain.UserID(r.AuthorID), TextContent: r.TextContent,
		MediaPath: r.MediaPath, MediaWidth: intOrZero(r.MediaWidth), MediaHeight: intOrZero(r.MediaHeight), MediaVariants: r.MediaVariants,
		ImageAlt: r.ImageAlt, MediaID: r.MediaID, Type: domain.PostType(r.Type), Visibility: domain.Visibility(r.Visibility),
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), LikeCount: r.LikeCount,
		CommentCount: r.CommentCount, ShareCount: r.ShareCount,
		LinkPreview: domain.PostLinkPreview{URL: r.LinkPreviewURL, Title: r.LinkPreviewTitle,
			Description: r.LinkPreviewDescription, ImagePath: r.LinkPreviewImagePath, SiteName: r.LinkPreviewSiteName}}
}

// intOrZero and nullIfZero map an image size a post may lack (a video,
// an image stored before sizes were kept) between NULL and 0.
func intOrZero(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}

func nullIfZero(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

// feedRow is a post joined with its author and the viewer's like.
type feedRow struct {
	PostRow
	AuthorHandle      *string `bun:"author_handle"`
	AuthorDisplayName *string `bun:"author_display_name"`
	AuthorAvatarPath  *string `bun:"author_avatar_path"`
	IsLiked           bool    `bun:"is_liked"`
	FollowsAuthor     bool    `bun:"viewer_follows_author"`
}

func (r feedRow) Domain() domain.FeedItem {
	post := r.PostRow.Domain()
	post.ViewerFollowsAuthor = r.FollowsAuthor
	it := domain.FeedItem{Post: post, IsLiked: r.IsLiked,
		Author: domain.MemberCard{ID: domain.UserID(r.AuthorID), Handle: "unknown", DisplayName: "Unknown User"}}
	if r.AuthorHandle != nil && r.AuthorDisplayName != nil {
		it.Author.Handle, it.Author.DisplayName, it.Author.AvatarPath = *r.AuthorHandle, *r.AuthorDisplayName, r.AuthorAvatarPath
	}
	return it
}

// Posts stores posts, their hashtags and likes, and reads the feed.
type Posts struct {
	db *bun.DB
	// Audiences answers, on reads made for a viewer, whether they belong
	// to a members_only post's audience; nil leaves such posts to their
	// authors.
	Audiences ports.Audiences
}

// NewPosts makes the post store.
func NewPosts(db *bun.DB) *Posts { return &Posts{db: db} }

// NewPostsFor makes the post store that asks audiences (may be nil).
func NewPostsFor(db *bun.DB, audiences ports.Audiences) *Posts {
	return &Posts{db: db, Audiences: audiences}
}

// Create bumps the author's post_count (domain.ErrNotFound without a
// profile) and inserts the post; Tag adds its hashtags. Call both in one
// transaction. The bump comes first: its lock on the author's profile row
// orders the post with a follow or unfollow of the author, which the post's
// timeline rows depend on (timelines.PlaceNewPost).
func (s *Posts) Create(ctx context.Context, p domain.Post) error {
	db := pgkit.IDB(ctx, s.db)
	res, err := db.NewUpdate().Table("profiles").Set("post_count = post_count + ?", profileCounted(p)).
		Where("id = ?", uuid.UUID(p.AuthorID)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("count post of %s: %w", p.AuthorID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	row := PostRow{ID: uuid.UUID(p.ID), AuthorID: uuid.UUID(p.AuthorID), TextContent: p.TextContent,
		MediaPath: p.MediaPath, MediaWidth: nullIfZero(p.MediaWidth), MediaHeight: nullIfZero(p.MediaHeight), MediaVariants: p.MediaVariants,
		ImageAlt: p.ImageAlt, MediaID: p.MediaID, Type: string(p.Type), Visibility: string(p.Visibility),
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	if !p.Audience.IsZero() {
		a := uuid.UUID(p.Audience)
		row.AudienceID = &a
	}
	if _, err := db.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("insert post: %w", err)
	}
	return nil
}

// Tag upserts the post's hashtags (+1 usage each) with their links, in one
// statement and in tag order, so that concurrent posts lock the tags' rows
// in one order. It runs last in the post's transaction, after its jobs are
// enqueued (pgkit.Last): a tag's row stays locked until the commit, and a
// trending tag is on many posts at once.
func (s *Posts) Tag(ctx context.Context, id domain.PostID, tags []string) error {
	if len(tags) == 0 {
		return nil
	}
	return pgkit.Last(ctx, func(ctx context.Context) error {
		_, err := pgkit.IDB(ctx, s.db).NewRaw(`WITH h AS (
			INSERT INTO hashtags (tag, usage_count) SELECT t, 1 FROM (SELECT DISTINCT unnest(?::text[]) AS t) tags ORDER BY t
			ON CONFLICT (tag) DO UPDATE SET usage_count = hashtags.usage_count + 1
			RETURNING id)
			INSERT INTO post_hashtags (post_id, hashtag_id) SELECT ?, id FROM h`, pgdialect.Array(tags), uuid.UUID(id)).Exec(ctx)
		if err != nil {
			return fmt.Errorf("hashtags of post %s: %w", id, err)
		}
		return nil
	})
}

// profileCounted is what p adds to its author's post_count: the posts of
// their profile, which a members_only post is not among. The profile row
// is updated all the same, so that it is locked in the same order.
func profileCounted(p domain.Post) int {
	if p.Visibility == domain.VisibilityMembersOnly {
		return 0
	}
	return 1
}

// addHashtag upserts tag (+1 usage) and links it to the post.
func addHashtag(ctx context.Context, db bun.IDB, post uuid.UUID, tag string) error {
	_, err := db.NewRaw(`WITH h AS (
		INSERT INTO hashtags (tag, usage_count) VALUES (?, 1)
		ON CONFLICT (tag) DO UPDATE SET usage_count = hashtags.usage_count + 1
		RETURNING id)
		INSERT INTO post_hashtags (post_id, hashtag_id) SELECT ?, id FROM h`, tag, post).Exec(ctx)
	if err != nil {
		return fmt.Errorf("hashtag %q: %w", tag, err)
	}
	return nil
}

// SetHashtags makes the post's hashtag links exactly tags: each dropped
// tag loses one usage (never below 0) and its link, each new one is
// upserted (+1) and linked. Tags are touched in tag order, as Create does,
// so concurrent writers lock them in one order. Call it in a transaction
// that holds the post's row.
func (s *Posts) SetHashtags(ctx context.Context, id domain.PostID, tags []string) error {
	db := pgkit.IDB(ctx, s.db)
	var current []string
	if err := db.NewRaw(`SELECT h.tag FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
		WHERE ph.post_id = ?`, uuid.UUID(id)).Scan(ctx, &current); err != nil {
		return fmt.Errorf("hashtags of post %s: %w", id, err)
	}
	change := map[string]bool{} // tag -> added (true) or dropped (false)
	for _, t := range current {
		change[t] = false
	}
	for _, t := range tags {
		if _, had := change[t]; had {
			delete(change, t)
		} else {
			change[t] = true
		}
	}
	order := make([]string, 0, len(change))
	for t := range change {
		order = append(order, t)
	}
	sort.Strings(order)
	for _, tag := range order {
		if change[tag] {
			if err := addHashtag(ctx, db, uuid.UUID(id), tag); err != nil {
				return err
			}
			continue
		}
		_, err := db.NewRaw(`WITH h AS (
			UPDATE hashtags SET usage_count = greatest(usage_count - 1, 0) WHERE tag = ? RETURNING id)
			DELETE FROM post_hashtags WHERE post_id = ? AND hashtag_id IN (SELECT id FROM h)`, tag, uuid.UUID(id)).Exec(ctx)
		if err != nil {
			return fmt.Errorf("drop hashtag %q: %w", tag, err)
		}
	}
	return nil
}

// ByID reads one post.
func (s *Posts) ByID(ctx context.Context, id domain.PostID) (domain.Post, error) {
	var row PostRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).Scan(ctx)
	return row.Domain(), pgkit.NotFound(err)
}

// Lock reads one post and locks it until the transaction ends.
func (s *Posts) Lock(ctx context.Context, id domain.PostID) (domain.Post, error) {
	var row PostRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).For("UPDATE").Scan(ctx)
	return row.Domain(), pgkit.NotFound(err)
}

// SetText changes a post's text and drops its translations.
func (s *Posts) SetText(ctx context.Context, id domain.PostID, text string, now time.Time) error {
	db := pgkit.IDB(ctx, s.db)
	if _, err := db.NewUpdate().Table("posts").Set("text_content = ?", text).Set("updated_at = ?", now).
		Where("id = ?", uuid.UUID(id)).Exec(ctx); err != nil {
		return err
	}
	// Translations of the old text are stale.
	_, err := db.NewRaw("DELETE FROM post_translations WHERE post_id = ?", uuid.UUID(id)).Exec(ctx)
	return err
}

// SetMedia makes the post's file m, taken from upload, described by alt.
func (s *Posts) SetMedia(ctx context.Context, id domain.PostID, m posts.StoredMedia, upload posts.MediaID, alt *string) error {
	if _, err := pgkit.IDB(ctx, s.db).NewUpdate().Table("posts").Set("media_path = ?", m.Key).
		Set("media_width = ?", nullIfZero(m.Width)).Set("media_height = ?", nullIfZero(m.Height)).
		Set("media_variants = ?", pgdialect.Array(m.Variants)).Set("image_alt = ?", alt).
		Set("media_id = ?", uuid.UUID(upload)).Set("type = ?", string(m.Type)).
		Where("id = ?", uuid.UUID(id)).Exec(ctx); err != nil {
		return fmt.Errorf("set file of %s: %w", id, err)
	}
	return nil
}

// ClearMedia makes the post a text post without a file.
func (s *Posts) ClearMedia(ctx context.Context, id domain.PostID) error {
	if _, err := pgkit.IDB(ctx, s.db).NewUpdate().Table("posts").Set("media_path = NULL").
		Set("media_width = NULL").Set("media_height = NULL").Set("media_variants = NULL").Set("image_alt = NULL").
		Set("media_id = NULL").Set("type = ?", string(domain.PostText)).
		Where("id = ?", uuid.UUID(id)).Exec(ctx); err != nil {
		return fmt.Errorf("clear file of %s: %w", id, err)
	}
	return nil
}

// SetImageAlt replaces the description of a post's image.
func (s *Posts) SetImageAlt(ctx context.Context, id domain.PostID, alt *string) error {
	if _, err := pgkit.IDB(ctx, s.db).NewUpdate().Table("posts").Set("image_alt = ?", alt).
		Where("id = ?", uuid.UUID(id)).Exec(ctx); err != nil {
		return fmt.Errorf("set image description of %s: %w", id, err)
	}
	return nil
}

// Delete removes p with its likes, hashtag links and timeline rows, decrementing the
// hashtags' usage and the author's post_count. Call it in a transaction.
// The author's row is locked before the hashtags, in Create's order: the
// other way round, the author posting while one of their posts is deleted
// deadlocks on a hashtag both carry.
func (s *Posts) Delete(ctx context.Context, p domain.Post) error {
	db := pgkit.IDB(ctx, s.db)
	id := uuid.UUID(p.ID)
	if _, err := db.NewUpdate().Table("profiles").Set("post_count = greatest(post_count - ?, 0)", profileCounted(p)).
		Where("id = ?", uuid.UUID(p.AuthorID)).Exec(ctx); err != nil {
		return fmt.Errorf("count post of %s: %w", p.AuthorID, err)
	}
	if _, err := db.NewRaw(`UPDATE hashtags SET usage_count = greatest(usage_count - 1, 0)
		WHERE id IN (SELECT hashtag_id FROM post_hashtags WHERE post_id = ?)`, id).Exec(ctx); err != nil {
		return fmt.Errorf("hashtags of post %s: %w", p.ID, err)
	}
	if _, err := db.NewDelete().Table("likes").Where("post_id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("likes of post %s: %w", p.ID, err)
	}
	if _, err := db.NewDelete().Table("post_hashtags").Where("post_id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("hashtag links of post %s: %w", p.ID, err)
	}
	res, err := db.NewDelete().Table("posts").Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete post %s: %w", p.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	// After the post's row is gone, not before: a fan-out writing the
	// post's rows holds a lock on that row until they commit, so these
	// are all of them (timelines' FanOut).
	if _, err := db.NewDelete().Table("timelines").Where("post_id = ?", id).Exec(ctx); err != nil {
		return fmt.Errorf("timeline rows of post %s: %w", p.ID, err)
	}
	return nil
}

// Like inserts the like once; like_count moves only when a row was made,
// and made says whether it was.
func (s *Posts) Like(ctx context.Context, id domain.PostID, user domain.UserID, now time.Time) (made bool, n int, err error) {
	return s.count(ctx, id, `WITH ins AS (
		INSERT INTO likes (post_id, user_id, created_at) SELECT id, ?::uuid, ?::timestamptz FROM posts WHERE id = ?
		ON CONFLICT DO NOTHING RETURNING post_id)
		UPDATE posts SET like_count = like_count + 1 WHERE id IN (SELECT post_id FROM ins) RETURNING like_count`,
		uuid.UUID(user), now, uuid.UUID(id))
}

// Unlike deletes the like; like_count moves only when a row went, and
// removed says whether one did.
func (s *Posts) Unlike(ctx context.Context, id domain.PostID, user domain.UserID) (removed bool, n int, err error) {
	return s.count(ctx, id, `WITH del AS (
		DELETE FROM likes WHERE post_id = ? AND user_id = ? RETURNING post_id)
		UPDATE posts SET like_count = greatest(like_count - 1, 0) WHERE id IN (SELECT post_id FROM del) RETURNING like_count`,
		uuid.UUID(id), uuid.UUID(user))
}

// count runs a conditional counter update; when it changed nothing, the
// current like_count is read and changed is false. A like is toggled far
// more often than anything else is written, hence prepared.
func (s *Posts) count(ctx context.Context, id domain.PostID, query string, args ...any) (changed bool, n int, err error) {
	db := pgkit.IDB(ctx, s.db)
	err = pgkit.PreparedRow(ctx, s.db, query, args...).Scan(&n)
	if pgkit.ForeignKeyViolation(err) {
		// The post was deleted between this statement's snapshot and its
		// insert: for the caller, it is simply gone.
		return false, 0, domain.ErrNotFound
	}
	if err == nil {
		return true, n, nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		err = db.NewSelect().Table("posts").Column("like_count").Where("id = ?", uuid.UUID(id)).Scan(ctx, &n)
	}
	return false, n, pgkit.NotFound(err)
}

// Share adds one to share_count and to member's shares of the post
// (post_shares), in one statement: the shares of a deleted member are
// taken off the counts when their account is erased.
func (s *Posts) Share(ctx context.Context, id domain.PostID, member domain.UserID) (int, error) {
	var n int
	err := pgkit.IDB(ctx, s.db).NewRaw(`WITH counted AS (
			UPDATE posts SET share_count = share_count + 1 WHERE id = ?0 RETURNING share_count),
		recorded AS (INSERT INTO post_shares (member_id, post_id) SELECT ?1, ?0 FROM counted
			ON CONFLICT (member_id, post_id) DO UPDATE SET shares = post_shares.shares + 1 RETURNING 1)
		SELECT share_count FROM counted`, uuid.UUID(id), uuid.UUID(member)).Scan(ctx, &n)
	return n, pgkit.NotFound(err)
}

// SetLinkPreview stores the five preview fields.
func (s *Posts) SetLinkPreview(ctx context.Context, id domain.PostID, lp domain.PostLinkPreview) error {
	_, err := pgkit.IDB(ctx, s.db).NewUpdate().Table("posts").
		Set("link_preview_url = ?", lp.URL).Set("link_preview_title = ?", lp.Title).
		Set("link_preview_description = ?", lp.Description).Set("link_preview_image_path = ?", lp.ImagePath).
		Set("link_preview_site_name = ?", lp.SiteName).Where("id = ?", uuid.UUID(id)).Exec(ctx)
	return err
}

// feedSelect is the columns of a feed item; the viewer's like and whether
// they follow the author are one EXISTS each per row on a unique index,
// within the page's one query. Its two placeholders are both the viewer
// (see viewerArgs).
const feedSelect = `SELECT p.*, a.handle AS author_handle, a.display_name AS author_display_name,
	a.avatar_path AS author_avatar_path,
	EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = ?) AS is_liked,
	EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = p.author_id) AS viewer_follows_author
	FROM posts p LEFT JOIN profiles a ON a.id = p.author_id`

// textOf is a post's text, "" for none, for the muted words.
func textOf(r *feedRow) string {
	if r.TextContent == nil {
		return ""
	}
	return *r.TextContent
}

// readWords are muted words already read, as MutedWordsOf takes them;
// folding goes to the database as before.
type readWords struct {
	pgkit.MutedWords
	folded []string
}

func (w readWords) MutedWordsInForce(context.Context, domain.UserID) ([]string, error) {
	return w.folded, nil
}

// authorActive keeps out the posts of suspended and deleted authors.
var authorActive = pgkit.ActiveMember("p.author_id")

// viewerArgs are feedSelect's arguments, then more.
func viewerArgs(viewer domain.UserID, more ...any) []any {
	return append([]any{uuid.UUID(viewer), uuid.UUID(viewer)}, more...)
}

func items(rows []feedRow) []domain.FeedItem {
	out := make([]domain.FeedItem, len(rows))
	for i, r := range rows {
		out[i] = r.Domain()
	}
	return out
}

// Item reads one post as viewer's feed item.
func (s *Posts) Item(ctx context.Context, id domain.PostID, viewer domain.UserID) (domain.FeedItem, error) {
	rows := make([]feedRow, 0, 1) // an ID is one post
	blocked, blockedArgs := pgkit.NotBlockedWith("p.author_id", viewer)
	err := pgkit.Prepared(ctx, s.db, &rows, feedSelect+` WHERE p.id = ?`+authorActive+blocked,
		append(viewerArgs(viewer, uuid.UUID(id)), blockedArgs...)...)
	if err == nil && len(rows) == 0 {
		err = domain.ErrNotFound
	}
	if err != nil {
		return domain.FeedItem{}, pgkit.NotFound(err)
	}
	it := rows[0].Domain()
	it.ViewerInAudience, err = posts.InAudience(ctx, s.Audiences, viewer, it.Post)
	return it, err
}

// Chronological reads public posts newest first after the cursor, on the
// partial index (created_at DESC, id DESC), and the cursor of the next
// page (nil at the end).
func (s *Posts) Chronological(ctx context.Context, viewer domain.UserID, after *posts.ChronoCursor, limit int) ([]domain.FeedItem, *posts.ChronoCursor, error) {
	hidden, hiddenArgs := pgkit.HiddenMember("p.author_id", viewer)
	return s.newestFirst(ctx, viewer, ` WHERE p.visibility = 'public'`+authorActive+hidden,
		append(viewerArgs(viewer), hiddenArgs...), after, limit)
}

// Ranked ranks the newest window public posts by their score at now:
// 0.6 x recency + 0.3 x likes + 0.1 x comments, recency = 100 - hours old
// (floor 0), likes = ln(likes+1) x 10, comments = ln(comments+1) x 15; ties
// newest id first. It skips offset of them.
func (s *Posts) Ranked(ctx context.Context, viewer domain.UserID, now time.Time, window, offset, limit int) ([]domain.FeedItem, error) {
	var rows []feedRow
	words, err := safety.MutedWordsOf(ctx, pgkit.MutedWords{DB: s.db}, viewer)
	if err != nil {
		return nil, err
	}
	hidden, hiddenArgs := pgkit.HiddenMember("p.author_id", viewer)
	recent := `SELECT id FROM posts p WHERE visibility = 'public'` + authorActive + hidden + ` ORDER BY created_at DESC, id DESC LIMIT ?`
	recentArgs := append(hiddenArgs, window)
	if words != nil {
		// The window is the newest posts the viewer's words leave, as far
		// as Unmuted reads.
		ids, err := s.unmutedWindow(ctx, words, hidden, hiddenArgs, window)
		if err != nil {
			return nil, err
		}
		recent, recentArgs = `SELECT unnest(?::uuid[]) AS id`, []any{pgdialect.Array(ids)}
	}
	q := `WITH recent AS (` + recent + `),
	ranked AS (
		SELECT p.id, 0.6 * greatest(0, 100 - extract(epoch FROM (?::timestamptz - p.created_at)) / 3600)
			+ 0.3 * ln(p.like_count + 1) * 10 + 0.1 * ln(p.comment_count + 1) * 15 AS score
		FROM posts p JOIN recent USING (id)
		ORDER BY score DESC, p.id DESC OFFSET ? LIMIT ?)
	` + feedSelect + ` JOIN ranked r ON r.id = p.id ORDER BY r.score DESC, p.id DESC`
	args := append(append(recentArgs, now, offset, limit), viewerArgs(viewer)...)
	if err := pgkit.IDB(ctx, s.db).NewRaw(q, args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	return items(rows), nil
}

// windowRow is a candidate of the ranked window.
type windowRow struct {
	ID          uuid.UUID `bun:"id"`
	CreatedAt   time.Time `bun:"created_at"`
	TextContent *string   `bun:"text_content"`
}

// unmutedWindow is the IDs of the newest window public posts that neither
// hidden nor words hide.
func (s *Posts) unmutedWindow(ctx context.Context, words *safety.MutedWords, hidden string, hiddenArgs []any, window int) ([]string, error) {
	read := func(after *windowRow) ([]windowRow, error) {
		q := `SELECT p.id, p.created_at, p.text_content FROM posts p WHERE p.visibility = 'public'` + authorActive + hidden
		args := slices.Clone(hiddenArgs)
		if after != nil {
			q += ` AND (p.created_at, p.id) < (?, ?)`
			args = append(args, after.CreatedAt, after.ID)
		}
		rows := make([]windowRow, 0, window)
		err := pgkit.Prepared(ctx, s.db, &rows, q+` ORDER BY p.created_at DESC, p.id DESC LIMIT `+strconv.Itoa(window), args...)
		return rows, err
	}
	kept, _, _, err := safety.Unmuted(ctx, pgkit.MutedWords{DB: s.db}, words, window, read, func(r *windowRow) string {
		if r.TextContent == nil {
			return ""
		}
		return *r.TextContent
	})
	ids := make([]string, len(kept))
	for i, r := range kept {
		ids[i] = r.ID.String()
	}
	return ids, err
}

// Following reads viewer's 'Seguindo' newest first after the cursor
// (followingSource).
func (s *Posts) Following(ctx context.Context, viewer domain.UserID, after *posts.ChronoCursor, limit int) ([]domain.FeedItem, *posts.ChronoCursor, error) {
	return s.pageOf(ctx, viewer, followingSource(viewer, false, limit), posts.Window{Older: after}, limit)
}

// followingSource is viewer's 'Seguindo': the rows of their timeline,
// walking its key (member_id, created_at, post_id), merged with the posts
// of the pulled authors they follow (timelines.pull_above_followers), each author's
// page read from posts_author_idx. Rows of an author the viewer no longer
// follows are skipped (their cleanup job may not have run yet), so an
// unfollow takes effect at once; rows of a pulled author other than the
// viewer are skipped too, their posts coming from the second part, so that
// none is read twice. onlyMedia keeps the posts with a picture or a video.
//
// Each part applies every rule itself and reads one page, and only the
// page of their merge is joined to the feed's columns: a filter applied
// after a part's LIMIT would cut pages short, and a join before the merge
// made the planner read and join every row of the timeline.
func followingSource(viewer domain.UserID, onlyMedia bool, limit int) feedSource {
	media := func(post string) string {
		if onlyMedia {
			return ` AND ` + post + `.media_path IS NOT NULL`
		}
		return ""
	}
	return feedSource{at: "h.created_at", id: "h.id", build: func(window keyset, order string) (string, []any) {
		rows, rowsArgs := window("t.created_at", "t.post_id")
		pulled, pulledArgs := window("pp.created_at", "pp.id")
		hiddenRows, hiddenRowsArgs := pgkit.HiddenMember("t.author_id", viewer)
		hiddenPulled, hiddenPulledArgs := pgkit.HiddenMember("pa.author_id", viewer)
		page := ` LIMIT ` + strconv.Itoa(limit)
		q := ` JOIN (SELECT id, created_at FROM (
			(SELECT t.post_id AS id, t.created_at FROM timelines t JOIN posts tp ON tp.id = t.post_id
				WHERE t.member_id = ? AND (t.author_id = ?
					OR (EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = t.author_id)
						AND NOT EXISTS (SELECT 1 FROM timeline_pulled_authors pa WHERE pa.author_id = t.author_id)))
				AND tp.visibility <> 'members_only'` + media("tp") + pgkit.ActiveMember("t.author_id") + hiddenRows + rows + `
				ORDER BY t.created_at` + order + `, t.post_id` + order + page + `)
			UNION ALL
			(SELECT x.id, x.created_at FROM timeline_pulled_authors pa
				JOIN follows f ON f.following_id = pa.author_id
				CROSS JOIN LATERAL (SELECT pp.id, pp.created_at FROM posts pp
					WHERE pp.author_id = pa.author_id AND pp.visibility <> 'members_only'` + media("pp") + pulled + `
					ORDER BY pp.created_at` + order + `, pp.id` + order + page + `) x
				WHERE f.follower_id = ?` + pgkit.ActiveMember("pa.author_id") + hiddenPulled + `)
			) merged ORDER BY created_at` + order + `, id` + order + page + `
		) h ON h.id = p.id`
		args := viewerArgs(viewer, uuid.UUID(viewer), uuid.UUID(viewer), uuid.UUID(viewer))
		args = append(append(append(args, hiddenRowsArgs...), rowsArgs...), pulledArgs...)
		args = append(append(args, uuid.UUID(viewer)), hiddenPulledArgs...)
		return q, args
	}}
}

// Timeline reads a window of a timeline for readers that page both ways
// (Mastodon's apps): the public feed, the viewer's 'Seguindo' timeline or
// the public posts with a hashtag, under the same rules as Chronological
// and Following (visibility, suspended authors, blocks, mutes, muted
// words); onlyMedia keeps the posts with a picture or a video.
func (s *Posts) Timeline(ctx context.Context, viewer domain.UserID, t posts.TimelineRead, limit int) ([]domain.FeedItem, error) {
	hidden, hiddenArgs := pgkit.HiddenMember("p.author_id", viewer)
	media := ""
	if t.OnlyMedia {
		media = ` AND p.media_path IS NOT NULL`
	}
	var out []domain.FeedItem
	var err error
	switch t.Kind {
	case posts.TimelineFollowing:
		out, _, err = s.pageOf(ctx, viewer, followingSource(viewer, t.OnlyMedia, limit), t.Window, limit)
	case posts.TimelineTag:
		q := ` WHERE p.visibility = 'public' AND EXISTS (SELECT 1 FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
			WHERE ph.post_id = p.id AND h.tag = ?)` + authorActive + media
		out, _, err = s.page(ctx, viewer, q+hidden, append(viewerArgs(viewer, t.Tag), hiddenArgs...), "p.created_at", "p.id", t.Window, limit)
	case posts.TimelineLiked:
		// What the viewer liked and may still read: public posts, their
		// own, and followers-only ones of members they follow (a
		// community's posts are read in the community). Their own likes
		// are no feed: their muted words and mutes do not hide them, a
		// block does.
		q := ` JOIN likes l ON l.post_id = p.id AND l.user_id = ?
		WHERE (p.visibility = 'public' OR p.author_id = ? OR (p.visibility = 'friends_only'
			AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = p.author_id)))` + authorActive + media
		blocked, blockedArgs := pgkit.NotBlockedWith("p.author_id", viewer)
		args := viewerArgs(viewer, uuid.UUID(viewer), uuid.UUID(viewer), uuid.UUID(viewer))
		out, _, err = s.page(ctx, domain.UserID{}, q+blocked, append(args, blockedArgs...), "l.created_at", "l.post_id", t.Window, limit)
	default:
		q := ` WHERE p.visibility = 'public'` + authorActive + media
		out, _, err = s.page(ctx, viewer, q+hidden, append(viewerArgs(viewer), hiddenArgs...), "p.created_at", "p.id", t.Window, limit)
	}
	return out, err
}

// LikeTime is when viewer liked post id, ok false when they do not.
func (s *Posts) LikeTime(ctx context.Context, viewer domain.UserID, id domain.PostID) (time.Time, bool, error) {
	var at []time.Time
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT created_at FROM likes WHERE post_id = ? AND user_id = ?`,
		uuid.UUID(id), uuid.UUID(viewer)).Scan(ctx, &at)
	if err != nil || len(at) == 0 {
		return time.Time{}, false, err
	}
	return at[0], true, nil
}

// PostTime is when post id was made, ok false when there is no such post.
// It says nothing a post's ID does not (IDs are time-ordered).
func (s *Posts) PostTime(ctx context.Context, id domain.PostID) (time.Time, bool, error) {
	var at time.Time
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT created_at FROM posts WHERE id = ?`, uuid.UUID(id)).Scan(ctx, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	return at, err == nil, err
}

// AuthorByHandle is the member with a handle (handles are lowercase); a
// deleted account is none, from the deletion on.
func (s *Posts) AuthorByHandle(ctx context.Context, handle string) (domain.UserID, error) {
	var id uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewSelect().TableExpr("profiles AS p").Column("p.id").Where("p.handle = ?", handle).
		Where("NOT EXISTS (SELECT 1 FROM accounts d WHERE d.id = p.id AND d.deleted_at IS NOT NULL)").Scan(ctx, &id)
	return domain.UserID(id), pgkit.NotFound(err)
}

// ByAudience reads the posts of an audience newest first after the cursor,
// on posts_audience_idx. The caller has checked that viewer may read them.
func (s *Posts) ByAudience(ctx context.Context, viewer domain.UserID, audience domain.AudienceID, after *posts.ChronoCursor, limit int) ([]domain.FeedItem, *posts.ChronoCursor, error) {
	hidden, hiddenArgs := pgkit.HiddenMember("p.author_id", viewer)
	out, next, err := s.newestFirst(ctx, viewer, ` WHERE p.audience_id = ?`+authorActive+hidden,
		append(viewerArgs(viewer, uuid.UUID(audience)), hiddenArgs...), after, limit)
	if err != nil {
		return nil, nil, err
	}
	for i := range out {
		out[i].ViewerInAudience = true
	}
	return out, next, nil
}

// ByAuthor reads author's posts newest first after the cursor, on
// posts_author_idx: every post for the author and their followers, the
// public ones for anyone else.
func (s *Posts) ByAuthor(ctx context.Context, viewer, author domain.UserID, after *posts.ChronoCursor, limit int) ([]domain.FeedItem, error) {
	q := ` WHERE p.author_id = ? AND p.visibility <> 'members_only' AND (p.visibility = 'public' OR p.author_id = ?
		OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.following_id = p.author_id))` + authorActive
	// A profile's own list shows a muted member's posts (whoever opens the
	// profile asks for them); only a block empties it.
	blocked, blockedArgs := pgkit.NotBlockedWith("p.author_id", viewer)
	out, _, err := s.newestFirst(ctx, domain.UserID{}, q+blocked, append(viewerArgs(viewer, uuid.UUID(author), uuid.UUID(viewer), uuid.UUID(viewer)), blockedArgs...), after, limit)
	return out, err
}

// newestFirst runs a feed query (what follows feedSelect, ending in a
// WHERE clause, and feedSelect's args then its own) as one page newest
// first after the cursor: the keyset every post list pages by, on an
// index of (created_at DESC, id DESC). It answers the page and the cursor
// of the next (nil at the end).
func (s *Posts) newestFirst(ctx context.Context, muter domain.UserID, where string, args []any, after *posts.ChronoCursor, limit int) ([]domain.FeedItem, *posts.ChronoCursor, error) {
	return s.page(ctx, muter, where, args, "p.created_at", "p.id", posts.Window{Older: after}, limit)
}

// page reads a page of a feed ordered by (at, id) descending, which say
// the post's creation time and id: the feed is what follows feedSelect up
// to its WHERE clause's end, with feedSelect's args then its own.
func (s *Posts) page(ctx context.Context, muter domain.UserID, where string, args []any, at, id string, w posts.Window, limit int) ([]domain.FeedItem, *posts.ChronoCursor, error) {
	return s.pageOf(ctx, muter, feedSource{at: at, id: id, build: func(window keyset, _ string) (string, []any) {
		cond, condArgs := window(at, id)
		return where + cond, append(slices.Clone(args), condArgs...)
	}}, w, limit)
}

// keyset is a page's window as a condition on the columns holding a
// post's time (at) and id, starting with " AND " (or empty), and its
// arguments.
type keyset func(at, id string) (string, []any)

// feedSource builds a feed's query: what follows feedSelect up to the
// ORDER BY, with feedSelect's args then its own, placing the page's window
// (and order, " DESC" or " ASC", for a part that reads its own page)
// wherever it applies. at and id name the columns the page is ordered by.
type feedSource struct {
	build  func(window keyset, order string) (string, []any)
	at, id string
}

// pageOf reads a page of a feed newest first within w: older than
// w.Older, newer than w.Newer, and with w.Forward the ones just newer than
// w.Newer, read oldest first and answered newest first. Posts holding one
// of the muted words of muter (none for the zero ID) are left out,
// candidates read page after page as far as Unmuted goes: the next page
// starts after the last post looked at, so a stretch of hidden posts is
// never read twice. The words and the first page are read in one round
// trip. Pages are read on every screen a member opens, hence prepared
// (pgkit.Prepared), the LIMIT in the text so that each page size gets a
// plan of its own.
func (s *Posts) pageOf(ctx context.Context, muter domain.UserID, src feedSource, w posts.Window, limit int) ([]domain.FeedItem, *posts.ChronoCursor, error) {
	query := func(after *feedRow) (string, []any) { return pageStatement(src, w, after, limit) }
	read := func(after *feedRow) ([]feedRow, error) {
		q, a := query(after)
		rows := make([]feedRow, 0, limit) // a page is scanned without growing
		err := pgkit.Prepared(ctx, s.db, &rows, q, a...)
		return rows, err
	}
	after := w.Older
	if w.Forward {
		after = w.Newer
	}
	var from *feedRow
	if after != nil {
		from = &feedRow{}
		from.CreatedAt, from.ID = after.CreatedAt, uuid.UUID(after.ID)
	}
	var words *safety.MutedWords
	rowsKept := takeFeedRows(limit)
	first := *rowsKept
	if muter == (domain.UserID{}) {
		q, a := query(from)
		if err := pgkit.Prepared(ctx, s.db, &first, q, a...); err != nil {
			return nil, nil, err
		}
	} else {
		q, a := query(from)
		folded, err := pgkit.MutedWords{DB: s.db}.MutedWordsInForceWith(ctx, muter, pgkit.Query{SQL: q, Args: a, Dest: &first})
		if err != nil {
			return nil, nil, err
		}
		if words, err = safety.MutedWordsOf(ctx, readWords{pgkit.MutedWords{DB: s.db}, folded}, muter); err != nil {
			return nil, nil, err
		}
	}
	kept, last, more, err := safety.Unmuted(ctx, pgkit.MutedWords{DB: s.db}, words, limit, func(a *feedRow) ([]feedRow, error) {
		if a == nil {
			return first, nil
		}
		return read(a)
	}, textOf)
	if err != nil {
		return nil, nil, err
	}
	out := make([]domain.FeedItem, len(kept))
	for i, r := range kept {
		out[i] = r.Domain()
	}
	if w.Forward {
		slices.Reverse(out)
	}
	var next *posts.ChronoCursor
	if more {
		next = &posts.ChronoCursor{CreatedAt: last.CreatedAt.UTC(), ID: domain.PostID(last.ID)}
	}
	// The items are copies: nothing points into the first read's rows.
	*rowsKept = first
	giveFeedRows(rowsKept)
	return out, next, nil
}

// pageStatement is the statement reading a page of src within w, after
// the row after when the page goes on from one (pageOf).
func pageStatement(src feedSource, w posts.Window, after *feedRow, limit int) (string, []any) {
	order, step := ` DESC`, `<`
	if w.Forward {
		order, step = ` ASC`, `>`
	}
	window := func(at, id string) (string, []any) {
		cond, condArgs := "", []any{}
		if w.Older != nil && w.Forward {
			cond += ` AND (` + at + `, ` + id + `) < (?, ?)`
			condArgs = append(condArgs, w.Older.CreatedAt, uuid.UUID(w.Older.ID))
		}
		if w.Newer != nil && !w.Forward {
			cond += ` AND (` + at + `, ` + id + `) > (?, ?)`
			condArgs = append(condArgs, w.Newer.CreatedAt, uuid.UUID(w.Newer.ID))
		}
		if after != nil {
			cond += ` AND (` + at + `, ` + id + `) ` + step + ` (?, ?)`
			condArgs = append(condArgs, after.CreatedAt, after.ID)
		}
		return cond, condArgs
	}
	q, a := src.build(window, order)
	return feedSelect + q + ` ORDER BY ` + src.at + order + `, ` + src.id + order + ` LIMIT ` + strconv.Itoa(limit), a
}

// feedRowSlices keeps the rows of a page's first read for the next page:
// they are copied into feed items at once, and allocating them afresh for
// every page was a tenth of what a timeline read allocated.
var feedRowSlices = sync.Pool{New: func() any { return new([]feedRow) }}

// takeFeedRows is an empty slice for at least limit rows.
func takeFeedRows(limit int) *[]feedRow {
	p := feedRowSlices.Get().(*[]feedRow)
	if cap(*p) < limit {
		*p = make([]feedRow, 0, limit)
	}
	*p = (*p)[:0]
	return p
}

// giveFeedRows returns rows to the pool, cleared so that the strings they
// point to can be collected, unless they grew past the largest page.
func giveFeedRows(p *[]feedRow) {
	if cap(*p) > maxPooledFeedRows {
		return
	}
	clear((*p)[:cap(*p)])
	*p = (*p)[:0]
	feedRowSlices.Put(p)
}

// maxPooledFeedRows is the largest page any list asks for.
const maxPooledFeedRows = 100
