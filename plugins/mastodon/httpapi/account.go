package httpapi

import (
	"context"
	"html"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	postwire "social/features/posts/wire"
	profilewire "social/features/profiles/wire"
)

// Account is Mastodon's Account entity. Every member is local, so acct is
// the handle alone.
type Account struct {
	ID             string    `json:"id"`
	Username       string    `json:"username"`
	Acct           string    `json:"acct"`
	DisplayName    string    `json:"display_name"`
	Locked         bool      `json:"locked"`
	Bot            bool      `json:"bot"`
	Discoverable   bool      `json:"discoverable"`
	Group          bool      `json:"group"`
	Noindex        bool      `json:"noindex"`
	CreatedAt      time.Time `json:"created_at"`
	Note           string    `json:"note"`
	URL            string    `json:"url"`
	Avatar         string    `json:"avatar"`
	AvatarStatic   string    `json:"avatar_static"`
	Header         string    `json:"header"`
	HeaderStatic   string    `json:"header_static"`
	FollowersCount int       `json:"followers_count"`
	FollowingCount int       `json:"following_count"`
	StatusesCount  int       `json:"statuses_count"`
	// LastStatusAt is null: Mastodon's documented answer when it is not
	// known (the profile does not keep its last post's day).
	LastStatusAt *string       `json:"last_status_at"`
	Emojis       []CustomEmoji `json:"emojis"`
	Fields       []Field       `json:"fields"`
	Roles        []struct{}    `json:"roles"`
	// FeatureApproval: nobody features an account (no collections here).
	FeatureApproval nobodyApproves `json:"feature_approval"`
}

// CredentialAccount is the member an app acts for, with what they wrote
// unrendered (source).
type CredentialAccount struct {
	Account
	Source Source `json:"source"`
	Role   Role   `json:"role"`
}

// Role is Mastodon's Role entity. Every member has the role of all
// members (Mastodon's "everyone", ID -99): no name, colour or
// permissions an app would act on; moderation is the console's.
type Role struct {
	ID              int       `json:"id"`
	Name            string    `json:"name"`
	Color           string    `json:"color"`
	Position        int       `json:"position"`
	Permissions     int       `json:"permissions"`
	Highlighted     bool      `json:"highlighted"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
	CollectionLimit int       `json:"collection_limit"`
}

// everyoneRole is the role every member has.
const everyoneRole = -99

// CustomEmoji is Mastodon's CustomEmoji; this server has none.
type CustomEmoji struct {
	Shortcode       string `json:"shortcode"`
	URL             string `json:"url"`
	StaticURL       string `json:"static_url"`
	VisibleInPicker bool   `json:"visible_in_picker"`
}

// Field is a profile field: the website and the location.
type Field struct {
	Name       string  `json:"name"`
	Value      string  `json:"value"`
	VerifiedAt *string `json:"verified_at"`
}

// Source is what the member wrote, unrendered, and the defaults of their
// posts: public, in Portuguese, found by search (indexable), quoted by
// nobody (the network has no quotes).
type Source struct {
	Privacy             string   `json:"privacy"`
	Sensitive           bool     `json:"sensitive"`
	Language            string   `json:"language"`
	Note                string   `json:"note"`
	Fields              []Field  `json:"fields"`
	FollowRequestsCount int      `json:"follow_requests_count"`
	Indexable           bool     `json:"indexable"`
	AttributionDomains  []string `json:"attribution_domains"`
	QuotePolicy         string   `json:"quote_policy"`
}

// Names of the profile fields an account shows.
const (
	fieldWebsite  = "Site"
	fieldLocation = "Localização"
)

// memberLanguage is the language of every member's posts as apps are
// told it: the network is Brazilian-Portuguese.
const memberLanguage = "pt"

// Account is a member's profile as Mastodon's Account.
func (b Base) Account(ctx context.Context, links profilewire.Links, p domain.Profile) Account {
	avatar, header := b.IconURL(), b.IconURL()
	if u := links.URL(ctx, p.AvatarPath); u != nil {
		avatar = *u
	}
	if u := links.URL(ctx, p.BannerPath); u != nil {
		header = *u
	}
	fields := make([]Field, 0, 2)
	for _, f := range profileFields(p) {
		fields = append(fields, Field{Name: f.Name, Value: html.EscapeString(f.Value)})
	}
	note := ""
	if p.Bio != nil && strings.TrimSpace(*p.Bio) != "" {
		note = b.Content(*p.Bio)
	}
	profile := b.ProfileURL(p.Handle)
	return Account{
		ID: p.ID.String(), Username: p.Handle, Acct: p.Handle, DisplayName: p.DisplayName,
		Discoverable: true, CreatedAt: midnight(p.CreatedAt), Note: note, URL: profile,
		Avatar: avatar, AvatarStatic: avatar, Header: header, HeaderStatic: header,
		FollowersCount: p.FollowerCount, FollowingCount: p.FollowingCount, StatusesCount: p.PostCount,
		Emojis: []CustomEmoji{}, Fields: fields, Roles: []struct{}{},
	}
}

// CredentialAccount is the viewer's own profile, with its source.
func (b Base) CredentialAccount(ctx context.Context, links profilewire.Links, p domain.Profile) CredentialAccount {
	bio := ""
	if p.Bio != nil {
		bio = *p.Bio
	}
	day := midnight(p.CreatedAt)
	return CredentialAccount{Account: b.Account(ctx, links, p),
		Source: Source{Privacy: "public", Language: memberLanguage, Note: bio, Fields: profileFields(p),
			Indexable: true, AttributionDomains: []string{}, QuotePolicy: "nobody"},
		Role: Role{ID: everyoneRole, Position: -1, CreatedAt: day, UpdatedAt: day}}
}

// AuthorAccount is the author a post carries (its card: no counts, no
// bio) as an Account. Apps open the profile (GET /accounts/:id) for the
// rest. The account's day of creation is its ID's (a UUIDv7 is made when
// the account is).
func (b Base) AuthorAccount(a postwire.Author) Account {
	icon := b.IconURL()
	avatar := icon
	if a.AvatarURL != nil {
		avatar = *a.AvatarURL
	}
	profile := b.ProfileURL(a.Handle)
	return Account{
		ID: a.ID, Username: a.Handle, Acct: a.Handle, DisplayName: a.DisplayName, Discoverable: true,
		CreatedAt: midnight(idTime(a.ID)), URL: profile,
		Avatar: avatar, AvatarStatic: avatar, Header: icon, HeaderStatic: icon,
		Emojis: []CustomEmoji{}, Fields: []Field{}, Roles: []struct{}{},
	}
}

func profileFields(p domain.Profile) []Field {
	fields := []Field{}
	if p.WebsiteURL != nil {
		fields = append(fields, Field{Name: fieldWebsite, Value: *p.WebsiteURL})
	}
	if p.Location != nil {
		fields = append(fields, Field{Name: fieldLocation, Value: *p.Location})
	}
	return fields
}

// midnight is the day of t, as Mastodon gives an account's creation.
func midnight(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// idTime is when a UUIDv7 was made; the zero time for another ID.
func idTime(id string) time.Time {
	u, err := uuid.Parse(id)
	if err != nil || u.Version() != 7 {
		return time.Time{}
	}
	sec, nsec := u.Time().UnixTime()
	return time.Unix(sec, nsec)
}
