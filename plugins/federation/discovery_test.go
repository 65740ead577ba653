package federation_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/url"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"social/config"
	"social/plugins/federation"
	at "social/tests/testkit/apptest"
)

type jrd struct {
	Subject string   `json:"subject"`
	Aliases []string `json:"aliases"`
	Links   []struct {
		Rel, Type, Href string
	} `json:"links"`
}

func webfinger(c *at.Client, resource string, extra ...string) *at.Response {
	q := url.Values{"resource": {resource}}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Add(extra[i], extra[i+1])
	}
	return c.Do(http.MethodGet, "/.well-known/webfinger?"+q.Encode(), nil, "Accept", "application/jrd+json")
}

// A member is found by their address, their actor's URL and their
// profile's; the answer is RFC 7033's JRD with the actor as "self", open
// to pages of any origin.
func TestWebFingerFindsAMemberByAddressOrURL(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana := app.Member("ana")
	actorURL, profileURL := base+"/ap/users/"+ana.ID, base+"/profile/ana"

	for _, resource := range []string{"acct:ana@" + domain, "ACCT:Ana@LOCALHOST:8080", actorURL, profileURL} {
		r := webfinger(app.Client(), resource, "Origin", "https://elsewhere.example").Expect(t, http.StatusOK)
		if ct := r.Header.Get("Content-Type"); ct != "application/jrd+json" {
			t.Fatalf("%s: Content-Type %q", resource, ct)
		}
		if r.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Fatalf("%s: not open to other origins: %v", resource, r.Header)
		}
		var got jrd
		r.JSON(t, &got)
		if got.Subject != "acct:ana@"+domain || len(got.Aliases) != 2 || len(got.Links) != 2 {
			t.Fatalf("%s: %+v", resource, got)
		}
		self, page := got.Links[0], got.Links[1]
		if self.Rel != "self" || self.Type != activityJSON || self.Href != actorURL {
			t.Fatalf("%s: self link %+v", resource, self)
		}
		if page.Rel != "http://webfinger.net/rel/profile-page" || page.Type != "text/html" || page.Href != profileURL {
			t.Fatalf("%s: profile page link %+v", resource, page)
		}
	}

	// rel keeps only the links asked for.
	var only jrd
	webfinger(app.Client(), "acct:ana@"+domain, "rel", "self").Expect(t, http.StatusOK).JSON(t, &only)
	if len(only.Links) != 1 || only.Links[0].Rel != "self" {
		t.Fatalf("rel=self: %+v", only.Links)
	}
}

func TestWebFingerRefusesMalformedResourcesAndFindsNobodyElse(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana := app.Member("ana")
	c := app.Client()

	for _, resource := range []string{"", "ana", "ana@" + domain, "acct:", "acct:ana", "acct:@" + domain, "acct:ana@",
		"mailto:ana@" + domain, "https://"} {
		p := webfinger(c, resource).Expect(t, http.StatusBadRequest).Problem(t)
		if p.Code != "federation_bad_resource" || p.Detail == "" {
			t.Fatalf("%q: %+v", resource, p)
		}
	}
	for _, resource := range []string{"acct:ana@elsewhere.example", "acct:nobody@" + domain, "acct:no%20one@" + domain,
		"https://elsewhere.example/ap/users/" + ana.ID, base + "/ap/users/not-an-id", base + "/post/" + ana.ID,
		base + "/ap/users/0192f000-0000-7000-8000-0000000000b7"} {
		p := webfinger(c, resource).Expect(t, http.StatusNotFound).Problem(t)
		if p.Code != "federation_not_found" {
			t.Fatalf("%q: %+v", resource, p)
		}
	}
}

// A suspended member and a deleted one are gone for the social web: no
// address, no actor.
func TestSuspendedAndDeletedMembersAreNotFound(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	bia, caio := app.Member("bia"), app.Member("caio")
	for _, m := range []*at.Member{bia, caio} {
		webfinger(app.Client(), "acct:"+m.Handle+"@"+domain).Expect(t, http.StatusOK)
		fetchActor(t, app, m.ID)
	}

	admin := app.Staff("chefe", "admin")
	admin.Do(http.MethodPost, "/api/v1/admin/profiles/"+bia.ID+"/suspend", map[string]string{"reason": "spam"}).Expect(t, http.StatusOK)
	if _, err := app.DB.NewRaw(`UPDATE accounts SET deleted_at = now() WHERE id = ?`, caio.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, m := range []*at.Member{bia, caio} {
		webfinger(app.Client(), "acct:"+m.Handle+"@"+domain).Expect(t, http.StatusNotFound)
		for _, path := range []string{"/ap/users/" + m.ID, "/ap/users/" + m.ID + "/outbox", "/ap/users/" + m.ID + "/followers",
			"/profile/" + m.Handle} {
			get(app.Client(), path, activityJSON).Expect(t, http.StatusNotFound)
		}
	}
}

// The domain of the members' addresses may differ from the site's host:
// addresses use it, URLs stay on the site.
func TestTheDomainOfAddressesIsConfigurable(t *testing.T) {
	t.Parallel()
	app := at.Start(t, on(func(_ *config.Config, s *federation.Config) { s.Federation.Domain = "social.example" }))
	ana := app.Member("ana")
	var got jrd
	webfinger(app.Client(), "acct:ana@social.example").Expect(t, http.StatusOK).JSON(t, &got)
	if got.Subject != "acct:ana@social.example" || got.Links[0].Href != base+"/ap/users/"+ana.ID {
		t.Fatalf("%+v", got)
	}
	webfinger(app.Client(), "acct:ana@"+domain).Expect(t, http.StatusNotFound)
}

func TestHostMetaPointsToWebFinger(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	r := get(app.Client(), "/.well-known/host-meta", "*/*").Expect(t, http.StatusOK)
	if ct := r.Header.Get("Content-Type"); ct != "application/xrd+xml; charset=utf-8" {
		t.Fatalf("Content-Type %q", ct)
	}
	var doc struct {
		XMLName xml.Name
		Links   []struct {
			Rel      string `xml:"rel,attr"`
			Template string `xml:"template,attr"`
		} `xml:"Link"`
	}
	if err := xml.Unmarshal(r.Body, &doc); err != nil {
		t.Fatalf("%s: %v", r.Body, err)
	}
	if doc.XMLName.Space != "http://docs.oasis-open.org/ns/xri/xrd-1.0" || doc.XMLName.Local != "XRD" || len(doc.Links) != 1 ||
		doc.Links[0].Rel != "lrdd" || doc.Links[0].Template != base+"/.well-known/webfinger?resource={uri}" {
		t.Fatalf("%s", r.Body)
	}
}

// NodeInfo's document is found from /.well-known/nodeinfo, passes the
// NodeInfo project's schema 2.1, and counts the members who are neither
// suspended nor deleted, those who wrote lately, and the posts.
func TestNodeInfoFollowsTheSchemaAndCounts(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana, _ := app.Member("ana"), app.Member("bia")
	gone := app.Member("caio")
	gone.NewPost(t, "antes de sair", "")
	ana.NewPost(t, "olá", "")
	ana.NewPost(t, "só para quem me segue", "friends_only")
	admin := app.Staff("chefe", "admin")
	admin.Do(http.MethodPost, "/api/v1/admin/profiles/"+gone.ID+"/suspend", map[string]string{"reason": "spam"}).Expect(t, http.StatusOK)

	var links struct {
		Links []struct{ Rel, Href string } `json:"links"`
	}
	get(app.Client(), "/.well-known/nodeinfo", "application/json").Expect(t, http.StatusOK).JSON(t, &links)
	if len(links.Links) != 1 || links.Links[0].Rel != "http://nodeinfo.diaspora.software/ns/schema/2.1" ||
		links.Links[0].Href != base+"/nodeinfo/2.1" {
		t.Fatalf("%+v", links)
	}
	r := get(app.Client(), local(t, links.Links[0].Href), "application/json").Expect(t, http.StatusOK)
	if ct := r.Header.Get("Content-Type"); ct != `application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.1#"` {
		t.Fatalf("Content-Type %q", ct)
	}

	schemaFile, err := os.Open("testdata/nodeinfo-2.1.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer schemaFile.Close()
	schemaDoc, err := jsonschema.UnmarshalJSON(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	compiler := jsonschema.NewCompiler()
	if err := compiler.AddResource("nodeinfo-2.1.json", schemaDoc); err != nil {
		t.Fatal(err)
	}
	schema, err := compiler.Compile("nodeinfo-2.1.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	r.JSON(t, &doc)
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("NodeInfo %s does not follow schema 2.1: %v", r.Body, err)
	}
	// The schema is strict enough to refuse a document it should.
	bad := map[string]any{}
	_ = json.Unmarshal(r.Body, &bad)
	bad["software"] = map[string]any{"name": "Social Network", "version": "1"}
	if schema.Validate(bad) == nil {
		t.Fatal("the schema took a software name with capitals and a space")
	}

	var info struct {
		Software          struct{ Name, Version string }
		Protocols         []string
		OpenRegistrations bool
		Usage             struct {
			Users struct {
				Total, ActiveMonth, ActiveHalfyear int
			}
			LocalPosts int
		}
	}
	r.JSON(t, &info)
	// ana, bia and the admin; caio is suspended. ana wrote this month.
	if info.Software.Name != "social" || info.Software.Version != config.Version || len(info.Protocols) != 1 ||
		info.Protocols[0] != "activitypub" || !info.OpenRegistrations || info.Usage.Users.Total != 3 ||
		info.Usage.Users.ActiveMonth != 1 || info.Usage.Users.ActiveHalfyear != 1 || info.Usage.LocalPosts != 3 {
		t.Fatalf("%s", r.Body)
	}
}
