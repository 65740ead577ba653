package httpapi

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/platform/jsonwire"
)

// cardsByHandle answers the members it holds, as the profiles' store does.
type cardsByHandle map[string]domain.MemberCard

func (c cardsByHandle) MembersByHandle(_ context.Context, handles []string) ([]domain.MemberCard, error) {
	var out []domain.MemberCard
	for _, h := range handles {
		if card, ok := c[h]; ok {
			out = append(out, card)
		}
	}
	return out, nil
}

// A timeline's page, written as it is built, is byte for byte the list of
// statuses FromPosts gives: mentions, tags, edits, previews, no text.
func TestAPageOfPostsIsWrittenAsTheListOfItsStatuses(t *testing.T) {
	ana := domain.MemberCard{ID: domain.NewUserID(), Handle: "ana_souza", DisplayName: "Ana Souza"}
	bia := domain.MemberCard{ID: domain.NewUserID(), Handle: "bia", DisplayName: strings.Repeat("B", 50)}
	s := Statuses{Base: NewBase("https://exemplo.com.br"),
		Posts: posts.UseCases{Named: &posts.MembersNamed{Members: cardsByHandle{"ana_souza": ana, "bia": bia}}}}
	at := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	text := func(v string) *string { return &v }
	site, title := "Exemplo", "Um título"
	items := []domain.FeedItem{
		{Post: domain.Post{ID: domain.NewPostID(), AuthorID: ana.ID, TextContent: text("Oi @bia e @ninguem, #praia <b>&</b> https://exemplo.com.br/a?b=1&c=2"),
			Type: domain.PostText, Visibility: domain.VisibilityPublic, CreatedAt: at, UpdatedAt: at.Add(time.Minute), LikeCount: 3,
			LinkPreview: domain.PostLinkPreview{URL: text("https://exemplo.com.br/a"), Title: &title, SiteName: &site}},
			Author: ana, IsLiked: true},
		{Post: domain.Post{ID: domain.NewPostID(), AuthorID: bia.ID, Type: domain.PostText, Visibility: domain.VisibilityFriendsOnly,
			CreatedAt: at, UpdatedAt: at}, Author: bia},
		{Post: domain.Post{ID: domain.NewPostID(), AuthorID: bia.ID, TextContent: text("@ANA_SOUZA @ana_souza " + strings.Repeat("x", 280)),
			Type: domain.PostText, Visibility: domain.VisibilityPublic, CreatedAt: at, UpdatedAt: at}, Author: bia},
	}
	ctx := context.Background()
	list, err := s.FromPosts(ctx, items)
	if err != nil {
		t.Fatal(err)
	}
	page, err := s.PageOfPosts(ctx, items)
	if err != nil {
		t.Fatal(err)
	}
	var want, got []byte
	if err := jsonwire.Encode(jsonwire.List[Status](list), func(b []byte) error { want = bytes.Clone(b); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := jsonwire.Encode(page, func(b []byte) error { got = bytes.Clone(b); return nil }); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the page wrote\n%s\nthe list\n%s", got, want)
	}
	if len(list[0].Mentions) != 1 || list[0].Mentions[0].Acct != "bia" || len(list[2].Mentions) != 1 {
		t.Fatalf("mentions: %+v / %+v", list[0].Mentions, list[2].Mentions)
	}
}
