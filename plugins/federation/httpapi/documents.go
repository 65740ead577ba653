package httpapi

// The documents federation answers, written as plain JSON: servers read
// them as JSON-LD with the contexts they name, which are never fetched
// here (the few terms beyond ActivityStreams and security/v1 that
// Mastodon's peers read are defined inline).

// ldContext is the @context of every ActivityPub document we answer.
var ldContext = []any{
	"https://www.w3.org/ns/activitystreams",
	"https://w3id.org/security/v1",
	map[string]any{
		"manuallyApprovesFollowers": "as:manuallyApprovesFollowers",
		"sensitive":                 "as:sensitive",
		"Hashtag":                   "as:Hashtag",
		"toot":                      "http://joinmastodon.org/ns#",
		"discoverable":              "toot:discoverable",
		"indexable":                 "toot:indexable",
	},
}

// Actor is a member as the social web sees them: a Person.
type Actor struct {
	Context                   []any     `json:"@context"`
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

// Collection is an OrderedCollection: its size and its first page.
type Collection struct {
	Context    []any  `json:"@context"`
	ID         string `json:"id"`
	Type       string `json:"type"`
	TotalItems int    `json:"totalItems"`
	First      string `json:"first"`
}

// CollectionPage is one page of an OrderedCollection, newest first.
type CollectionPage struct {
	Context      []any  `json:"@context"`
	ID           string `json:"id"`
	Type         string `json:"type"`
	PartOf       string `json:"partOf"`
	Next         string `json:"next,omitempty"`
	Prev         string `json:"prev,omitempty"`
	OrderedItems []any  `json:"orderedItems"`
}

// Note is a post.
type Note struct {
	Context      []any        `json:"@context,omitempty"`
	ID           string       `json:"id"`
	Type         string       `json:"type"`
	AttributedTo string       `json:"attributedTo"`
	Content      string       `json:"content"`
	To           []string     `json:"to"`
	CC           []string     `json:"cc"`
	Published    string       `json:"published"`
	URL          string       `json:"url"`
	InReplyTo    *string      `json:"inReplyTo"`
	Sensitive    bool         `json:"sensitive"`
	Attachment   []Attachment `json:"attachment"`
	Tag          []Tag        `json:"tag"`
}

// Attachment is a post's image or video.
type Attachment struct {
	Type      string `json:"type"`
	MediaType string `json:"mediaType,omitempty"`
	URL       string `json:"url"`
	Name      string `json:"name,omitempty"`
	Width     int    `json:"width,omitempty"`
	Height    int    `json:"height,omitempty"`
}

// Tag is a hashtag or a mention of a post.
type Tag struct {
	Type string `json:"type"`
	Href string `json:"href"`
	Name string `json:"name"`
}

// Create is the activity that published a Note, as the outbox lists it.
type Create struct {
	ID        string   `json:"id"`
	Type      string   `json:"type"`
	Actor     string   `json:"actor"`
	Published string   `json:"published"`
	To        []string `json:"to"`
	CC        []string `json:"cc"`
	Object    Note     `json:"object"`
}

// JRD is a WebFinger answer (RFC 7033's JSON Resource Descriptor).
type JRD struct {
	Subject string    `json:"subject"`
	Aliases []string  `json:"aliases"`
	Links   []JRDLink `json:"links"`
}

// JRDLink is one link of a JRD.
type JRDLink struct {
	Rel  string `json:"rel"`
	Type string `json:"type,omitempty"`
	Href string `json:"href"`
}
