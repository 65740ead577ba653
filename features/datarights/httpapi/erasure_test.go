package httpapi_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"social/config"
	searchstore "social/features/search/pgstore"
	"social/kit/plugin"
	at "social/tests/testkit/apptest"
)

type searchItem struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	Title       string `json:"title"`
	MemberCount *int   `json:"member_count"`
}

func searchFor(t *testing.T, m *at.Member, q string) []searchItem {
	t.Helper()
	var r struct {
		Items []searchItem `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/search?q="+url.QueryEscape(q), nil).Expect(t, http.StatusOK).JSON(t, &r)
	return r.Items
}

// searchSettles polls the search until ok holds (the indexer takes the
// queue every 100 ms).
func searchSettles(t *testing.T, m *at.Member, q string, ok func([]searchItem) bool, what string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		items := searchFor(t, m, q)
		if ok(items) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: search %q still answers %+v", what, q, items)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func found(id string) func([]searchItem) bool {
	return func(items []searchItem) bool {
		for _, it := range items {
			if it.ID == id {
				return true
			}
		}
		return false
	}
}

func none(items []searchItem) bool { return len(items) == 0 }

// A deleted member's content leaves every read the moment the deletion is
// confirmed, before the erasing job has run: the profile (and its lists),
// posts (feeds, post page, search), comments, stories, the community only they were
// in (page and search); a community they owned with others passes on. Once
// the job has run, nothing of theirs is found by any kind of search
// document (users, posts, communities), the counts of the communities
// they left are right in search too, every kind's index holds what a
// rebuild would (the contract of ports.MemberData.EraseMember, for the
// core's kinds and the plugins' alike), and the posts they shared have
// their shares taken off. Both search adapters.
func TestDeletedMemberLeavesNothingFindable(t *testing.T) {
	t.Parallel()
	for _, driver := range []string{"bleve", "postgres"} {
		t.Run(driver, func(t *testing.T) {
			t.Parallel()
			var sources []plugin.SearchSource
			app := at.StartWith(t, func(c *config.Config) { c.Search.Driver = driver }, fx.Invoke(func(p struct {
				fx.In
				Sources []plugin.SearchSource `group:"search_sources"`
			}) {
				sources = p.Sources
			}))
			ana, bia := app.Member("ana_apaga_"+driver), app.Member("bia_fica_"+driver)
			ctx := context.Background()

			anaPost := ana.NewPost(t, "zimbrolho anaapagada publica", "")
			biaPost := bia.NewPost(t, "post da bia para compartilhar", "")
			ana.Do(http.MethodPut, "/api/v1/posts/"+biaPost+"/like", nil).Expect(t, http.StatusOK)
			var comment idOnly
			ana.Do(http.MethodPost, "/api/v1/posts/"+biaPost+"/comments", map[string]string{"text_content": "comentario anaapagada"}).
				Expect(t, http.StatusCreated).JSON(t, &comment)
			for range 2 {
				ana.Do(http.MethodPost, "/api/v1/posts/"+biaPost+"/share", nil).Expect(t, http.StatusOK)
			}
			bia.Do(http.MethodPost, "/api/v1/posts/"+biaPost+"/share", nil).Expect(t, http.StatusOK)
			var story idOnly
			ana.Do(http.MethodPost, "/api/v1/stories", map[string]string{"text": "story anaapagada"}).
				Expect(t, http.StatusCreated).JSON(t, &story)
			var alone, shared, biaClub idOnly
			ana.Do(http.MethodPost, "/api/v1/communities", map[string]string{"name": "Anaapagada Solitaria", "privacy": "open"}).
				Expect(t, http.StatusCreated).JSON(t, &alone)
			ana.Do(http.MethodPost, "/api/v1/communities", map[string]string{"name": "Anaapagada Turma", "privacy": "open"}).
				Expect(t, http.StatusCreated).JSON(t, &shared)
			bia.Do(http.MethodPost, "/api/v1/communities/"+shared.ID+"/join", nil).Expect(t, http.StatusOK)
			bia.Do(http.MethodPost, "/api/v1/communities", map[string]string{"name": "Clube Vizinho " + driver, "privacy": "open"}).
				Expect(t, http.StatusCreated).JSON(t, &biaClub)
			ana.Do(http.MethodPost, "/api/v1/communities/"+biaClub.ID+"/join", nil).Expect(t, http.StatusOK)

			searchSettles(t, bia, "zimbrolho", found(anaPost), "her post before")
			searchSettles(t, bia, "Solitaria", found(alone.ID), "her community before")
			searchSettles(t, bia, "Clube Vizinho", func(items []searchItem) bool {
				return found(biaClub.ID)(items) && items[0].MemberCount != nil && *items[0].MemberCount == 2
			}, "bia's community with her")
			if c := getCounts(t, bia, "/api/v1/posts/"+biaPost); c.LikeCount != 1 || c.CommentCount != 1 {
				t.Fatalf("bia's post before: %+v", c)
			}

			// The erasing job's first batch (her likes) waits on this lock
			// until the reads before it are checked.
			hold, err := app.DB.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = hold.Rollback() }()
			if _, err := hold.NewRaw(`SELECT 1 FROM likes WHERE user_id = ? FOR UPDATE`, ana.ID).Exec(ctx); err != nil {
				t.Fatal(err)
			}

			ana.Do(http.MethodPost, deletePath, map[string]string{"password": at.Password}).Expect(t, http.StatusNoContent)

			// At once, before the erasure: nothing of hers is shown.
			var erased int
			sql(t, app, &erased, `SELECT count(*) FROM posts WHERE author_id = ?`, ana.ID)
			if erased != 1 {
				t.Fatalf("the erasure ran already: %d posts of hers", erased)
			}
			bia.Do(http.MethodGet, "/api/v1/posts/"+anaPost, nil).Expect(t, http.StatusNotFound)
			for _, feed := range []string{"/api/v1/feed?algorithm=chronological", "/api/v1/feed?algorithm=ranked"} {
				if slices.Contains(bia.ListIDs(t, feed), anaPost) {
					t.Errorf("%s still shows her post", feed)
				}
			}
			var comments struct {
				Items []struct {
					ID string `json:"id"`
				} `json:"items"`
			}
			bia.Do(http.MethodGet, "/api/v1/posts/"+biaPost+"/comments", nil).Expect(t, http.StatusOK).JSON(t, &comments)
			for _, c := range comments.Items {
				if c.ID == comment.ID {
					t.Error("her comment is still listed")
				}
			}
			bia.Do(http.MethodGet, "/api/v1/stories/"+story.ID, nil).Expect(t, http.StatusNotFound)
			var tombstone string
			sql(t, app, &tombstone, `SELECT handle FROM profiles WHERE id = ?`, ana.ID)
			for _, path := range []string{"/api/v1/profiles/" + tombstone, "/api/v1/profiles/" + tombstone + "/posts",
				"/api/v1/profiles/" + tombstone + "/followers"} {
				bia.Do(http.MethodGet, path, nil).Expect(t, http.StatusNotFound)
			}
			bia.Do(http.MethodGet, "/api/v1/communities/"+alone.ID, nil).Expect(t, http.StatusNotFound)
			var turma struct {
				OwnerID string `json:"owner_id"`
			}
			bia.Do(http.MethodGet, "/api/v1/communities/"+shared.ID, nil).Expect(t, http.StatusOK).JSON(t, &turma)
			searchSettles(t, bia, "zimbrolho", none, "her post right after")
			searchSettles(t, bia, "Solitaria", none, "her community right after")
			searchSettles(t, bia, "ana_apaga_"+driver, none, "her profile right after")

			// The erasure runs.
			if err := hold.Rollback(); err != nil {
				t.Fatal(err)
			}
			waitFor(t, func() bool {
				var left int
				sql(t, app, &left, `SELECT count(*) FROM river_job WHERE kind = 'datarights.erase_member' AND state <> 'completed'`)
				return left == 0
			}, "the erasing job")

			// Nothing of hers is found, by any kind of document.
			for _, q := range []string{"anaapagada", "zimbrolho", "Solitaria", "ana_apaga_" + driver} {
				searchSettles(t, bia, q, func(items []searchItem) bool {
					for _, it := range items {
						if it.ID != shared.ID {
							return false
						}
					}
					return true
				}, "after the erasure")
			}
			if driver == "postgres" {
				// Every kind's index holds what a rebuild from the database
				// would: nothing erased is left behind, whoever owns the kind.
				waitFor(t, func() bool {
					var queued int
					sql(t, app, &queued, `SELECT count(*) FROM search_queue`)
					return queued == 0
				}, "the search queue")
				src := searchstore.NewSearchSource(app.DB, sources...)
				for _, kind := range src.Kinds() {
					want, err := src.CountSearchDocs(ctx, kind)
					if err != nil {
						t.Fatal(err)
					}
					var got int
					sql(t, app, &got, `SELECT count(*) FROM search_documents WHERE kind = ?`, string(kind))
					if got != want {
						t.Errorf("search holds %d documents of kind %s, the database %d", got, kind, want)
					}
				}
				var docs int
				sql(t, app, &docs, `SELECT count(*) FROM search_documents WHERE doc::text ILIKE '%anaapagada solitaria%'
					OR doc::text ILIKE '%zimbrolho%' OR id = ?`, ana.ID)
				if docs != 0 {
					t.Errorf("%d search documents of hers are left", docs)
				}
			}
			// The communities she left count without her, in search too.
			searchSettles(t, bia, "Clube Vizinho", func(items []searchItem) bool {
				return found(biaClub.ID)(items) && items[0].MemberCount != nil && *items[0].MemberCount == 1
			}, "bia's community without her")
			searchSettles(t, bia, "Anaapagada Turma", func(items []searchItem) bool {
				return found(shared.ID)(items) && items[0].MemberCount != nil && *items[0].MemberCount == 1
			}, "the community she handed over")
			if !strings.EqualFold(turma.OwnerID, bia.ID) {
				t.Errorf("the shared community's owner: %q, want %q", turma.OwnerID, bia.ID)
			}
			// Her shares are taken off the post she shared.
			var shares int
			sql(t, app, &shares, `SELECT share_count FROM posts WHERE id = ?`, biaPost)
			if shares != 1 {
				t.Errorf("share_count %d after the erasure, want 1 (bia's own)", shares)
			}
			if c := getCounts(t, bia, "/api/v1/posts/"+biaPost); c.LikeCount != 0 || c.CommentCount != 0 {
				t.Errorf("bia's post after: %+v", c)
			}
		})
	}
}
