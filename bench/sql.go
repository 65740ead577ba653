package bench

import (
	"fmt"
	"strconv"
	"strings"

	searchpg "social/adapters/search/postgres"
	"social/bench/floor"
	"social/core/domain"
	timelines "social/features/timelines/app"
	"social/platform/pgkit"
)

// The pgbench side of each workload: the statements the endpoint issues,
// with the request's values drawn at random the same way the HTTP side
// draws them. pgbench runs in prepared mode, as pgx does. The reads are
// checked against the text the server's stores send
// (TestFloorsRunTheServersStatements), so a clause added to the product
// cannot be missing from its floor.
//
// Member and session IDs come from the helper table bench_viewers (group,
// n) -> (member, session), filled with the members the HTTP side signed
// in, and post IDs from bench_posts (n) -> (id): each lookup is a scalar
// subquery on a primary key, evaluated once per statement (an InitPlan),
// so it costs microseconds and no round trip.

// sqlParams are the sizes the scripts draw from.
type sqlParams struct {
	Profiles, Posts int
	Viewers         map[string]int // group -> members signed in
	DeepAt, DeepID  string         // the deep page's cursor
}

// script expands {viewer}, {session}, {post}, {handle}, {author} (the
// member of that handle) and the deep page's cursor {deep_at}, {deep_id}
// in body for viewer group grp, and prefixes the random draws.
func (p sqlParams) script(name, grp, body string, weight int) floor.Script {
	head := fmt.Sprintf("\\set v random(1, %d)\n\\set h random(1, %d)\n\\set p random(1, %d)\n",
		max(p.Viewers[grp], 1), p.Profiles, max(p.Posts, 1))
	r := strings.NewReplacer(
		"{viewer}", fmt.Sprintf("(SELECT member FROM bench_viewers WHERE grp = '%s' AND n = :v)", grp),
		"{session}", fmt.Sprintf("(SELECT session FROM bench_viewers WHERE grp = '%s' AND n = :v)", grp),
		"{app_token}", fmt.Sprintf("(SELECT app_token_hash FROM bench_viewers WHERE grp = '%s' AND n = :v)", grp),
		"{post}", "(SELECT id FROM bench_posts WHERE n = :p)",
		"{handle}", "('membro_' || lpad(:h::text, 6, '0'))",
		"{author}", "(SELECT id FROM profiles WHERE handle = ('membro_' || lpad(:h::text, 6, '0')))",
		"{deep_at}", "'"+p.DeepAt+"'::timestamptz",
		"{deep_id}", "'"+p.DeepID+"'::uuid",
	)
	return floor.Script{Name: name, SQL: head + r.Replace(body), Weight: weight}
}

// Every authenticated request first checks the access token's session.
const sqlSession = `SELECT a.role FROM sessions s JOIN accounts a ON a.id = s.account_id
	WHERE s.id = {session} AND s.account_id = {viewer} AND s.revoked_at IS NULL AND s.expires_at > now();
`

// sqlProfileView is GET /profiles/{handle}: the profile and the viewer's
// relation to it.
const sqlProfileView = `SELECT p.*,
	EXISTS (SELECT 1 FROM member_follows f WHERE f.follower_id = {viewer} AND f.following_id = p.id) AS is_following,
	EXISTS (SELECT 1 FROM blocked_pairs b WHERE b.blocker_id = {viewer} AND b.blocked_id = p.id) AS is_blocking,
	EXISTS (SELECT 1 FROM blocked_pairs b WHERE b.blocker_id = p.id AND b.blocked_id = {viewer}) AS is_blocked_by,
	EXISTS (SELECT 1 FROM muted_pairs m WHERE m.muter_id = {viewer} AND m.muted_id = p.id) AS is_muting
	FROM profiles p WHERE p.handle = {handle}
	AND NOT EXISTS (SELECT 1 FROM accounts d WHERE d.id = p.id AND d.deleted_at IS NOT NULL);
`

const sqlProfile = sqlSession + sqlProfileView

// sqlFeedSelect is a feed item: the post, its author and the viewer's like.
const sqlFeedSelect = `SELECT p.*, a.handle AS author_handle, a.display_name AS author_display_name,
	a.avatar_path AS author_avatar_path,
	EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.user_id = {viewer}) AS is_liked,
	EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = {viewer} AND f.following_id = p.author_id) AS viewer_follows_author
	FROM posts p LEFT JOIN profiles a ON a.id = p.author_id`

// The clauses every read made for a member adds, taken from the product
// itself with each viewer argument as {viewer}: suspended authors' posts
// left out, blocks either way, and in lists also mutes. Muted words are
// matched by the server after the read, on the words it reads first
// (sqlMutedWords; the bench's members mute none, so the page is read as it
// is; the feed_muted_words workload measures a member with a hundred).
var (
	sqlAuthorActive = pgkit.ActiveMember("p.author_id")
	sqlNotBlocked   = viewerClause(pgkit.NotBlockedWith("p.author_id", domain.UserID{}))
	sqlHidden       = viewerClause(pgkit.HiddenMember("p.author_id", domain.UserID{}))
)

// sqlMutedWords is the viewer's muted words in force, read before each
// list.
const sqlMutedWords = `SELECT folded FROM member_muted_words
	WHERE member_id = {viewer} AND (expires_at IS NULL OR expires_at > now());
`

// viewerClause writes a safety clause's arguments, all the viewer, as
// {viewer}.
func viewerClause(q string, args []any) string {
	if strings.Count(q, "?") != len(args) {
		panic("bench: a safety clause's arguments are not its placeholders")
	}
	return strings.ReplaceAll(q, "?", "{viewer}")
}

// sqlPublicFeedPage is GET /feed?algorithm=chronological's first page;
// sqlPublicFeedDeepPage a page further down, after the cursor {deep_at},
// {deep_id}.
var (
	sqlPublicFeedPage = sqlMutedWords + sqlFeedSelect + ` WHERE p.visibility = 'public'` + sqlAuthorActive + sqlHidden + `
	ORDER BY p.created_at DESC, p.id DESC LIMIT 50;
`
	sqlPublicFeedDeepPage = sqlMutedWords + sqlFeedSelect + ` WHERE p.visibility = 'public'` + sqlAuthorActive + sqlHidden + `
	AND (p.created_at, p.id) < ({deep_at}, {deep_id})
	ORDER BY p.created_at DESC, p.id DESC LIMIT 50;
`
)

var (
	sqlPublicFeed = sqlSession + sqlPublicFeedPage
	sqlDeepFeed   = sqlSession + sqlPublicFeedDeepPage
)

// sqlFollowingPage reads the materialized timeline (fan-out on write),
// merged with the newest posts of each pulled author the viewer follows
// (fan-out on read, for authors above timelines.pull_above_followers).
var sqlFollowingPage = sqlMutedWords + sqlFeedSelect + ` JOIN (SELECT id, created_at FROM (
	(SELECT t.post_id AS id, t.created_at FROM timelines t JOIN posts tp ON tp.id = t.post_id
		WHERE t.member_id = {viewer} AND (t.author_id = {viewer}
			OR (EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = {viewer} AND f.following_id = t.author_id)
				AND NOT EXISTS (SELECT 1 FROM timeline_pulled_authors pa WHERE pa.author_id = t.author_id)))
		AND tp.visibility <> 'members_only'` + sqlActive("t.author_id") + sqlHiddenOf("t.author_id") + `
		ORDER BY t.created_at DESC, t.post_id DESC LIMIT 50)
	UNION ALL
	(SELECT x.id, x.created_at FROM timeline_pulled_authors pa
		JOIN follows f ON f.following_id = pa.author_id
		CROSS JOIN LATERAL (SELECT pp.id, pp.created_at FROM posts pp
			WHERE pp.author_id = pa.author_id AND pp.visibility <> 'members_only'
			ORDER BY pp.created_at DESC, pp.id DESC LIMIT 50) x
		WHERE f.follower_id = {viewer}` + sqlActive("pa.author_id") + sqlHiddenOf("pa.author_id") + `)
	) merged ORDER BY created_at DESC, id DESC LIMIT 50
	) h ON h.id = p.id
	ORDER BY h.created_at DESC, h.id DESC LIMIT 50;
`

// sqlActive and sqlHiddenOf are sqlAuthorActive and sqlHidden on another
// column holding the author.
func sqlActive(author string) string { return pgkit.ActiveMember(author) }

func sqlHiddenOf(author string) string {
	return viewerClause(pgkit.HiddenMember(author, domain.UserID{}))
}

var sqlFollowing = sqlSession + sqlFollowingPage

// sqlFollowingReadTime is the best plan without a timeline table: the
// newest 50 of each followee (LATERAL, on posts_author_idx), merged.
const sqlFollowingReadTime = sqlSession + sqlFeedSelect + ` JOIN (
	SELECT x.id FROM follows f CROSS JOIN LATERAL (
		SELECT id, created_at FROM posts WHERE author_id = f.following_id ORDER BY created_at DESC LIMIT 50) x
	WHERE f.follower_id = {viewer} ORDER BY x.created_at DESC, x.id DESC LIMIT 50) r ON r.id = p.id
	ORDER BY p.created_at DESC, p.id DESC;
`

// sqlAuthorPosts is a profile's posts (GET /profiles/{handle}/posts): the
// author by handle, then their page ({author} is the same member).
var sqlAuthorPosts = sqlSession + sqlAuthorByHandle + sqlAuthorPostsPage

var (
	sqlAuthorByHandle = `SELECT "p"."id" FROM profiles AS p WHERE (p.handle = {handle})
	AND (NOT EXISTS (SELECT 1 FROM accounts d WHERE d.id = p.id AND d.deleted_at IS NOT NULL));
`
	sqlAuthorPostsPage = sqlFeedSelect + ` WHERE p.author_id = {author} AND p.visibility <> 'members_only'
	AND (p.visibility = 'public' OR p.author_id = {viewer}
		OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = {viewer} AND f.following_id = p.author_id))` +
		sqlAuthorActive + sqlNotBlocked + `
	ORDER BY p.created_at DESC, p.id DESC LIMIT 50;
`
)

// sqlItem is one post as the viewer's feed item (a post's page, the
// answer to a like or a new post).
var sqlItem = sqlFeedSelect + ` WHERE p.id = {post}` + sqlAuthorActive + sqlNotBlocked + `;
`

// sqlNewID is a time-ordered UUID (version 7 layout), like the app's IDs,
// so inserts land at the end of the primary key as theirs do.
const sqlNewID = `overlay(overlay(md5(random()::text || clock_timestamp()::text)
	placing lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') FROM 1 FOR 12)
	placing '7' FROM 13 FOR 1)::uuid`

// sqlJobs is the jobs of one unit of work, inserted together as River's
// InsertMany does (one statement, their unique columns null), into a queue
// no worker reads, so the floor does not start the jobs' work.
func sqlJobs(kinds ...string) string {
	rows := make([]string, len(kinds))
	for i, kind := range kinds {
		rows[i] = `(jsonb_build_object('post_id', :post::text), '` + kind + `', 10, '{}', 1, 'bench_floor', now(), 'available', '{}')`
	}
	return `INSERT INTO river_job (args, kind, max_attempts, metadata, priority, queue, scheduled_at, state, tags)
	VALUES ` + strings.Join(rows, ",\n\t\t") + `;
`
}

// sqlCreate is POST /posts with two hashtags, a mention and a link: the
// counter, the post, the rows of its author's and followers' timelines
// when they are few (timelines.InlineFanOut), the search document's
// request, the mention's notification, the jobs (in one statement at the
// end of the unit of work: the fan-out for a large audience and the
// preview) and their notification, the tags (last, as the server writes
// them), then the unread count and the answer's item.
var sqlCreate = sqlSession + `BEGIN;
UPDATE "profiles" SET post_count = post_count + 1 WHERE (id = {viewer});
INSERT INTO "posts" ("id", "author_id", "text_content", "media_path", "type", "visibility", "created_at", "updated_at",
	"like_count", "comment_count", "share_count", "link_preview_url", "link_preview_title", "link_preview_description",
	"link_preview_image_path", "link_preview_site_name")
	VALUES (` + sqlNewID + `, {viewer}, 'Testando o desempenho com @' || {handle} || ' https://exemplo.com.br/bench #golang #cafe',
	DEFAULT, 'text', 'public', now(), now(), 0, 0, 0, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT)
	RETURNING id AS post, "media_path", "link_preview_url" \gset
WITH small AS (
	SELECT p.id, p.author_id, p.created_at FROM posts p JOIN profiles a ON a.id = p.author_id
	WHERE p.id = :post::uuid AND p.visibility <> 'members_only' AND a.follower_count <= ` + strconv.Itoa(timelines.InlineFanOut) + `),
ins AS (
	INSERT INTO timelines (member_id, post_id, author_id, created_at)
	SELECT author_id, id, author_id, created_at FROM small
	UNION ALL
	SELECT f.follower_id, s.id, s.author_id, s.created_at FROM small s JOIN follows f ON f.following_id = s.author_id
	ON CONFLICT DO NOTHING)
SELECT EXISTS (SELECT 1 FROM small) AS placed \gset
INSERT INTO bench_search_queue (kind, doc_id) VALUES ('post', :post::text);
INSERT INTO notifications
	(id, recipient_id, sender_id, type, post_id, comment_id, message, created_at)
	SELECT ` + sqlNewID + `, m.id, p.author_id, 'mention', p.id, NULL, p.text_content, now()
	FROM posts p JOIN profiles m ON m.handle IN ({handle})
	WHERE p.id = :post::uuid AND m.id <> p.author_id AND (p.visibility = 'public'
		OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = m.id AND f.following_id = p.author_id))
	ON CONFLICT DO NOTHING;
\if :placed
` + sqlJobs("posts.fill_link_preview") + `\else
` + sqlJobs("timelines.fan_out", "posts.fill_link_preview") + `\endif
SELECT pg_notify('river_insert', '{"queue":"bench_floor"}');
WITH h AS (INSERT INTO hashtags (tag, usage_count)
	SELECT t, 1 FROM (SELECT DISTINCT unnest(ARRAY['cafe', 'golang']) AS t) tags ORDER BY t
	ON CONFLICT (tag) DO UPDATE SET usage_count = hashtags.usage_count + 1 RETURNING id)
	INSERT INTO post_hashtags (post_id, hashtag_id) SELECT :post::uuid, id FROM h;
COMMIT;
SELECT count(*) FROM notifications WHERE recipient_id = (SELECT id FROM profiles WHERE handle = {handle}) AND NOT is_read;
` + strings.Replace(sqlItem, "{post}", ":post::uuid", 1)

// sqlLikeToggle is PUT or DELETE /posts/{id}/like, half each: the item
// (visibility), the like and its counter, the author's notification, the
// unread count.
var sqlLikeToggle = `\set op random(0, 1)
` + sqlSession + sqlItem + `\if :op = 1
BEGIN;
WITH ins AS (INSERT INTO likes (post_id, user_id, created_at) SELECT id, {viewer}, now() FROM posts WHERE id = {post}
	ON CONFLICT DO NOTHING RETURNING post_id)
	UPDATE posts SET like_count = like_count + 1 WHERE id IN (SELECT post_id FROM ins) RETURNING like_count;
INSERT INTO notifications (id, recipient_id, sender_id, type, post_id, comment_id, message, created_at)
	SELECT ` + sqlNewID + `, author_id, {viewer}, 'like', id, NULL, '', now() FROM posts
	WHERE id = {post} AND author_id <> {viewer} ON CONFLICT DO NOTHING;
COMMIT;
\else
BEGIN;
WITH del AS (DELETE FROM likes WHERE post_id = {post} AND user_id = {viewer} RETURNING post_id)
	UPDATE posts SET like_count = greatest(like_count - 1, 0) WHERE id IN (SELECT post_id FROM del) RETURNING like_count;
DELETE FROM notifications WHERE recipient_id = (SELECT author_id FROM posts WHERE id = {post}) AND sender_id = {viewer}
	AND type = 'like' AND post_id IS NOT DISTINCT FROM {post} RETURNING id;
COMMIT;
\endif
SELECT count(*) FROM notifications WHERE recipient_id = (SELECT author_id FROM posts WHERE id = {post}) AND NOT is_read;
`

// sqlSearch is the PostgreSQL search adapter's three statements (users,
// communities, posts; 5 of each) for a one-word query: the tsvector and
// trigram SQL the Bleve adapter is measured against too. Its post words
// are common, so the adapter's second post statement (the older posts,
// for rarer words) is not part of it.
func sqlSearch(word string) string {
	q := "'" + strings.ReplaceAll(word, "'", "''") + "'"
	rank := `ORDER BY ts_rank(s.tsv, plainto_tsquery('portuguese', immutable_unaccent(` + q + `)))
		+ similarity(s.names_folded, lower(immutable_unaccent(` + q + `))) DESC, s.id LIMIT 5;
`
	names := `s.names_folded LIKE ('%' || lower(immutable_unaccent(` + q + `)) || '%')`
	text := `s.tsv @@ plainto_tsquery('portuguese', immutable_unaccent(` + q + `))`
	return sqlSession +
		`SELECT s.doc FROM search_documents AS s WHERE s.kind = 'user' AND s.public AND (` + names + `) ` + rank +
		`SELECT s.doc FROM search_documents AS s WHERE s.kind = 'community' AND s.public AND (` + names + ` OR ` + text + `) ` + rank +
		// Posts, newest first: the adapter's first statement, which finds
		// the words of the workloads among the newest posts.
		`SELECT w.doc FROM (SELECT s.id, s.public, s.tsv, s.doc FROM search_documents AS s
			WHERE s.kind = 'post' ORDER BY s.id DESC LIMIT ` + strconv.Itoa(searchpg.NewestScanned) + `) AS w
		WHERE w.public AND w.tsv @@ plainto_tsquery('portuguese', immutable_unaccent(` + q + `))
		ORDER BY w.id DESC LIMIT 5;
`
}
