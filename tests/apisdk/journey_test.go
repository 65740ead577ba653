package apisdk_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/tests/apisdk"
	"social/tests/testkit/apptest"
)

// TestGeneratedClientJourney drives the running server with the client
// oapi-codegen generated from the document, as an integrator would: sign
// up, confirm through the outbox, post with an image (retried with its
// Idempotency-Key), follow, like, comment, read notifications, search,
// page through a feed, an admin call with a staff token, and the stable
// codes of a few refusals. Every answer is also checked against the
// document by the test rig.
func TestGeneratedClientJourney(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ctx := context.Background()
	anon := client(t, app.URL, "", "203.0.113.10")

	ana := signUpAndIn(t, ctx, app, anon, "ana_sdk")
	bia := signUpAndIn(t, ctx, app, client(t, app.URL, "", "203.0.113.11"), "bia_sdk")
	asAna := client(t, app.URL, ana.AccessToken, "203.0.113.12")
	asBia := client(t, app.URL, bia.AccessToken, "203.0.113.13")

	// A post with an image, sent twice with one Idempotency-Key: one post.
	form, contentType := imageForm(t, "Pôr do sol #praia")
	key := "journey-photo-1"
	first, err := asAna.CreateMediaPostWithBodyWithResponse(ctx, &apisdk.CreateMediaPostParams{IdempotencyKey: &key},
		contentType, bytes.NewReader(form))
	must(t, err, first.StatusCode(), http.StatusCreated, first.Body)
	retry, err := asAna.CreateMediaPostWithBodyWithResponse(ctx, &apisdk.CreateMediaPostParams{IdempotencyKey: &key},
		contentType, bytes.NewReader(form))
	must(t, err, retry.StatusCode(), http.StatusCreated, retry.Body)
	if retry.JSON201.Id != first.JSON201.Id || retry.HTTPResponse.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry made %s (replayed %q), want the first post %s again",
			retry.JSON201.Id, retry.HTTPResponse.Header.Get("Idempotent-Replayed"), first.JSON201.Id)
	}
	if first.JSON201.MediaUrl == nil || *first.JSON201.MediaUrl == "" {
		t.Fatalf("the image post has no media link: %s", first.Body)
	}
	other, _ := imageForm(t, "Outro texto")
	reused, err := asAna.CreateMediaPostWithBodyWithResponse(ctx, &apisdk.CreateMediaPostParams{IdempotencyKey: &key},
		contentType, bytes.NewReader(other))
	mustProblem(t, err, reused.StatusCode(), reused.ApplicationproblemJSON422, http.StatusUnprocessableEntity, "idempotency_key_reused")
	postID := first.JSON201.Id.String()

	// Bia follows ana, likes and comments on the post.
	follow, err := asBia.FollowProfileWithResponse(ctx, "ana_sdk")
	must(t, err, follow.StatusCode(), http.StatusOK, follow.Body)
	if !follow.JSON200.Following {
		t.Fatalf("follow answered %s", follow.Body)
	}
	like, err := asBia.LikePostWithResponse(ctx, postID)
	must(t, err, like.StatusCode(), http.StatusOK, like.Body)
	if like.JSON200.LikeCount != 1 {
		t.Fatalf("like count %d, want 1", like.JSON200.LikeCount)
	}
	comment, err := asBia.CreateCommentWithResponse(ctx, postID, &apisdk.CreateCommentParams{},
		apisdk.NewCommentForm{TextContent: "Que foto linda!"})
	must(t, err, comment.StatusCode(), http.StatusCreated, comment.Body)
	if got := comment.HTTPResponse.Header.Get("RateLimit-Policy"); !strings.Contains(got, "comment_create_member") {
		t.Errorf("comment answered RateLimit-Policy %q, want the comment limit", got)
	}

	// Ana reads her notifications: the follow, the like and the comment.
	notes, err := asAna.ListNotificationsWithResponse(ctx)
	must(t, err, notes.StatusCode(), http.StatusOK, notes.Body)
	var kinds []string
	for _, n := range *notes.JSON200.Items {
		kinds = append(kinds, string(n.Type))
	}
	slices.Sort(kinds)
	if want := []string{"comment", "follow", "like"}; !slices.Equal(kinds, want) {
		t.Fatalf("notifications %v, want %v", kinds, want)
	}

	// Search finds the post once the index job ran.
	q := "praia"
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		found, err := asBia.SearchWithResponse(ctx, &apisdk.SearchParams{Q: &q})
		must(t, err, found.StatusCode(), http.StatusOK, found.Body)
		if slices.ContainsFunc(*found.JSON200.Items, func(it apisdk.SearchResultItem) bool { return it.Id == postID }) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("search %q never found post %s: %s", q, postID, found.Body)
		}
	}

	// Paging through ana's posts, two at a time, cursor in, next cursor out.
	for i := range 4 {
		p, err := asAna.CreatePostWithResponse(ctx, &apisdk.CreatePostParams{},
			apisdk.NewPostForm{TextContent: fmt.Sprintf("Texto %d", i)})
		must(t, err, p.StatusCode(), http.StatusCreated, p.Body)
	}
	seen := map[string]bool{}
	pages := 0
	limit := int64(2)
	var cursor *string
	for {
		page, err := asBia.ListFeedWithResponse(ctx, &apisdk.ListFeedParams{Limit: &limit, Cursor: cursor})
		must(t, err, page.StatusCode(), http.StatusOK, page.Body)
		pages++
		for _, p := range *page.JSON200.Items {
			if seen[p.Id.String()] {
				t.Fatalf("post %s on two pages", p.Id)
			}
			seen[p.Id.String()] = true
		}
		if page.JSON200.NextCursor == nil || pages > 10 {
			break
		}
		cursor = page.JSON200.NextCursor
	}
	if len(seen) != 5 || pages < 3 {
		t.Fatalf("paging saw %d posts in %d pages, want 5 in at least 3", len(seen), pages)
	}

	// An admin call: a staff token lists profiles; a member's is refused.
	admin := app.Staff("admin_sdk", domain.RoleAdmin)
	asAdmin := client(t, app.URL, admin.Token, "203.0.113.14")
	profiles, err := asAdmin.AdminListProfilesWithResponse(ctx, &apisdk.AdminListProfilesParams{})
	must(t, err, profiles.StatusCode(), http.StatusOK, profiles.Body)
	if len(*profiles.JSON200) < 3 {
		t.Fatalf("admin saw %d profiles, want at least 3", len(*profiles.JSON200))
	}
	closed, err := asBia.AdminListProfilesWithResponse(ctx, &apisdk.AdminListProfilesParams{})
	mustProblem(t, err, closed.StatusCode(), closed.ApplicationproblemJSON403, http.StatusForbidden, "admin_access_closed")

	// Refusals a client switches on.
	wrong, err := anon.SignInWithResponse(ctx, nil, apisdk.SignInJSONRequestBody{Email: "ana_sdk@example.com", Password: "errada123"})
	mustProblem(t, err, wrong.StatusCode(), wrong.ApplicationproblemJSON401, http.StatusUnauthorized, "invalid_credentials")
	if wrong.HTTPResponse.Header.Get("RateLimit") == "" {
		t.Error("a refused sign-in carries no RateLimit header")
	}
	empty, err := asAna.CreatePostWithResponse(ctx, &apisdk.CreatePostParams{}, apisdk.NewPostForm{TextContent: "   "})
	mustProblem(t, err, empty.StatusCode(), empty.ApplicationproblemJSON422, http.StatusUnprocessableEntity, "post_empty")
	gone, err := asBia.LikePostWithResponse(ctx, "01a2158c-0000-7000-8000-000000000000")
	mustProblem(t, err, gone.StatusCode(), gone.ApplicationproblemJSON404, http.StatusNotFound, "post_not_found")
	nobody, err := anon.CreatePostWithResponse(ctx, &apisdk.CreatePostParams{}, apisdk.NewPostForm{TextContent: "Oi"})
	mustProblem(t, err, nobody.StatusCode(), nobody.ApplicationproblemJSON401, http.StatusUnauthorized, "unauthenticated")
}

// client is a generated client at its own address (the rig trusts the
// loopback proxy), with a bearer token when token is set; it does not
// follow redirects, so the confirmation link's 303 is seen.
func client(t *testing.T, base, token, ip string) *apisdk.ClientWithResponses {
	t.Helper()
	httpClient := &http.Client{Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	c, err := apisdk.NewClientWithResponses(base, apisdk.WithHTTPClient(httpClient),
		apisdk.WithRequestEditorFn(func(_ context.Context, r *http.Request) error {
			r.Header.Set("X-Forwarded-For", ip)
			if token != "" {
				r.Header.Set("Authorization", "Bearer "+token)
			}
			return nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var tokenInLink = regexp.MustCompile(`[?&]token=([A-Za-z0-9_\-%]+)`)

// signUpAndIn signs a member up, confirms the address with the link read
// from the outbox (the admin mail resource, open to this machine in
// development) and signs in.
func signUpAndIn(t *testing.T, ctx context.Context, app *apptest.App, c *apisdk.ClientWithResponses, handle string) apisdk.Session {
	t.Helper()
	email := handle + "@example.com"
	up, err := c.SignUpWithResponse(ctx, apisdk.SignUpJSONRequestBody{Email: email, Handle: handle,
		DisplayName: "Membro " + handle, Password: apptest.Password, PasswordConfirmation: apptest.Password})
	must(t, err, up.StatusCode(), http.StatusCreated, up.Body)

	filter, _ := json.Marshal(map[string]string{"to": email})
	f := string(filter)
	var token string
	for deadline := time.Now().Add(10 * time.Second); token == ""; time.Sleep(20 * time.Millisecond) {
		mails, err := c.AdminListMailWithResponse(ctx, &apisdk.AdminListMailParams{Filter: &f})
		must(t, err, mails.StatusCode(), http.StatusOK, mails.Body)
		for _, m := range *mails.JSON200 {
			if match := tokenInLink.FindStringSubmatch(m.BodyText); match != nil {
				token, _ = url.QueryUnescape(match[1])
			}
		}
		if token == "" && time.Now().After(deadline) {
			t.Fatalf("no confirmation mail to %s", email)
		}
	}
	confirmed, err := c.ConfirmEmailWithResponse(ctx, &apisdk.ConfirmEmailParams{Token: &token})
	must(t, err, confirmed.StatusCode(), http.StatusSeeOther, confirmed.Body)
	if loc := confirmed.HTTPResponse.Header.Get("Location"); !strings.Contains(loc, "sessao=1") {
		t.Fatalf("confirmation redirected to %q", loc)
	}

	in, err := c.SignInWithResponse(ctx, nil, apisdk.SignInJSONRequestBody{Email: email, Password: apptest.Password})
	must(t, err, in.StatusCode(), http.StatusOK, in.Body)
	if !strings.Contains(in.HTTPResponse.Header.Get("RateLimit-Policy"), "sign_in") {
		t.Errorf("sign-in answered RateLimit-Policy %q, want its limits", in.HTTPResponse.Header.Get("RateLimit-Policy"))
	}
	return *in.JSON200
}

// imageForm is a multipart form with a small PNG and a text.
func imageForm(t *testing.T, text string) ([]byte, string) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range 8 {
		img.Set(i, i, color.RGBA{R: 200, G: 80, B: 20, A: 255})
	}
	var pic bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("text_content", text)
	part, err := w.CreateFormFile("file", "foto.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(part, &pic)
	_ = w.Close()
	return body.Bytes(), w.FormDataContentType()
}

func must(t *testing.T, err error, status, want int, body []byte) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if status != want {
		t.Fatalf("status %d, want %d: %s", status, want, body)
	}
}

func mustProblem(t *testing.T, err error, status int, p *apisdk.Problem, want int, code string) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if status != want || p == nil || p.Code != code {
		got := "<none>"
		if p != nil {
			got = p.Code
		}
		t.Fatalf("status %d code %s, want %d %s", status, got, want, code)
	}
}
