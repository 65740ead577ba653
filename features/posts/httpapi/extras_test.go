package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"

	"social/adapters/postgres"
	"social/adapters/providers/linkpreview"
	"social/adapters/providers/safefetch"
	"social/config"
	"social/core/domain"
	"social/core/ports"
	posts "social/features/posts/app"
	at "social/tests/testkit/apptest"
)

func TestComposerLinkPreview(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")

	at.ExpectProblem(t, app.Client().Do(http.MethodPost, "/api/v1/link-preview", map[string]string{"url": "https://example.com"}),
		http.StatusUnauthorized, posts.CodeUnauthenticated, posts.MsgNoUserPreview)
	r := ana.Do(http.MethodPost, "/api/v1/link-preview", map[string]string{"url": "ftp://example.com/x"})
	r.Expect(t, http.StatusUnprocessableEntity)
	if pr := r.Problem(t); pr.Code != "link_preview_invalid_url" || pr.Detail == "" {
		t.Fatalf("problem = %+v", pr)
	}
	// The app's previewer refuses internal addresses with its pt-BR message.
	r = ana.Do(http.MethodPost, "/api/v1/link-preview", map[string]string{"url": "http://127.0.0.1:9/x"})
	r.Expect(t, http.StatusUnprocessableEntity)
	if pr := r.Problem(t); pr.Code != "link_preview_blocked" || pr.Detail == "" {
		t.Fatalf("problem = %+v", pr)
	}
	for range posts.PreviewLinkPerMember - 2 {
		ana.Do(http.MethodPost, "/api/v1/link-preview", map[string]string{"url": "http://127.0.0.1:9/x"}).
			Expect(t, http.StatusUnprocessableEntity)
	}
	r = ana.Do(http.MethodPost, "/api/v1/link-preview", map[string]string{"url": "http://127.0.0.1:9/x"})
	at.ExpectProblem(t, r, http.StatusTooManyRequests, posts.CodePreviewRateLimit, posts.MsgPreviewWait)
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	// Another member has their own count; a minute later ana may again.
	bia := app.Member("bia")
	bia.Do(http.MethodPost, "/api/v1/link-preview", map[string]string{"url": "http://127.0.0.1:9/x"}).Expect(t, http.StatusUnprocessableEntity)
	app.Clock.Advance(posts.PreviewLinkWindow + 1)
	ana.Do(http.MethodPost, "/api/v1/link-preview", map[string]string{"url": "http://127.0.0.1:9/x"}).Expect(t, http.StatusUnprocessableEntity)

	// The same use case on a previewer allowed to reach a test page.
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprint(w, `<html><head><meta property="og:title" content="Título"><meta property="og:site_name" content="Site">
<meta property="og:description" content="Descrição"><meta property="og:image" content="https://img.example.com/a.png"></head></html>`)
	}))
	t.Cleanup(page.Close)
	addr := strings.TrimPrefix(page.URL, "http://")
	uc := &posts.PreviewLink{Limiter: postgres.NewRateLimiter(app.DB, app.Clock),
		Previews: linkpreview.New(safefetch.New(safefetch.Options{AllowedTestAddrs: []string{addr}, AnyPort: true}), linkpreview.Options{})}
	lp, err := uc.Handle(context.Background(), domain.Viewer{UserID: domain.UserID(mustUUID(t, bia.ID))}, page.URL+"/p")
	if err != nil || lp.Title != "Título" || lp.SiteName != "Site" || lp.Description != "Descrição" || lp.Image != "https://img.example.com/a.png" {
		t.Fatalf("preview = %+v, %v", lp, err)
	}
}

// libre is a LibreTranslate server: POST /translate {q, source, target,
// format, api_key} -> {"translatedText"}; errors as {"error"}.
type libre struct {
	hits   atomic.Int32
	mu     sync.Mutex
	status int
}

func (l *libre) start(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.hits.Add(1)
		var in struct {
			Q, Source, Target, Format string
		}
		if r.Method != http.MethodPost || r.URL.Path != "/translate" || json.NewDecoder(r.Body).Decode(&in) != nil {
			t.Errorf("request %s %s", r.Method, r.URL.Path)
		}
		l.mu.Lock()
		status := l.status
		l.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch status {
		case http.StatusTooManyRequests:
			w.Header().Set("Retry-After", "30")
			w.WriteHeader(status)
			_, _ = fmt.Fprint(w, `{"error":"Slowdown: 30 per 1 minute"}`)
		case http.StatusPaymentRequired:
			w.WriteHeader(status)
			_, _ = fmt.Fprint(w, `{"error":"Payment required"}`)
		case http.StatusInternalServerError:
			w.WriteHeader(status)
			_, _ = fmt.Fprint(w, `{"error":"boom"}`)
		default:
			_ = json.NewEncoder(w).Encode(map[string]string{"translatedText": "[" + in.Target + "] " + in.Q})
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (l *libre) answer(status int) { l.mu.Lock(); l.status = status; l.mu.Unlock() }

type translation struct {
	TranslatedText string `json:"translated_text"`
	TargetLanguage string `json:"target_language"`
	Cached         bool   `json:"cached"`
}

func TestTranslation(t *testing.T) {
	t.Parallel()
	lt := &libre{}
	srv := lt.start(t)
	app := at.Start(t, func(c *config.Config) {
		c.Translate.Provider = config.TranslateLibreTranslate
		c.Translate.URL = srv.URL
	})
	ana, bia := app.Member("ana"), app.Member("bia")
	var caps struct {
		Available bool   `json:"available"`
		Provider  string `json:"provider"`
	}
	app.Client().Do(http.MethodGet, "/api/v1/translation/capabilities", nil).Expect(t, http.StatusOK).JSON(t, &caps)
	if !caps.Available || caps.Provider != "libretranslate" {
		t.Fatalf("capabilities = %+v", caps)
	}

	p := create(t, ana, text("Bom dia a todos"))
	path := "/api/v1/posts/" + p.ID + "/translation"
	var tr translation
	bia.Do(http.MethodPost, path, map[string]string{"target_language": "en-US"}).Expect(t, http.StatusOK).JSON(t, &tr)
	if tr.TranslatedText != "[en] Bom dia a todos" || tr.TargetLanguage != "en-us" || tr.Cached {
		t.Fatalf("first = %+v", tr)
	}
	bia.Do(http.MethodPost, path, map[string]string{"target_language": "en-US"}).Expect(t, http.StatusOK).JSON(t, &tr)
	if !tr.Cached || tr.TranslatedText != "[en] Bom dia a todos" || lt.hits.Load() != 1 {
		t.Fatalf("second = %+v, provider hits %d", tr, lt.hits.Load())
	}
	// An edit makes the cached translation stale.
	app.Clock.Advance(1e9)
	ana.Do(http.MethodPatch, "/api/v1/posts/"+p.ID, text("Boa noite")).Expect(t, http.StatusOK)
	bia.Do(http.MethodPost, path, map[string]string{"target_language": "en-US"}).Expect(t, http.StatusOK).JSON(t, &tr)
	if tr.Cached || tr.TranslatedText != "[en] Boa noite" || lt.hits.Load() != 2 {
		t.Fatalf("after edit = %+v, hits %d", tr, lt.hits.Load())
	}

	at.ExpectProblem(t, app.Client().Do(http.MethodPost, path, map[string]string{"target_language": "en"}),
		http.StatusUnauthorized, posts.CodeUnauthenticated, posts.MsgNoUserTranslate)
	at.ExpectProblem(t, bia.Do(http.MethodPost, path, map[string]string{"target_language": "e n!"}),
		http.StatusUnprocessableEntity, posts.CodeBadLanguage, posts.MsgBadLanguage)
	f := create(t, ana, map[string]string{"text_content": "segredo", "visibility": "friends_only"})
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/posts/"+f.ID+"/translation", map[string]string{"target_language": "en"}),
		http.StatusNotFound, posts.CodeNotFound, posts.MsgNotFound)
	ana.Do(http.MethodPost, "/api/v1/posts/"+f.ID+"/translation", map[string]string{"target_language": "en"}).Expect(t, http.StatusOK)

	// A post without text is refused before the provider is asked.
	blank := domain.NewPostID()
	if _, err := app.DB.NewRaw(`INSERT INTO posts (id, author_id, text_content, type, visibility, created_at, updated_at)
		VALUES (?, ?, NULL, 'image', 'public', now(), now())`, blank.String(), ana.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	before := lt.hits.Load()
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/posts/"+blank.String()+"/translation", map[string]string{"target_language": "en"}),
		http.StatusUnprocessableEntity, posts.CodeNoText, posts.MsgNoTextTranslate)
	if lt.hits.Load() != before {
		t.Fatal("provider asked for a post without text")
	}

	q := create(t, ana, text("Outro post"))
	qp := "/api/v1/posts/" + q.ID + "/translation"
	for _, c := range []struct {
		status, want int
		code, title  string
		detail       string
	}{
		{http.StatusTooManyRequests, http.StatusTooManyRequests, ports.CodeTranslationRateLimited, ports.TitleTranslationRateLimited, ports.MsgTranslationRateLimited},
		{http.StatusPaymentRequired, http.StatusServiceUnavailable, ports.CodeTranslationPaymentRequired, ports.TitleTranslationPaymentRequired, ports.MsgTranslationPaymentRequired},
		{http.StatusInternalServerError, http.StatusServiceUnavailable, ports.CodeTranslationFailed, ports.TitleTranslationFailed, ports.MsgTranslationFailed},
	} {
		lt.answer(c.status)
		r := bia.Do(http.MethodPost, qp, map[string]string{"target_language": "en"})
		at.ExpectProblem(t, r, c.want, c.code, c.detail)
		if pr := r.Problem(t); pr.Title != c.title {
			t.Fatalf("title = %q, want %q", pr.Title, c.title)
		}
	}
	var n int
	if err := app.DB.NewRaw("SELECT count(*) FROM post_translations WHERE post_id = ?", q.ID).Scan(context.Background(), &n); err != nil || n != 0 {
		t.Fatalf("failures cached: %d %v", n, err)
	}
}

func TestTranslationUnavailable(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	var caps struct {
		Available bool   `json:"available"`
		Provider  string `json:"provider"`
	}
	app.Client().Do(http.MethodGet, "/api/v1/translation/capabilities", nil).Expect(t, http.StatusOK).JSON(t, &caps)
	if caps.Available || caps.Provider != "none" {
		t.Fatalf("capabilities = %+v", caps)
	}
	p := create(t, ana, text("oi"))
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/posts/"+p.ID+"/translation", map[string]string{"target_language": "en"}),
		http.StatusServiceUnavailable, ports.CodeTranslationUnavailable, ports.MsgTranslationUnavailable)
}

type demoData struct {
	Skipped bool   `json:"skipped"`
	Message string `json:"message"`
	Posts   []struct {
		ID          string `json:"id"`
		TextContent string `json:"text_content"`
	} `json:"posts"`
}

func TestDemoData(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	at.ExpectProblem(t, app.Client().Do(http.MethodPost, "/api/v1/demo-data", nil), http.StatusUnauthorized,
		posts.CodeUnauthenticated, "Você precisa estar logado para gerar dados de demonstração.")

	// Concurrent requests seed once.
	var wg sync.WaitGroup
	results := make([]demoData, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ana.Do(http.MethodPost, "/api/v1/demo-data", nil).Expect(t, http.StatusOK).JSON(t, &results[i])
		}()
	}
	wg.Wait()
	created := 0
	for _, d := range results {
		if !d.Skipped {
			created++
			if len(d.Posts) != 3 || d.Message != posts.MsgDemoDone {
				t.Fatalf("seeded = %+v", d)
			}
		} else if len(d.Posts) != 0 {
			t.Fatalf("skipped with posts: %+v", d)
		}
	}
	if created != 1 || postCount(t, app, "ana") != 3 {
		t.Fatalf("created %d times, post_count %d", created, postCount(t, app, "ana"))
	}
	feed := readFeed(t, bia, "chronological", 50)
	if len(feed) != 3 || feed[0].Author.Handle != "ana" || usage(t, app, "bomdia") != 1 || usage(t, app, "leitura") != 1 {
		t.Fatalf("feed = %+v", feed)
	}
	// A member with a post of their own gets nothing.
	create(t, bia, text("meu primeiro post"))
	var d demoData
	bia.Do(http.MethodPost, "/api/v1/demo-data", nil).Expect(t, http.StatusOK).JSON(t, &d)
	if !d.Skipped || len(d.Posts) != 0 || postCount(t, app, "bia") != 1 {
		t.Fatalf("bia = %+v", d)
	}
}

func mustUUID(t *testing.T, s string) uuid.UUID {
	t.Helper()
	id, err := uuid.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
