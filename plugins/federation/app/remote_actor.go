package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"social/core/domain"
	"social/core/ports"
	profiles "social/features/profiles/app"
)

// ActorLifetime is how long a remote actor's document is trusted before it
// is fetched again: a day, as its name, key and inbox rarely change, and a
// key that fails a signature is fetched again at once (RefetchAfter).
const ActorLifetime = 24 * time.Hour

// RefetchAfter is the least time between two fetches of one actor: a
// stranger's bad signatures must not make us fetch for them in a loop.
const RefetchAfter = time.Minute

// RemoteActor is an actor of another server as this server keeps it:
// the profile it is here (a profile with a domain), where it lives, where
// to deliver to it, and the key its signatures are checked with.
type RemoteActor struct {
	ProfileID   domain.UserID
	URI         string
	Host        string
	Inbox       string
	SharedInbox string
	KeyID       string
	PublicKey   string // SubjectPublicKeyInfo PEM
	ProfileURL  string
	Manual      bool // manuallyApprovesFollowers
	FetchedAt   time.Time
}

// RemoteActorStore keeps the remote actors; domain.ErrNotFound for one
// not known.
type RemoteActorStore interface {
	ActorByURI(ctx context.Context, uri string) (RemoteActor, error)
	ActorByKeyID(ctx context.Context, keyID string) (RemoteActor, error)
	// SaveActor inserts or refreshes a by its profile.
	SaveActor(ctx context.Context, a RemoteActor) error
}

// ActorsByProfile reads the remote actor of a remote profile;
// domain.ErrNotFound for none.
type ActorsByProfile interface {
	ActorByProfile(ctx context.Context, id domain.UserID) (RemoteActor, error)
}

// DocumentFetcher fetches an ActivityPub document from another server
// through the SSRF-safe client (never a private address), asking for
// application/activity+json. It answers the body and the URL it came
// from after redirects.
type DocumentFetcher interface {
	FetchDocument(ctx context.Context, uri string) (body []byte, final *url.URL, err error)
}

// RemoteAccounts keeps the core profile of a remote account (the profiles
// feature's UpsertRemoteAccount).
type RemoteAccounts interface {
	Handle(ctx context.Context, in profiles.RemoteAccount) (domain.UserID, error)
}

// ErrBadActor is an actor document refused: not JSON, no id of the host it
// came from, an inbox or key missing or not its own.
var ErrBadActor = errors.New("federation: bad remote actor")

// ResolveActor finds a remote actor by its id or its key's, fetching its
// document when it is not known or older than ActorLifetime, and keeps it
// as a remote account. Documents are read as plain JSON: no JSON-LD
// context is ever fetched.
type ResolveActor struct {
	Actors   RemoteActorStore
	Fetch    DocumentFetcher
	Accounts RemoteAccounts
	Tx       ports.Transactor
	Clock    ports.Clock
	// LoopbackHTTP lets plain http reach a loopback host (tests of
	// servers on one machine, federation.allow_loopback_http).
	LoopbackHTTP bool
	// Policies keep a suspended server's actors from being fetched (nor
	// made remote accounts again); nil: none is.
	Policies *InstancePolicies
	// Pictures queues the copy of the account's avatar and banner each
	// time its document is kept; nil: none is copied.
	Pictures PictureQueue
}

// ByURI is the actor of id uri.
func (uc *ResolveActor) ByURI(ctx context.Context, uri string, fresh bool) (RemoteActor, error) {
	a, err := uc.Actors.ActorByURI(ctx, uri)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return RemoteActor{}, err
	}
	if err == nil && !uc.stale(a, fresh) {
		return a, nil
	}
	return uc.fetch(ctx, uri, "", "")
}

// ByKeyID is the actor whose key is keyID; fresh asks for its document
// again (a signature failed with the key kept), at most every
// RefetchAfter.
func (uc *ResolveActor) ByKeyID(ctx context.Context, keyID string, fresh bool) (RemoteActor, error) {
	a, err := uc.Actors.ActorByKeyID(ctx, keyID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return RemoteActor{}, err
	}
	if err == nil && !uc.stale(a, fresh) {
		return a, nil
	}
	doc := keyID
	if i := strings.IndexByte(doc, '#'); i >= 0 {
		doc = doc[:i]
	}
	if err == nil {
		doc = a.URI
	}
	return uc.fetch(ctx, doc, keyID, "")
}

// Refetch reads the document of the actor uri again from its server,
// however recently it was read, and keeps it (its remote account's name,
// bio and page too): the actor said it changed (an Update of its Person).
// The document must be of uri itself, never another actor's. Its own
// server alone is asked, and the inbox's limit per server bounds how
// often.
func (uc *ResolveActor) Refetch(ctx context.Context, uri string) (RemoteActor, error) {
	return uc.fetch(ctx, uri, "", uri)
}

func (uc *ResolveActor) stale(a RemoteActor, fresh bool) bool {
	age := uc.Clock.Now().Sub(a.FetchedAt)
	return age > ActorLifetime || fresh && age > RefetchAfter
}

// actorDoc is what is read of an actor's document.
type actorDoc struct {
	ID                string `json:"id"`
	Type              string `json:"type"`
	PreferredUsername string `json:"preferredUsername"`
	Name              string `json:"name"`
	Summary           string `json:"summary"`
	URL               any    `json:"url"`
	Inbox             string `json:"inbox"`
	Endpoints         struct {
		SharedInbox string `json:"sharedInbox"`
	} `json:"endpoints"`
	PublicKey struct {
		ID           string `json:"id"`
		Owner        string `json:"owner"`
		PublicKeyPem string `json:"publicKeyPem"`
	} `json:"publicKey"`
	ManuallyApprovesFollowers bool            `json:"manuallyApprovesFollowers"`
	Icon                      json.RawMessage `json:"icon"`
	Image                     json.RawMessage `json:"image"`
}

// fetch reads the document at uri, checks it and stores it. With keyID
// given, the document must carry that key; with id given, it must be
// that actor's.
func (uc *ResolveActor) fetch(ctx context.Context, uri, keyID, id string) (RemoteActor, error) {
	if err := uc.checkURL(uri); err != nil {
		return RemoteActor{}, err
	}
	if uc.Policies != nil {
		u, _ := url.Parse(uri)
		if suspended, err := uc.Policies.Suspended(ctx, u.Host); err != nil {
			return RemoteActor{}, err
		} else if suspended {
			return RemoteActor{}, fmt.Errorf("%w: %s is suspended here", ErrBadActor, u.Host)
		}
	}
	body, final, err := uc.Fetch.FetchDocument(ctx, uri)
	if err != nil {
		return RemoteActor{}, fmt.Errorf("fetch actor %s: %w", uri, err)
	}
	var d actorDoc
	if err := json.Unmarshal(body, &d); err != nil {
		return RemoteActor{}, fmt.Errorf("%w: %s: %v", ErrBadActor, uri, err)
	}
	if id != "" && d.ID != id {
		return RemoteActor{}, fmt.Errorf("%w: id %q, want %q", ErrBadActor, d.ID, id)
	}
	docID, err := url.Parse(d.ID)
	if err != nil || uc.checkURL(d.ID) != nil || !strings.EqualFold(docID.Host, final.Host) {
		return RemoteActor{}, fmt.Errorf("%w: id %q not of %s", ErrBadActor, d.ID, final.Host)
	}
	host := strings.ToLower(docID.Host)
	if !isActorType(d.Type) {
		return RemoteActor{}, fmt.Errorf("%w: type %q", ErrBadActor, d.Type)
	}
	if uc.checkURL(d.Inbox) != nil || (d.Endpoints.SharedInbox != "" && uc.checkURL(d.Endpoints.SharedInbox) != nil) {
		return RemoteActor{}, fmt.Errorf("%w: inbox %q", ErrBadActor, d.Inbox)
	}
	if d.PublicKey.Owner != d.ID || d.PublicKey.ID == "" || !strings.HasPrefix(d.PublicKey.PublicKeyPem, "-----BEGIN ") ||
		(keyID != "" && d.PublicKey.ID != keyID) || !sameHost(d.PublicKey.ID, host) {
		return RemoteActor{}, fmt.Errorf("%w: key %q of %q", ErrBadActor, d.PublicKey.ID, d.PublicKey.Owner)
	}
	page := pageURL(d.URL)
	if uc.checkURL(page) != nil {
		page = d.ID
	}
	a, err := uc.Actors.ActorByURI(ctx, d.ID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return RemoteActor{}, err
	}
	out := RemoteActor{ProfileID: a.ProfileID, URI: d.ID, Host: host, Inbox: d.Inbox, SharedInbox: d.Endpoints.SharedInbox,
		KeyID: d.PublicKey.ID, PublicKey: d.PublicKey.PublicKeyPem, ProfileURL: page,
		Manual: d.ManuallyApprovesFollowers, FetchedAt: uc.Clock.Now()}
	username := d.PreferredUsername
	if username == "" {
		username = lastSegment(docID.Path)
	}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) (err error) {
		out.ProfileID, err = uc.Accounts.Handle(ctx, profiles.RemoteAccount{ID: a.ProfileID, Username: username,
			Domain: host, URL: page, DisplayName: d.Name, Bio: PlainText(d.Summary)})
		if err != nil {
			return err
		}
		if err := uc.Actors.SaveActor(ctx, out); err != nil || uc.Pictures == nil {
			return err
		}
		return uc.Pictures.EnqueuePictures(ctx, PictureCopy{Profile: out.ProfileID, Icon: imageURL(d.Icon), Image: imageURL(d.Image)})
	})
	if err != nil {
		return RemoteActor{}, fmt.Errorf("keep actor %s: %w", d.ID, err)
	}
	return out, nil
}

// checkURL refuses what this server never fetches nor delivers to: a URL
// that is not https (plain http only for a loopback host in tests), or
// whose host is an address of a private network. Names are checked again
// where they are dialed (the SSRF-safe client).
func (uc *ResolveActor) checkURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil {
		return fmt.Errorf("%w: %q is no address", ErrBadActor, raw)
	}
	loop := IsLoopback(u.Hostname())
	switch {
	case u.Scheme == "https" && !loop:
	case uc.LoopbackHTTP && loop && (u.Scheme == "http" || u.Scheme == "https"):
		return nil
	default:
		return fmt.Errorf("%w: %q is not https", ErrBadActor, raw)
	}
	if ip, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]")); err == nil && !ip.IsGlobalUnicast() || err == nil && ip.IsPrivate() {
		return fmt.Errorf("%w: %q is a private address", ErrBadActor, raw)
	}
	return nil
}

// IsLoopback reports whether host (a name or an address, without port)
// is this machine: the only hosts plain http is allowed to, in tests.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func sameHost(raw, host string) bool {
	u, err := url.Parse(raw)
	return err == nil && strings.EqualFold(u.Host, host)
}

func lastSegment(p string) string {
	p = strings.TrimRight(p, "/")
	return p[strings.LastIndexByte(p, '/')+1:]
}

// pageURL is the actor's page: its url, a string or the first link.
func pageURL(v any) string {
	switch u := v.(type) {
	case string:
		return u
	case []any:
		for _, e := range u {
			if s := pageURL(e); s != "" {
				return s
			}
		}
	case map[string]any:
		if h, ok := u["href"].(string); ok {
			return h
		}
	}
	return ""
}
