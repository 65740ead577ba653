package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"social/tests/testkit"
	at "social/tests/testkit/apptest"
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

	for _, missing := range []string{"/api/v1/profiles/ninguem", "/api/v1/profiles/x", "/api/v1/profiles/%3Cscript%3E"} {
		pr := app.Client().Do(http.MethodGet, missing, nil).Expect(t, http.StatusNotFound).Problem(t)
		if pr.Code != "profile_not_found" || pr.Detail != "Profile not found" {
			t.Errorf("%s: %+v", missing, pr)
		}
	}

	m.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.Handle != "rita" {
		t.Fatalf("me = %+v", p)
	}
	pr := app.Client().Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized).Problem(t)
	if pr.Code != "unauthenticated" {
		t.Fatalf("anonymous me: %+v", pr)
	}
	pr = app.Client().Do(http.MethodPatch, mePath, map[string]string{"bio": "x"}).Expect(t, http.StatusUnauthorized).Problem(t)
	if pr.Code != "unauthenticated" || pr.Detail != "No user found" {
		t.Fatalf("anonymous update: %+v", pr)
	}
}

func TestUpdateProfileRules(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("sara")
	cases := []struct {
		name  string
		body  map[string]string
		field string
		msg   string
	}{
		{"name empty after cleaning", map[string]string{"display_name": " \u0001\t\ufeff "}, "display_name", "Nome não pode estar vazio após limpeza"},
		{"name cleared", map[string]string{"display_name": ""}, "display_name", "Nome não pode estar vazio após limpeza"},
		{"name over 50", map[string]string{"display_name": strings.Repeat("n", 51)}, "display_name", "Nome deve ter no máximo 50 caracteres"},
		{"bio over 500", map[string]string{"bio": strings.Repeat("b", 501)}, "bio", "Bio deve ter no máximo 500 caracteres"},
		{"location over 100", map[string]string{"location": strings.Repeat("l", 101)}, "location", "Localização deve ter no máximo 100 caracteres"},
	}
	for _, u := range []string{"javascript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd", "ftp://example.com",
		"example.com", "https://my_site.example.com", "http://localhost:3000", "http://127.0.0.1", "http://10.0.0.1",
		"http://172.16.0.1", "http://192.168.1.1", "http://169.254.169.254", "http://2130706433", "http://0x7f.1",
		"http://0177.0.0.1", "http://[::1]", "http://[::ffff:127.0.0.1]", "http://[fe80::1]", "https://user:pw@example.com"} {
		cases = append(cases, struct {
			name  string
			body  map[string]string
			field string
			msg   string
		}{"website " + u, map[string]string{"website_url": u}, "website_url", "URL inválida ou não permitida"})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := m.Do(http.MethodPatch, mePath, tc.body).Expect(t, http.StatusUnprocessableEntity).Problem(t)
			if p.Code != "invalid_input" || p.Title != "Dados inválidos" || p.Field(tc.field) != tc.msg {
				t.Fatalf("problem = %+v", p)
			}
		})
	}

	// Refused edits do not count against the limit; three good ones follow.
	var p profile
	m.Do(http.MethodPatch, mePath, map[string]string{
		"display_name": "  Sara \n  Souza ", "bio": "  Gosto de\tcafé\n e de código.  ", "location": " São   Paulo ",
		"website_url": " https://sara.example.com.br/blog ",
	}).Expect(t, http.StatusOK).JSON(t, &p)
	if p.DisplayName != "Sara Souza" || *p.Bio != "Gosto de café e de código." || *p.Location != "São Paulo" ||
		*p.WebsiteURL != "https://sara.example.com.br/blog" {
		t.Fatalf("cleaned profile = %+v", p)
	}
	// Boundaries pass; absent fields stay.
	m.Do(http.MethodPatch, mePath, map[string]string{"bio": strings.Repeat("b", 500), "location": strings.Repeat("l", 100)}).
		Expect(t, http.StatusOK).JSON(t, &p)
	if p.DisplayName != "Sara Souza" || len(*p.Bio) != 500 || p.WebsiteURL == nil {
		t.Fatalf("partial update = %+v", p)
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

func TestProfileUpdateLimit(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("vera")
	const wait = "Aguarde 1 minuto antes de tentar novamente."
	m.Do(http.MethodPatch, mePath, map[string]string{"bio": "1"}).Expect(t, http.StatusOK)
	m.Do(http.MethodDelete, mePath+"/avatar", nil).Expect(t, http.StatusOK) // picture writes count too
	app.Clock.Advance(20 * time.Second)
	m.Do(http.MethodPatch, mePath, map[string]string{"bio": "3"}).Expect(t, http.StatusOK)
	r := m.Do(http.MethodPatch, mePath, map[string]string{"bio": "4"}).Expect(t, http.StatusTooManyRequests)
	p := r.Problem(t)
	if p.Code != "rate_limited" || p.Title != "Muitas tentativas" || p.Detail != wait || r.Header.Get("Retry-After") != "40" {
		t.Fatalf("429 = %+v, Retry-After %q", p, r.Header.Get("Retry-After"))
	}
	upload(t, m.Client, "avatar", "a.png", pngBytes(t, 8, 8)).Expect(t, http.StatusTooManyRequests)
	app.Clock.Advance(40 * time.Second)
	m.Do(http.MethodPatch, mePath, map[string]string{"bio": "4"}).Expect(t, http.StatusOK)
	var bio string
	if err := app.DB.NewRaw("SELECT bio FROM profiles WHERE handle = 'vera'").Scan(t.Context(), &bio); err != nil || bio != "4" {
		t.Fatalf("bio = %q %v", bio, err)
	}
}

func TestProfileUpdateLimitPerAddress(t *testing.T) {
	t.Parallel()
	app := at.Start(t, func(c *at.Config) { c.Limits.ProfileUpdatePerIP = 5 })
	a, b := app.Member("wal"), app.Member("xena")
	b.IP = a.IP // two members behind one address
	for i := range 5 {
		m := a
		if i%2 == 1 {
			m = b
		}
		m.Do(http.MethodPatch, mePath, map[string]string{"bio": "x"}).Expect(t, http.StatusOK)
	}
	p := b.Do(http.MethodPatch, mePath, map[string]string{"bio": "y"}).Expect(t, http.StatusTooManyRequests).Problem(t)
	if p.Detail != "Aguarde 1 minuto antes de tentar novamente." {
		t.Fatalf("429 = %+v", p)
	}
}
