package httpapi

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	profiles "social/features/profiles/app"
	profilewire "social/features/profiles/wire"
	"social/kit/httpkit"
)

// MastodonAccount is Mastodon's CredentialAccount entity: the member an
// app acts for, in the shape Mastodon apps read.
type MastodonAccount struct {
	ID             string          `json:"id"`
	Username       string          `json:"username"`
	Acct           string          `json:"acct"`
	DisplayName    string          `json:"display_name"`
	Locked         bool            `json:"locked"`
	Bot            bool            `json:"bot"`
	Discoverable   bool            `json:"discoverable"`
	Group          bool            `json:"group"`
	CreatedAt      time.Time       `json:"created_at"`
	Note           string          `json:"note" doc:"The bio as HTML, escaped."`
	URL            string          `json:"url"`
	URI            string          `json:"uri"`
	Avatar         string          `json:"avatar" doc:"Signed link to the avatar (storage.url_ttl), or the site's icon when none."`
	AvatarStatic   string          `json:"avatar_static"`
	Header         string          `json:"header"`
	HeaderStatic   string          `json:"header_static"`
	FollowersCount int             `json:"followers_count"`
	FollowingCount int             `json:"following_count"`
	StatusesCount  int             `json:"statuses_count"`
	LastStatusAt   *string         `json:"last_status_at"`
	Emojis         []struct{}      `json:"emojis" doc:"Always empty: no custom emoji here."`
	Fields         []MastodonField `json:"fields"`
	Source         MastodonSource  `json:"source"`
}

// MastodonField is a profile field (website, location).
type MastodonField struct {
	Name       string  `json:"name"`
	Value      string  `json:"value"`
	VerifiedAt *string `json:"verified_at"`
}

// MastodonSource is what the member wrote, unrendered.
type MastodonSource struct {
	Privacy             string          `json:"privacy" enum:"public,private"`
	Sensitive           bool            `json:"sensitive"`
	Language            string          `json:"language"`
	Note                string          `json:"note"`
	Fields              []MastodonField `json:"fields"`
	FollowRequestsCount int             `json:"follow_requests_count"`
}

func registerVerifyCredentials(api huma.API, uc *profiles.GetMyProfile, links profilewire.Links, publicURL string) {
	base := strings.TrimRight(publicURL, "/")
	huma.Register(api, huma.Operation{
		OperationID: "verify-account-credentials", Method: http.MethodGet, Path: "/accounts/verify_credentials",
		Summary: "The signed-in member, in Mastodon's CredentialAccount shape",
		Description: "Mastodon's GET /api/v1/accounts/verify_credentials. An app's OAuth token needs read:accounts " +
			"(or read) or profile; a member's own session may always ask.",
		Tags: []string{"oauth"}, Security: []map[string][]string{{"bearer": {}}, {"oauth": {"read:accounts", "profile"}}},
		Metadata: httpkit.Scoped(domain.ScopeReadAccounts|domain.ScopeProfile, httpkit.Refuses(nil)),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body MastodonAccount }, error) {
		p, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &struct{ Body MastodonAccount }{Body: mastodonAccount(ctx, links, base, p)}, nil
	})
}

func mastodonAccount(ctx context.Context, links profilewire.Links, base string, p domain.Profile) MastodonAccount {
	profileURL := base + "/profile/" + url.PathEscape(p.Handle)
	icon := base + "/icons/icon-192.png"
	avatar, header := icon, icon
	if u := links.URL(ctx, p.AvatarPath); u != nil {
		avatar = *u
	}
	if u := links.URL(ctx, p.BannerPath); u != nil {
		header = *u
	}
	bio := ""
	if p.Bio != nil {
		bio = *p.Bio
	}
	fields := []MastodonField{}
	if p.WebsiteURL != nil {
		fields = append(fields, MastodonField{Name: "Site", Value: *p.WebsiteURL})
	}
	if p.Location != nil {
		fields = append(fields, MastodonField{Name: "Localização", Value: *p.Location})
	}
	rendered := make([]MastodonField, len(fields))
	for i, f := range fields {
		rendered[i] = MastodonField{Name: f.Name, Value: html.EscapeString(f.Value)}
	}
	note := ""
	if bio != "" {
		note = "<p>" + strings.ReplaceAll(html.EscapeString(bio), "\n", "<br>") + "</p>"
	}
	return MastodonAccount{
		ID: p.ID.String(), Username: p.Handle, Acct: p.Handle, DisplayName: p.DisplayName,
		Discoverable: true, CreatedAt: p.CreatedAt.UTC(), Note: note, URL: profileURL, URI: profileURL,
		Avatar: avatar, AvatarStatic: avatar, Header: header, HeaderStatic: header,
		FollowersCount: p.FollowerCount, FollowingCount: p.FollowingCount, StatusesCount: p.PostCount,
		Emojis: []struct{}{}, Fields: rendered,
		Source: MastodonSource{Privacy: "public", Language: "pt", Note: bio, Fields: fields},
	}
}
