package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"social/config"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

func TestMain(m *testing.M) { testkit.Main(m) }

const mePath = "/api/v1/profiles/me"

type profile struct {
	ID             string  `json:"id"`
	Handle         string  `json:"handle"`
	DisplayName    string  `json:"display_name"`
	Bio            *string `json:"bio"`
	Location       *string `json:"location"`
	WebsiteURL     *string `json:"website_url"`
	AvatarURL      *string `json:"avatar_url"`
	BannerURL      *string `json:"banner_url"`
	IsVerified     bool    `json:"is_verified"`
	FollowerCount  int     `json:"follower_count"`
	FollowingCount int     `json:"following_count"`
	PostCount      int     `json:"post_count"`
	CreatedAt      string  `json:"created_at"`
}

func TestReadingProfiles(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("rita")

	var p profile
	r := app.Client().Do(http.MethodGet, "/api/v1/profiles/rita", nil).Expect(t, http.StatusOK)
	r.JSON(t, &p)
	if p.ID != m.ID || p.Handle != "rita" || p.DisplayName != "Membro rita" || p.IsVerified || p.FollowerCount != 0 ||
		p.CreatedAt == "" {
		t.Fatalf("profile = %+v", p)
	}
	for _, field := range []string{`"bio":null`, `"location":null`, `"website_url":null`, `"avatar_url":null`, `"banner_url":null`,
		`"follower_count":0`, `"following_count":0`, `"post_count":0`} {
		if !strings.Contains(string(r.Body), field) {
			t.Errorf("profile lacks %s: %s", field, r.Body)
		}
	}
	for _, unexpected := range []string{"email", "role", "password", "updated_at"} {
		if strings.Contains(string(r.Body), unexpected) {
			t.Errorf("public profile shows %s: %s", unexpected, r.Body)
		}
	}
	app.Client().Do(http.MethodGet, "/api/v1/profiles/RITA", nil).Expect(t, http.StatusOK)

	pr := app.Client().Do(http.MethodGet, "/api/v1/profiles/%3Cscript%3E", nil).Expect(t, http.StatusNotFound).Problem(t)
	if pr.Code != "profile_not_found" || pr.Detail != "Profile not found" {
		t.Errorf("%+v", pr)
	}

	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.Handle != "rita" {
		t.Fatalf("me = %+v", p)
	}
	pr = app.Client().Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized).Problem(t)
	if pr.Code != "unauthenticated" {
		t.Fatalf("anonymous me: %+v", pr)
	}
	pr = app.Client().Do(http.MethodPatch, mePath, map[string]string{"bio": "x"}).Expect(t, http.StatusUnauthorized).Problem(t)
	if pr.Code != "unauthenticated" || pr.Detail != "No user found" {
		t.Fatalf("anonymous update: %+v", pr)
	}
}

// An edit through the whole app: a refusal's HTTP answer once, values
// cleaned, and blanks stored as NULL; every field's rules are the use
// case's unit test.
func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("sara")
	p := m.Do(http.MethodPatch, mePath, map[string]string{"website_url": "javascript:alert(1)"}).
		Expect(t, http.StatusUnprocessableEntity).Problem(t)
	if p.Code != "invalid_input" || p.Title != "Dados inválidos" || p.Field("website_url") != "URL inválida ou não permitida" {
		t.Fatalf("problem = %+v", p)
	}

	var got profile
	m.Do(http.MethodPatch, mePath, map[string]string{
		"display_name": "  Sara \n  Souza ", "bio": "  Gosto de\tcafé\n e de código.  ", "location": " São   Paulo ",
		"website_url": " https://sara.example.com.br/blog ",
	}).Expect(t, http.StatusOK).JSON(t, &got)
	if got.DisplayName != "Sara Souza" || *got.Bio != "Gosto de café e de código." || *got.Location != "São Paulo" ||
		*got.WebsiteURL != "https://sara.example.com.br/blog" {
		t.Fatalf("cleaned profile = %+v", got)
	}
	// Empty strings clear to null.
	r := m.Do(http.MethodPatch, mePath, map[string]string{"bio": "", "location": "   ", "website_url": ""}).Expect(t, http.StatusOK)
	for _, want := range []string{`"bio":null`, `"location":null`, `"website_url":null`, `"display_name":"Sara Souza"`} {
		if !strings.Contains(string(r.Body), want) {
			t.Errorf("after clearing, profile lacks %s: %s", want, r.Body)
		}
	}
	var stored *string
	if err := app.DB.NewRaw("SELECT bio FROM profiles WHERE handle = 'sara'").Scan(t.Context(), &stored); err != nil || stored != nil {
		t.Fatalf("bio stored as %v (%v), want NULL", stored, err)
	}
}

func TestProfileUpdateIgnoresNoOneElsesFields(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("tina")
	other := app.Member("ugo")
	for _, body := range []map[string]any{
		{"display_name": "Tina", "role": "admin"},
		{"is_verified": true},
		{"follower_count": 1000000, "post_count": 5},
		{"handle": "hacker"},
		{"id": other.ID, "display_name": "Sequestrado"},
		{"avatar_url": "https://evil.example/x.png"},
		{"email": "x@example.com"},
	} {
		p := m.Do(http.MethodPatch, mePath, body).Expect(t, http.StatusUnprocessableEntity).Problem(t)
		if len(p.Errors) == 0 {
			t.Errorf("%v: no field named: %+v", body, p)
		}
	}
	var p profile
	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.DisplayName != "Membro tina" || p.IsVerified || p.FollowerCount != 0 || p.PostCount != 0 || p.Handle != "tina" {
		t.Fatalf("profile changed: %+v", p)
	}
	app.Client().Do(http.MethodGet, "/api/v1/profiles/ugo", nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.DisplayName != "Membro ugo" {
		t.Fatalf("another member's profile changed: %+v", p)
	}
	if s := app.Client().SignIn("tina@example.com", at.Password); s.User.Role != "member" {
		t.Fatalf("role = %q", s.User.Role)
	}
}

// The limits read from rate_limits, per member (picture writes count too)
// and per address (two members behind one), with the 429's Retry-After.
func TestProfileUpdateLimits(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *config.Config) { c.Limits.ProfileUpdatePerIP = 5 })
	m := app.Member("vera")
	const wait = "Aguarde 1 minuto antes de tentar novamente."
	m.Do(http.MethodPatch, mePath, map[string]string{"bio": "1"}).Expect(t, http.StatusOK)
	m.Do(http.MethodDelete, mePath+"/avatar", nil).Expect(t, http.StatusOK)
	app.Clock.Advance(20 * time.Second)
	m.Do(http.MethodPatch, mePath, map[string]string{"bio": "3"}).Expect(t, http.StatusOK)
	r := m.Do(http.MethodPatch, mePath, map[string]string{"bio": "4"}).Expect(t, http.StatusTooManyRequests)
	p := r.Problem(t)
	if p.Code != "rate_limited" || p.Title != "Muitas tentativas" || p.Detail != wait || r.Header.Get("Retry-After") != "40" {
		t.Fatalf("429 = %+v, Retry-After %q", p, r.Header.Get("Retry-After"))
	}
	upload(t, m.Client, "avatar", "a.png", fixtures.PNG(t, 8, 8)).Expect(t, http.StatusTooManyRequests)
	app.Clock.Advance(40 * time.Second)
	m.Do(http.MethodPatch, mePath, map[string]string{"bio": "4"}).Expect(t, http.StatusOK)
	var bio string
	if err := app.DB.NewRaw("SELECT bio FROM profiles WHERE handle = 'vera'").Scan(t.Context(), &bio); err != nil || bio != "4" {
		t.Fatalf("bio = %q %v", bio, err)
	}

	a, b := app.Member("wal"), app.Member("xena")
	b.IP = a.IP
	for i := range 5 {
		m := a
		if i%2 == 1 {
			m = b
		}
		m.Do(http.MethodPatch, mePath, map[string]string{"bio": "x"}).Expect(t, http.StatusOK)
	}
	p = b.Do(http.MethodPatch, mePath, map[string]string{"bio": "y"}).Expect(t, http.StatusTooManyRequests).Problem(t)
	if p.Detail != wait {
		t.Fatalf("429 = %+v", p)
	}
}
