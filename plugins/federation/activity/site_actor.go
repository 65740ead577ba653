package activity

// Application is the server itself as an actor, as Mastodon's instance
// actor is: named by the domain, followed by nobody and following nobody,
// it signs what no member sends.
type Application struct {
	Context                   []any     `json:"@context,omitempty"`
	ID                        string    `json:"id"`
	Type                      string    `json:"type"`
	PreferredUsername         string    `json:"preferredUsername"`
	Name                      string    `json:"name"`
	URL                       string    `json:"url"`
	Inbox                     string    `json:"inbox"`
	Endpoints                 Endpoints `json:"endpoints"`
	PublicKey                 PublicKey `json:"publicKey"`
	ManuallyApprovesFollowers bool      `json:"manuallyApprovesFollowers"`
}

// SiteActor is the site actor with the public key (PEM) its signatures
// verify with.
func (b Builder) SiteActor(publicKeyPEM string) Application {
	actor := b.Site.SiteActorURL()
	return Application{
		ID: actor, Type: "Application",
		PreferredUsername: b.Site.SiteActorName(), Name: b.Site.Domain, URL: b.Site.Base + "/",
		// Its inbox is the shared one: what reaches it is the server's.
		Inbox:     b.Site.Base + SharedInboxPath,
		Endpoints: Endpoints{SharedInbox: b.Site.Base + SharedInboxPath},
		PublicKey: PublicKey{ID: b.Site.SiteKeyID(), Owner: actor, PublicKeyPEM: publicKeyPEM},
		// Nobody is meant to follow it.
		ManuallyApprovesFollowers: true,
	}
}

// Flag is a report forwarded to the reported account's server, sent by
// the site actor: object names the account's actor and the reported
// Note, content is the moderator's text (never who reported).
type Flag struct {
	Context []any    `json:"@context"`
	ID      string   `json:"id"`
	Type    string   `json:"type"`
	Actor   string   `json:"actor"`
	Object  []string `json:"object"`
	Content string   `json:"content"`
}

// Flag is the forwarding of report reportID about note, by account.
func (b Builder) Flag(reportID, account, note, content string) Flag {
	return Flag{Context: Context, ID: b.Site.FlagURL(reportID), Type: "Flag", Actor: b.Site.SiteActorURL(),
		Object: []string{account, note}, Content: content}
}
