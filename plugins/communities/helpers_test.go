package communities_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type community struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Description *string `json:"description"`
	Privacy     string  `json:"privacy"`
	OwnerID     string  `json:"owner_id"`
	Owner       struct {
		ID     string `json:"id"`
		Handle string `json:"handle"`
	} `json:"owner"`
	MemberCount int         `json:"member_count"`
	Membership  *membership `json:"membership"`
}

type membership struct {
	ID     string `json:"id"`
	Role   string `json:"role"`
	Status string `json:"status"`
}

type member struct {
	ID      string `json:"id"`
	UserID  string `json:"user_id"`
	Role    string `json:"role"`
	Status  string `json:"status"`
	Profile struct {
		Handle string `json:"handle"`
	} `json:"profile"`
}

type post struct {
	ID          string  `json:"id"`
	AudienceID  *string `json:"audience_id"`
	AuthorID    string  `json:"author_id"`
	TextContent *string `json:"text_content"`
	Visibility  string  `json:"visibility"`
	LikeCount   int     `json:"like_count"`
	IsLiked     bool    `json:"is_liked"`
}

func create(t *testing.T, m *at.Member, name, privacy string) community {
	t.Helper()
	var c community
	m.Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": name, "privacy": privacy}).
		Expect(t, http.StatusCreated).JSON(t, &c)
	return c
}

func join(t *testing.T, m *at.Member, id string) membership {
	t.Helper()
	var out struct {
		Membership  membership `json:"membership"`
		MemberCount int        `json:"member_count"`
	}
	m.Do(http.MethodPost, "/api/v1/communities/"+id+"/join", nil).Expect(t, http.StatusOK).JSON(t, &out)
	return out.Membership
}

func createPost(t *testing.T, m *at.Member, id, text string) post {
	t.Helper()
	var p post
	m.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": text, "audience_id": id}).
		Expect(t, http.StatusCreated).JSON(t, &p)
	return p
}

// feedOf is the feed page of a community's posts (the core's feed with
// the community as audience).
func feedOf(id string) string { return "/api/v1/feed?audience_id=" + id }

// state is what a refused call must leave as it was.
type state struct {
	MemberCount, Approved, Rows, Posts, Likes, Comments, Shares, Reports int
	Texts, Roles                                                         string
}

func snapshot(t *testing.T, app *at.App, id string) state {
	t.Helper()
	var s state
	err := app.DB.NewRaw(`SELECT coalesce((SELECT member_count FROM communities WHERE id = ?), -1) AS member_count,
		(SELECT count(*) FROM community_members WHERE community_id = ? AND status = 'approved') AS approved,
		(SELECT count(*) FROM community_members WHERE community_id = ?) AS rows,
		(SELECT count(*) FROM posts WHERE audience_id = ?) AS posts,
		(SELECT count(*) FROM likes l JOIN posts p ON p.id = l.post_id WHERE p.audience_id = ?) AS likes,
		(SELECT count(*) FROM comments c JOIN posts p ON p.id = c.post_id WHERE p.audience_id = ?) AS comments,
		(SELECT coalesce(sum(share_count), 0) FROM posts WHERE audience_id = ?) AS shares,
		(SELECT count(*) FROM reports r JOIN posts p ON r.target_type = 'post' AND p.id = r.target_id WHERE p.audience_id = ?) AS reports,
		(SELECT coalesce(string_agg(text_content, '|' ORDER BY id), '') FROM posts WHERE audience_id = ?) AS texts,
		(SELECT coalesce(string_agg(user_id::text || role || status, ',' ORDER BY user_id), '') FROM community_members WHERE community_id = ?) AS roles`,
		id, id, id, id, id, id, id, id, id, id).Scan(context.Background(), &s.MemberCount, &s.Approved, &s.Rows, &s.Posts, &s.Likes,
		&s.Comments, &s.Shares, &s.Reports, &s.Texts, &s.Roles)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (s state) String() string {
	return fmt.Sprintf("member_count=%d approved=%d rows=%d posts=%d likes=%d comments=%d shares=%d reports=%d texts=%q",
		s.MemberCount, s.Approved, s.Rows, s.Posts, s.Likes, s.Comments, s.Shares, s.Reports, s.Texts)
}
