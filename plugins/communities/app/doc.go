// Package app holds the communities plugin's use cases, one per file: the
// communities and their membership (one model: status pending|approved|
// rejected, role owner|admin|member; the owner has an approved member row),
// the community posts and likes, their realtime topic, search documents and
// demo data. Every rule is decided here, never by the caller.
package app
