package domain_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"social/core/domain"
)

func TestEmailProblem(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 244) + "@example.com" // 256 characters
	for _, c := range []struct{ in, want string }{
		{"maria@example.com", ""},
		{"  Maria.Silva+news@Example.COM.br ", ""},
		{"a@b.co", ""},
		{strings.Repeat("a", 243) + "@example.com", ""}, // 255
		{long, domain.MsgEmailTooLong},
		{"", domain.MsgEmailInvalid},
		{"maria", domain.MsgEmailInvalid},
		{"maria@", domain.MsgEmailInvalid},
		{"@example.com", domain.MsgEmailInvalid},
		{"maria@localhost", domain.MsgEmailInvalid},
		{"maria@exa mple.com", domain.MsgEmailInvalid},
		{"maria@@example.com", domain.MsgEmailInvalid},
		{".maria@example.com", domain.MsgEmailInvalid},
		{"maria.@example.com", domain.MsgEmailInvalid},
		{"ma..ria@example.com", domain.MsgEmailInvalid},
		{"maria@-example.com", domain.MsgEmailInvalid},
		{"Maria <maria@example.com>", domain.MsgEmailInvalid},
	} {
		if got := domain.EmailProblem(c.in); got != c.want {
			t.Errorf("EmailProblem(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPasswordProblem(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"Abcdef12", ""},
		{"Ábcdéf1ç", ""},
		{"Abcde12", domain.MsgPasswordTooShort},
		{"", domain.MsgPasswordTooShort},
		{"Aa1" + strings.Repeat("x", 125), ""},                        // 128
		{"Aa1" + strings.Repeat("x", 126), domain.MsgPasswordTooLong}, // 129
		{"abcdefg1", domain.MsgPasswordWeak},                          // no uppercase
		{"ABCDEFG1", domain.MsgPasswordWeak},                          // no lowercase
		{"Abcdefgh", domain.MsgPasswordWeak},                          // no digit
		{"12345678", domain.MsgPasswordWeak},
	} {
		if got := domain.PasswordProblem(c.in); got != c.want {
			t.Errorf("PasswordProblem(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if domain.ConfirmationProblem("Abcdef12", "Abcdef12") != "" ||
		domain.ConfirmationProblem("Abcdef12", "abcdef12") != domain.MsgPasswordMismatch {
		t.Error("confirmation must match exactly")
	}
}

func TestCleanDisplayNameAndLength(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, clean, problem string }{
		{"Maria Silva", "Maria Silva", ""},
		{"  Maria   Silva  ", "Maria Silva", ""},
		{"Maria\tSilva\nSantos\r\n", "Maria Silva Santos", ""},
		{"Ma\x00ri\x07a\x7f", "Maria", ""},
		{"Maria\u202eavliS", "MariaavliS", ""},
		{"Ana\u00a0\u2003Luz", "Ana Luz", ""},
		{"👩\u200d💻 Dev", "👩\u200d💻 Dev", ""},
		{"bad\xffutf8", "badutf8", ""},
		{"", "", domain.MsgDisplayNameEmpty},
		{" \t\n\x00\x01 ", "", domain.MsgDisplayNameEmpty},
		{strings.Repeat("é", 50), strings.Repeat("é", 50), ""},
		{strings.Repeat("é", 51), strings.Repeat("é", 51), domain.MsgDisplayNameTooLong},
		{" " + strings.Repeat("a", 50) + " ", strings.Repeat("a", 50), ""},
	} {
		got := domain.CleanDisplayName(c.in)
		if got != c.clean {
			t.Errorf("CleanDisplayName(%q) = %q, want %q", c.in, got, c.clean)
		}
		if p := domain.DisplayNameProblem(got); p != c.problem {
			t.Errorf("DisplayNameProblem(%q) = %q, want %q", got, p, c.problem)
		}
	}
}

func TestHandleProblem(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"maria", ""},
		{"m_2", ""},
		{strings.Repeat("a", 30), ""},
		{"ab", domain.MsgHandleLength},
		{"", domain.MsgHandleLength},
		{strings.Repeat("a", 31), domain.MsgHandleLength},
		{"Maria", domain.MsgHandleCharacters},
		{"maria.silva", domain.MsgHandleCharacters},
		{"maria silva", domain.MsgHandleCharacters},
		{"joão", domain.MsgHandleCharacters},
		{"maria-s", domain.MsgHandleCharacters},
	} {
		if got := domain.HandleProblem(c.in); got != c.want {
			t.Errorf("HandleProblem(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestBioAndLocation(t *testing.T) {
	t.Parallel()
	if p := domain.BioProblem(domain.CleanText(strings.Repeat("b", 500))); p != "" {
		t.Errorf("500-character bio refused: %q", p)
	}
	if p := domain.BioProblem(domain.CleanText(strings.Repeat("b", 501))); p != domain.MsgBioTooLong {
		t.Errorf("501-character bio: %q", p)
	}
	// Cleaning happens before counting: spaces that collapse do not count.
	if p := domain.BioProblem(domain.CleanText(strings.Repeat("b ", 250) + "      ")); p != "" {
		t.Errorf("bio counted before cleaning: %q", p)
	}
	if p := domain.LocationProblem(domain.CleanText(strings.Repeat("l", 100))); p != "" {
		t.Errorf("100-character location refused: %q", p)
	}
	if p := domain.LocationProblem(domain.CleanText(strings.Repeat("l", 101))); p != domain.MsgLocationTooLong {
		t.Errorf("101-character location: %q", p)
	}
}

func TestFileNameProblem(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"cropped-1732300000000.jpg", ""},
		{"foto de perfil.png", ""},
		{"../avatar.jpg", domain.MsgFileNameInvalid},
		{"a..b.jpg", domain.MsgFileNameInvalid},
		{"dir/avatar.jpg", domain.MsgFileNameInvalid},
		{`dir\avatar.jpg`, domain.MsgFileNameInvalid},
	} {
		if got := domain.FileNameProblem(c.in); got != c.want {
			t.Errorf("FileNameProblem(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestWebsiteProblem(t *testing.T) {
	t.Parallel()
	allowed := []string{
		"https://example.com",
		"http://example.com.br/perfil?x=1#y",
		"HTTPS://Example.COM:8443/a",
		"https://café.com.br",
		"https://xn--caf-dma.com.br",
		"https://8.8.8.8/",
		"https://[2606:4700:4700::1111]/",
		"https://127.0.0.1.nip.io",   // a name; what it resolves to is not checked here
		"https://172example.com",     // a name starting with digits
		"https://sub.domain-x.co.uk", // hyphens inside labels
	}
	refused := []string{
		"example.com", "www.example.com", "//example.com", "http:/example.com", "http:example.com",
		"javascript:alert(1)", "JavaScript://example.com/%0aalert(1)", "data:text/html,<script>", "vbscript:msgbox",
		"file:///etc/passwd", "ftp://example.com", "mailto:maria@example.com", "ws://example.com",
		"https://my_site.example.com", "https://exa mple.com", "https://example.com/a b", "https://example.com\\@evil.com",
		"https://user:pass@example.com", "https://example.com@evil.com", "https://", "https:///path",
		"http://localhost", "http://LOCALHOST:3000", "http://localhost.", "http://app.localhost",
		"http://intranet", "http://example.com..", "http://-bad.com", "http://example.123",
		"http://127.0.0.1", "http://127.1", "http://127.0.0.1.", "http://2130706433", "http://0x7f000001",
		"http://0x7f.0.0.1", "http://0177.0.0.1", "http://017700000001", "http://0", "http://0.0.0.0",
		"http://10.0.0.5", "http://10.1", "http://172.16.0.1", "http://172.31.255.255", "http://172.217.0.1",
		"http://192.168.1.1", "http://3232235777", "http://0xc0.0xa8.1.1", "http://169.254.169.254",
		"http://100.64.0.1", "http://224.0.0.1", "http://255.255.255.255", "http://256.1.1.1", "http://1.2.3.4.5",
		"http://%31%32%37.0.0.1", "http://１２７．０．０．１", "http://127。0。0。1",
		"http://[::1]", "http://[::]", "http://[0:0:0:0:0:0:0:1]", "http://[::ffff:127.0.0.1]", "http://[::ffff:7f00:1]",
		"http://[::127.0.0.1]", "http://[::ffff:10.0.0.1]", "http://[64:ff9b::a00:1]", "http://[2002:7f00:1::]",
		"http://[2002:c0a8:101::1]", "http://[fe80::1]", "http://[fe80::1%25eth0]", "http://[fc00::1]", "http://[fd12:3456::1]",
		"http://[ff02::1]", "http://[2001:db8::1]", "http://[::ffff:169.254.169.254]", "http://[1.2.3.4]",
		"https://example.com/\u202e", "https://example.com/\x00", "https://" + strings.Repeat("a", 2040) + ".com",
	}
	for _, u := range allowed {
		if p := domain.WebsiteProblem(u); p != "" {
			t.Errorf("WebsiteProblem(%q) = %q, want allowed", u, p)
		}
	}
	for _, u := range refused {
		if p := domain.WebsiteProblem(u); p != domain.MsgWebsiteNotAllowed {
			t.Errorf("WebsiteProblem(%q) = %q, want refused", u, p)
		}
	}
}

func FuzzCleanDisplayName(f *testing.F) {
	for _, s := range []string{"Maria Silva", "  a \t b\n", "\x00\x01\x7f", "a\u202eb", "👩\u200d💻", "\xff\xfe", "é\u00a0\u3000x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := domain.CleanDisplayName(in)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q: %q", in, out)
		}
		if domain.CleanDisplayName(out) != out {
			t.Fatalf("cleaning is not idempotent: %q -> %q -> %q", in, out, domain.CleanDisplayName(out))
		}
		if strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") || strings.Contains(out, "  ") {
			t.Fatalf("spaces left in %q", out)
		}
		for _, r := range out {
			if unicode.IsControl(r) || (unicode.IsSpace(r) && r != ' ') || r == utf8.RuneError {
				t.Fatalf("character %U left in %q", r, out)
			}
		}
		if utf8.RuneCountInString(out) > utf8.RuneCountInString(in) {
			t.Fatalf("cleaning grew %q to %q", in, out)
		}
	})
}

func FuzzValidateWebsite(f *testing.F) {
	for _, s := range []string{
		"https://example.com", "http://127.0.0.1", "http://0x7f.1", "http://[::ffff:10.0.0.1]", "javascript:alert(1)",
		"http://2130706433", "https://café.com.br/x?y#z", "http://my_host.com", "http://１２７．０．０．１", "http://a.b@c.d",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if domain.WebsiteProblem(in) != "" {
			return
		}
		lower := strings.ToLower(in)
		if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
			t.Fatalf("accepted a non-http URL %q", in)
		}
		host := lower[strings.Index(lower, "://")+3:]
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		if strings.ContainsAny(host, "_@\\ ") || strings.Contains(host, "localhost") {
			t.Fatalf("accepted host %q in %q", host, in)
		}
		for _, bad := range []string{"http://127.", "https://127.", "http://10.", "https://10.", "http://192.168.", "https://192.168.", "http://172.", "https://172.", "http://[::1]", "http://0."} {
			if strings.HasPrefix(lower, bad) && !strings.Contains(host, "-") && strings.Count(host, ".") <= 4 && numericish(host) {
				t.Fatalf("accepted a private address %q", in)
			}
		}
	})
}

// numericish reports a host made only of digits and dots (an IPv4 address
// rather than a name that starts like one).
func numericish(host string) bool {
	if i := strings.LastIndex(host, ":"); i >= 0 && !strings.Contains(host, "]") {
		host = host[:i]
	}
	for _, r := range host {
		if !(r == '.' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
