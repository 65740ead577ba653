package app

import (
	"context"
	"strings"
	"testing"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
)

// staffNames answers fixed skeletons of staff names.
type staffNames map[string]bool

func (s staffNames) StaffNameSkeletons(context.Context, domain.UserID) (map[string]bool, error) {
	return s, nil
}

func ptr(s string) *string { return &s }

func updating(w *writing) *UpdateProfile {
	return &UpdateProfile{Profiles: w.rows, Staff: staffNames{domain.NameSkeleton("Rafa Moderadora"): true},
		Indexer: w.indexer, Limiter: w.limiter, Clock: w.clock, Limits: Limits{PerMember: 3, PerIP: 10}}
}

// Each field's refusal names its field; refused edits use up no attempt
// and store nothing.
func TestUpdateProfileRefusals(t *testing.T) {
	w := newWriting(3)
	uc := updating(w)
	ctx := context.Background()
	cases := []struct {
		name  string
		c     Changes
		field string
	}{
		{"name empty after cleaning", Changes{DisplayName: ptr(" \u0001\t\ufeff ")}, "display_name"},
		{"name cleared", Changes{DisplayName: ptr("")}, "display_name"},
		{"name over 50", Changes{DisplayName: ptr(strings.Repeat("n", 51))}, "display_name"},
		{"bio over 500", Changes{Bio: ptr(strings.Repeat("b", 501))}, "bio"},
		{"location over 100", Changes{Location: ptr(strings.Repeat("l", 101))}, "location"},
	}
	for _, u := range []string{"javascript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd", "ftp://example.com",
		"example.com", "https://my_site.example.com", "http://localhost:3000", "http://127.0.0.1", "http://10.0.0.1",
		"http://172.16.0.1", "http://192.168.1.1", "http://169.254.169.254", "http://2130706433", "http://0x7f.1",
		"http://0177.0.0.1", "http://[::1]", "http://[::ffff:127.0.0.1]", "http://[fe80::1]", "https://user:pw@example.com"} {
		cases = append(cases, struct {
			name  string
			c     Changes
			field string
		}{"website " + u, Changes{WebsiteURL: ptr(u)}, "website_url"})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := uc.Handle(ctx, domain.Viewer{UserID: w.member}, tc.c, "203.0.113.9")
			e, ok := errs.As(err)
			if !ok || e.Kind != errs.KindInvalid || e.Code != CodeInvalid || e.Fields[tc.field] == "" || len(e.Fields) != 1 {
				t.Fatalf("%v, want %s refused", err, tc.field)
			}
		})
	}

	_, err := uc.Handle(ctx, domain.Viewer{UserID: w.member}, Changes{DisplayName: ptr("Rafa Moderadora")}, "203.0.113.9")
	if kind, code := portstest.KindAndCode(err); kind != errs.KindInvalid || code != CodeNameReserved {
		t.Fatalf("a staff member's name: %v", err)
	}
	if _, err := uc.Handle(ctx, domain.Viewer{}, Changes{Bio: ptr("x")}, "203.0.113.9"); !isCode(err, CodeNoUser) {
		t.Fatalf("signed out: %v", err)
	}
	if w.limiter.taken != 0 || len(w.search.ids) != 0 || w.rows[w.member].DisplayName != "Sara" {
		t.Fatalf("refusals took %d attempts, queued %v", w.limiter.taken, w.search.ids)
	}
}

// Values are cleaned, absent fields stay, blanks clear a field to none, and
// every stored edit queues the profile's search document.
func TestUpdateProfileStoresCleanedValues(t *testing.T) {
	w := newWriting(3)
	uc := updating(w)
	ctx := context.Background()
	me := domain.Viewer{UserID: w.member}

	p, err := uc.Handle(ctx, me, Changes{DisplayName: ptr("  Sara \n  Souza "), Bio: ptr("  Gosto de\tcafé\n e de código.  "),
		Location: ptr(" São   Paulo "), WebsiteURL: ptr(" https://sara.example.com.br/blog ")}, "203.0.113.9")
	if err != nil || p.DisplayName != "Sara Souza" || *p.Bio != "Gosto de café e de código." || *p.Location != "São Paulo" ||
		*p.WebsiteURL != "https://sara.example.com.br/blog" || !p.UpdatedAt.Equal(w.clock.At) {
		t.Fatalf("cleaned profile = %+v %v", p, err)
	}
	p, err = uc.Handle(ctx, me, Changes{Bio: ptr(strings.Repeat("b", 500)), Location: ptr(strings.Repeat("l", 100))}, "203.0.113.9")
	if err != nil || p.DisplayName != "Sara Souza" || len(*p.Bio) != 500 || p.WebsiteURL == nil {
		t.Fatalf("at the limits, the absent fields stay: %+v %v", p, err)
	}
	p, err = uc.Handle(ctx, me, Changes{Bio: ptr(""), Location: ptr("   "), WebsiteURL: ptr("")}, "203.0.113.9")
	if err != nil || p.Bio != nil || p.Location != nil || p.WebsiteURL != nil || p.DisplayName != "Sara Souza" {
		t.Fatalf("blanks clear: %+v %v", p, err)
	}
	if len(w.search.ids) != 3 || w.search.ids[0] != w.member.String() {
		t.Fatalf("reindexed %v", w.search.ids)
	}
	if rules := w.limiter.rules; len(rules) != 2 || rules[0].Key != w.member.String() || rules[1].Key != domain.ClientNetwork("203.0.113.9") {
		t.Fatalf("limited by %+v, want the member and the address", rules)
	}

	// Past the limit, and for staff, whose names are never refused.
	_, err = uc.Handle(ctx, me, Changes{Bio: ptr("mais")}, "203.0.113.9")
	if e, ok := errs.As(err); !ok || e.Code != CodeRateLimit || e.RetryAfter <= 0 {
		t.Fatalf("past the limit: %v", err)
	}
	w.limiter.left = 1
	staff := domain.Viewer{UserID: w.member, Role: domain.RoleModerator}
	if p, err := uc.Handle(ctx, staff, Changes{DisplayName: ptr("Rafa Moderadora")}, "203.0.113.9"); err != nil || p.DisplayName != "Rafa Moderadora" {
		t.Fatalf("staff's own name: %+v %v", p, err)
	}

	// A member without a profile row.
	w.limiter.left = 1
	_, err = uc.Handle(ctx, domain.Viewer{UserID: domain.NewUserID()}, Changes{Bio: ptr("x")}, "203.0.113.9")
	if kind, code := portstest.KindAndCode(err); kind != errs.KindNotFound || code != CodeNotFound {
		t.Fatalf("no profile: %v", err)
	}
}

func isCode(err error, code string) bool {
	_, c := portstest.KindAndCode(err)
	return c == code
}
