// Package searchtest is the contract every ports.SearchIndex adapter
// passes: one suite, run by each adapter's tests against the real adapter.
package searchtest

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"social/core/ports"
)

// Run checks newIndex's indexes against the SearchIndex contract. Each
// subtest gets its own empty index from newIndex.
func Run(t *testing.T, newIndex func(t *testing.T) ports.SearchIndex) {
	tests := []struct {
		name string
		run  func(t *testing.T, x ports.SearchIndex)
	}{
		{"AccentFoldingBothWays", testAccentFolding},
		{"CaseInsensitive", testCaseInsensitive},
		{"HandleAndNamePrefix", testPrefix},
		{"PortugueseStemming", testStemming},
		{"FivePerKind", testLimitPerKind},
		{"KindsAreSeparate", testKindsSeparate},
		{"OnlyTheKindsAskedFor", testOnlyKindsAsked},
		{"ContributedKindRoundTrip", testContributedKind},
		{"FriendsOnlyPostsNeverReturned", testFriendsOnly},
		{"DeleteRemoves", testDelete},
		{"UpsertReplaces", testUpsertReplaces},
		{"BlankQueryFindsNothing", testBlank},
		{"SyntaxCharactersArePlainText", testSyntax},
		{"Reset", testReset},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.run(t, newIndex(t))
		})
	}
}

func user(id, handle, name string) ports.SearchDoc {
	return ports.SearchDoc{Kind: ports.SearchUser, ID: id, Handle: handle, DisplayName: name}
}

func post(id, text string) ports.SearchDoc {
	return ports.SearchDoc{Kind: ports.SearchPost, ID: id, Text: text, Public: true,
		AuthorHandle: "autora", AuthorDisplayName: "Autora"}
}

// groupKind stands for a kind a plugin contributes: a named thing with a
// description and a member count.
const groupKind ports.SearchKind = "group"

// kinds are the kinds every search asks for.
var kinds = ports.SearchKindsWith(groupKind)

func group(id, name, description string, members int) ports.SearchDoc {
	return ports.SearchDoc{Kind: groupKind, ID: id, Name: name, Description: description, MemberCount: members}
}

func upsert(t *testing.T, x ports.SearchIndex, docs ...ports.SearchDoc) {
	t.Helper()
	if err := x.Upsert(context.Background(), docs...); err != nil {
		t.Fatalf("upsert: %v", err)
	}
}

func search(t *testing.T, x ports.SearchIndex, q string) ports.SearchResults {
	t.Helper()
	res, err := x.Search(context.Background(), q, kinds, 5)
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	return res
}

func ids(docs []ports.SearchDoc) []string {
	out := []string{}
	for _, d := range docs {
		out = append(out, d.ID)
	}
	slices.Sort(out)
	return out
}

// expect checks the IDs found of kind for q, in any order.
func expect(t *testing.T, x ports.SearchIndex, q string, kind ports.SearchKind, want ...string) {
	t.Helper()
	got := ids(search(t, x, q)[kind])
	w := append([]string{}, want...)
	slices.Sort(w)
	if !slices.Equal(got, w) {
		t.Errorf("search %q, %s: got %v, want %v", q, kind, got, w)
	}
}

func testAccentFolding(t *testing.T, x ports.SearchIndex) {
	upsert(t, x,
		user("u1", "joao_silva", "João Silva"),
		user("u2", "maria", "Maria Conceição"),
		post("p1", "Ouvindo Música brasileira hoje"),
		post("p2", "Uma musica sem acento"),
		post("p3", "Nada a ver com isso"),
	)
	expect(t, x, "joao", ports.SearchUser, "u1")
	expect(t, x, "João", ports.SearchUser, "u1")
	expect(t, x, "conceicao", ports.SearchUser, "u2")
	expect(t, x, "musica", ports.SearchPost, "p1", "p2")
	expect(t, x, "música", ports.SearchPost, "p1", "p2")
	expect(t, x, "MÚSICA BRASILEIRA", ports.SearchPost, "p1")
}

func testCaseInsensitive(t *testing.T, x ports.SearchIndex) {
	upsert(t, x, user("u1", "ana_silva", "Ana Silva"), post("p1", "Festa JUNINA no sábado"))
	expect(t, x, "ANA", ports.SearchUser, "u1")
	expect(t, x, "Ana_Silva", ports.SearchUser, "u1")
	expect(t, x, "junina", ports.SearchPost, "p1")
}

func testPrefix(t *testing.T, x ports.SearchIndex) {
	upsert(t, x,
		user("u1", "ana_silva", "Ana Silva"),
		user("u2", "ana_souza", "Ana Souza"),
		user("u3", "bruno", "Bruno Álvares"),
	)
	expect(t, x, "ana_s", ports.SearchUser, "u1", "u2")
	expect(t, x, "ana_si", ports.SearchUser, "u1")
	expect(t, x, "ana_silva", ports.SearchUser, "u1")
	expect(t, x, "alv", ports.SearchUser, "u3")
	expect(t, x, "ana sou", ports.SearchUser, "u2")
	expect(t, x, "ana_silvana", ports.SearchUser)
	// The stored document comes back whole.
	got := search(t, x, "bru")[ports.SearchUser]
	if len(got) != 1 || got[0] != user("u3", "bruno", "Bruno Álvares") {
		t.Errorf("hit = %+v", got)
	}
}

func testStemming(t *testing.T, x ports.SearchIndex) {
	upsert(t, x,
		group("c1", "Comunidade Tech", "Quem gosta de tecnologia", 3),
		post("p1", "Amo minha comunidade"),
		post("p2", "As comunidades daqui são ótimas"),
		post("p3", "Nada a ver"),
	)
	expect(t, x, "comunidades", groupKind, "c1")
	expect(t, x, "comunidades", ports.SearchPost, "p1", "p2")
	expect(t, x, "comunidade", ports.SearchPost, "p1", "p2")
	expect(t, x, "tecnologia", groupKind, "c1")
}

func testLimitPerKind(t *testing.T, x ports.SearchIndex) {
	var docs []ports.SearchDoc
	for i := range 8 {
		docs = append(docs,
			user(fmt.Sprintf("u%d", i), fmt.Sprintf("samba_%d", i), "Samba"),
			post(fmt.Sprintf("p%d", i), "Roda de samba"),
			group(fmt.Sprintf("c%d", i), "Samba", "", i))
	}
	upsert(t, x, docs...)
	res := search(t, x, "samba")
	for _, k := range []ports.SearchKind{ports.SearchUser, ports.SearchPost, groupKind} {
		if len(res[k]) != 5 {
			t.Errorf("%s: %d results, want 5", k, len(res[k]))
		}
	}
	res, err := x.Search(context.Background(), "samba", kinds, 2)
	if err != nil || len(res[ports.SearchUser]) != 2 {
		t.Errorf("limit 2: %v %v", res, err)
	}
}

func testKindsSeparate(t *testing.T, x ports.SearchIndex) {
	// Same ID in two kinds: two documents.
	upsert(t, x, user("same", "forro", "Forró"), post("same", "Forró pé de serra"))
	res := search(t, x, "forro")
	if len(res[ports.SearchUser]) != 1 || len(res[ports.SearchPost]) != 1 || len(res[groupKind]) != 0 {
		t.Fatalf("results = %+v", res)
	}
	if err := x.Delete(context.Background(), ports.SearchUser, "same"); err != nil {
		t.Fatal(err)
	}
	expect(t, x, "forro", ports.SearchUser)
	expect(t, x, "forro", ports.SearchPost, "same")
	// A post's author is not what post search matches.
	expect(t, x, "autora", ports.SearchPost)
}

func testOnlyKindsAsked(t *testing.T, x ports.SearchIndex) {
	upsert(t, x, user("u1", "forro", "Forró"), post("p1", "Forró pé de serra"), group("g1", "Forró", "", 1))
	res, err := x.Search(context.Background(), "forro", []ports.SearchKind{ports.SearchPost, groupKind}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(res[ports.SearchUser]) != 0 || len(res[ports.SearchPost]) != 1 || len(res[groupKind]) != 1 {
		t.Fatalf("results = %+v", res)
	}
}

func testContributedKind(t *testing.T, x ports.SearchIndex) {
	c := group("c1", "Café & Código", "Programadores que amam café", 42)
	upsert(t, x, c, group("c2", "Jardinagem", "Plantas", 0))
	got := search(t, x, "cafe")[groupKind]
	if len(got) != 1 || got[0] != c {
		t.Fatalf("hit = %+v", got)
	}
	expect(t, x, "programadores", groupKind, "c1")
	expect(t, x, "jard", groupKind, "c2")
}

func testFriendsOnly(t *testing.T, x ports.SearchIndex) {
	private := post("p1", "Segredo entre amigos")
	private.Public = false
	upsert(t, x, private, post("p2", "Segredo público"))
	expect(t, x, "segredo", ports.SearchPost, "p2")
	// A public post made friends_only disappears.
	p2 := post("p2", "Segredo público")
	p2.Public = false
	upsert(t, x, p2)
	expect(t, x, "segredo", ports.SearchPost)
}

func testDelete(t *testing.T, x ports.SearchIndex) {
	upsert(t, x, user("u1", "carla", "Carla"), post("p1", "Carnaval"), post("p2", "Carnaval de rua"),
		group("c1", "Carnaval", "", 1))
	ctx := context.Background()
	if err := x.Delete(ctx, ports.SearchPost, "p1", "missing"); err != nil {
		t.Fatal(err)
	}
	if err := x.Delete(ctx, groupKind, "c1"); err != nil {
		t.Fatal(err)
	}
	if err := x.Delete(ctx, ports.SearchUser); err != nil {
		t.Fatal(err)
	}
	expect(t, x, "carnaval", ports.SearchPost, "p2")
	expect(t, x, "carnaval", groupKind)
	expect(t, x, "carla", ports.SearchUser, "u1")
}

func testUpsertReplaces(t *testing.T, x ports.SearchIndex) {
	upsert(t, x, post("p1", "Praia em Copacabana"), user("u1", "pedro", "Pedro"))
	upsert(t, x, post("p1", "Montanha em Minas"), user("u1", "pedro", "Paulo Henrique"))
	expect(t, x, "copacabana", ports.SearchPost)
	expect(t, x, "minas", ports.SearchPost, "p1")
	expect(t, x, "pedro", ports.SearchUser, "u1") // the handle still matches
	expect(t, x, "paulo", ports.SearchUser, "u1")
	got := search(t, x, "montanha")[ports.SearchPost]
	if len(got) != 1 || got[0].Text != "Montanha em Minas" {
		t.Fatalf("hit = %+v", got)
	}
	// Upserting the same document again changes nothing.
	upsert(t, x, post("p1", "Montanha em Minas"))
	expect(t, x, "montanha", ports.SearchPost, "p1")
}

func testBlank(t *testing.T, x ports.SearchIndex) {
	upsert(t, x, user("u1", "ana", "Ana"), post("p1", "Olá"), group("c1", "Tudo", "", 1))
	for _, q := range []string{"", " ", "\t\n  "} {
		res := search(t, x, q)
		for k, docs := range res {
			if len(docs) > 0 {
				t.Errorf("query %q found %s %v", q, k, ids(docs))
			}
		}
	}
}

func testSyntax(t *testing.T, x ports.SearchIndex) {
	upsert(t, x, user("u1", "foo_bar", "Foo"), post("p1", "foo bar"), group("c1", "Foo", "", 1))
	for _, q := range []string{`"foo:`, `*)(&|!`, `foo AND bar`, `foo:bar`, `+foo -bar ~1 ^2`, `\`, `'`,
		`''`, `<->`, `foo & !bar | (baz`, `%`, `[a-z]*`, `{}`, `/regex/`, `a:b:c`, `@foo`, `#foo`, `¿?`} {
		if _, err := x.Search(context.Background(), q, kinds, 5); err != nil {
			t.Errorf("query %q: %v", q, err)
		}
	}
	// Punctuation around words is no obstacle.
	expect(t, x, `"foo:`, ports.SearchPost, "p1")
	expect(t, x, `@foo`, ports.SearchUser, "u1")
	expect(t, x, `%`, ports.SearchUser)
}

func testReset(t *testing.T, x ports.SearchIndex) {
	upsert(t, x, user("u1", "ana", "Ana"), post("p1", "Ana viajou"))
	if err := x.Reset(context.Background()); err != nil {
		t.Fatal(err)
	}
	expect(t, x, "ana", ports.SearchUser)
	expect(t, x, "ana", ports.SearchPost)
	upsert(t, x, user("u2", "ana_b", "Ana B"))
	expect(t, x, "ana", ports.SearchUser, "u2")
}
