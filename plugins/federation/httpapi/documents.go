package httpapi

import "social/plugins/federation/activity"

// The documents federation answers, written as plain JSON: servers read
// them as JSON-LD with the contexts they name, which are never fetched
// here (the few terms beyond ActivityStreams and security/v1 that
// Mastodon's peers read are defined inline).

// ldContext is the @context of every ActivityPub document we answer
// (activity's, which delivery sends too).
var ldContext = activity.Context

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

// Note, Attachment and Tag are activity's: a Note sent is the Note
// fetched.
type (
	Note       = activity.Note
	Attachment = activity.Attachment
	Tag        = activity.Tag
)

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
