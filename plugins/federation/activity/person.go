package activity

import (
	"context"

	"social/core/domain"
	postwire "social/features/posts/wire"
)

// Person is a member as the social web sees them: their actor, as
// /ap/users/{id} answers it and Update(Person) sends it.
type Person struct {
	Context                   []any     `json:"@context,omitempty"`
	ID                        string    `json:"id"`
	Type                      string    `json:"type"`
	PreferredUsername         string    `json:"preferredUsername"`
	Name                      string    `json:"name"`
	Summary                   string    `json:"summary"`
	URL                       string    `json:"url"`
	Icon                      *Image    `json:"icon,omitempty"`
	Image                     *Image    `json:"image,omitempty"`
	Inbox                     string    `json:"inbox"`
	Outbox                    string    `json:"outbox"`
	Followers                 string    `json:"followers"`
	Following                 string    `json:"following"`
	Endpoints                 Endpoints `json:"endpoints"`
	PublicKey                 PublicKey `json:"publicKey"`
	ManuallyApprovesFollowers bool      `json:"manuallyApprovesFollowers"`
	Discoverable              bool      `json:"discoverable"`
	Indexable                 bool      `json:"indexable"`
	Published                 string    `json:"published"`
}

// Image is an actor's avatar (icon) or banner (image).
type Image struct {
	Type      string `json:"type"`
	MediaType string `json:"mediaType,omitempty"`
	URL       string `json:"url"`
}

// Endpoints are the actor's server-wide endpoints.
type Endpoints struct {
	SharedInbox string `json:"sharedInbox"`
}

// PublicKey is the key the actor's signatures verify with.
type PublicKey struct {
	ID           string `json:"id"`
	Owner        string `json:"owner"`
	PublicKeyPEM string `json:"publicKeyPem"`
}

// Person is the member of profile p as their actor, with the public key
// (PEM) their signatures verify with. The bio is HTML as the Mastodon
// client API writes it; avatar and banner link absolutely.
func (b Builder) Person(ctx context.Context, p domain.Profile, publicKeyPEM string) Person {
	id := p.ID.String()
	actor := b.Site.ActorURL(id)
	summary := ""
	if p.Bio != nil {
		summary = postwire.TextHTML(*p.Bio, b.Site)
	}
	return Person{
		ID: actor, Type: "Person",
		PreferredUsername: p.Handle, Name: p.DisplayName, Summary: summary,
		URL:   b.Site.ProfileURL(p.Handle),
		Icon:  b.image(ctx, p.AvatarPath),
		Image: b.image(ctx, p.BannerPath),
		Inbox: actor + "/inbox", Outbox: actor + "/outbox",
		Followers: actor + "/followers", Following: actor + "/following",
		Endpoints: Endpoints{SharedInbox: b.Site.Base + SharedInboxPath},
		PublicKey: PublicKey{ID: b.Site.KeyID(id), Owner: actor, PublicKeyPEM: publicKeyPEM},
		// The network has no follow requests: anyone may follow a member.
		ManuallyApprovesFollowers: false,
		// Profiles and public posts are public and found by the network's
		// own search.
		Discoverable: true, Indexable: true,
		Published: Stamp(p.CreatedAt),
	}
}

// image is a picture of the profile, or nil for none.
func (b Builder) image(ctx context.Context, key *string) *Image {
	u := b.Media.URL(ctx, key)
	if u == nil {
		return nil
	}
	return &Image{Type: "Image", MediaType: MediaType(*key), URL: *u}
}
