package httpapi

import "social/plugins/federation/activity"

// The documents federation answers, written as plain JSON: servers read
// them as JSON-LD with the contexts they name, which are never fetched
// here (the few terms beyond ActivityStreams and security/v1 that
// Mastodon's peers read are defined inline).

// ldContext is the @context of every ActivityPub document we answer
// (activity's, which delivery sends too).
var ldContext = activity.Context

// Actor, Image, Endpoints and PublicKey are activity's: the actor
// fetched is the Person an Update sends.
type (
	Actor     = activity.Person
	Image     = activity.Image
	Endpoints = activity.Endpoints
	PublicKey = activity.PublicKey
)

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
