package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	at "social/tests/testkit/apptest"
)

const (
	sessionsPath  = "/api/v1/auth/sessions"
	endOthersPath = "/api/v1/auth/sessions/end-others"
)

// User-Agents of real browsers, as they send them.
const (
	androidChrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
	iphoneSafari  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	windowsEdge   = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0"
)

type deviceSession struct {
	ID         string    `json:"id"`
	Device     string    `json:"device"`
	Network    *string   `json:"network"`
	CreatedAt  time.Time `json:"created_at"`
	LastUsedAt time.Time `json:"last_used_at"`
	ExpiresAt  time.Time `json:"expires_at"`
	Current    bool      `json:"current"`
}

func listSessions(t *testing.T, m *at.Member) []deviceSession {
	t.Helper()
	var out struct {
		Items []deviceSession `json:"items"`
	}
	m.Do(http.MethodGet, sessionsPath, nil).Expect(t, http.StatusOK).JSON(t, &out)
	return out.Items
}

// signInFrom signs m in again from a browser at address ip.
func signInFrom(t *testing.T, app *at.App, m *at.Member, ip, userAgent string) *at.Member {
	t.Helper()
	c := app.Client()
	c.IP = ip
	var s at.Session
	c.Do(http.MethodPost, signInPath, map[string]string{"email": m.Email, "password": at.Password}, "User-Agent", userAgent).
		Expect(t, http.StatusOK).JSON(t, &s)
	other := *m
	other.Client = c
	other.Token, other.Session = s.AccessToken, s
	return &other
}

func byDevice(list []deviceSession, device string) *deviceSession {
	for i := range list {
		if list[i].Device == device {
			return &list[i]
		}
	}
	return nil
}

// The list holds the member's own live sessions alone: the device read
// from the User-Agent, the network as a prefix (never the address), the
// one asking flagged; ended sessions and other members' are absent.
func TestSessionsListsOwnLiveSessions(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("ines")
	phone := signInFrom(t, app, m, "203.0.113.77", androidChrome)
	laptop := signInFrom(t, app, m, "2001:db8:aaaa:bbbb::17", windowsEdge)
	gone := signInFrom(t, app, m, "192.0.2.9", iphoneSafari)
	gone.Do(http.MethodPost, signOutPath, nil).Expect(t, http.StatusNoContent)
	app.Member("otto") // another member's sessions

	list := listSessions(t, phone)
	// Member's own: the confirmation link's, the first sign-in's, the phone's and the laptop's.
	if len(list) != 4 {
		t.Fatalf("%d sessions listed, want 4: %+v", len(list), list)
	}
	p, l := byDevice(list, "Chrome no Android"), byDevice(list, "Edge no Windows")
	if p == nil || l == nil {
		t.Fatalf("devices: %+v", list)
	}
	if !p.Current || l.Current {
		t.Fatalf("current flag: phone %v, laptop %v", p.Current, l.Current)
	}
	for _, s := range list {
		if s.ID != p.ID && s.Current {
			t.Fatalf("two current sessions: %+v", list)
		}
		if s.Device == "Safari no iPhone" {
			t.Fatalf("a signed-out session is listed: %+v", s)
		}
	}
	if p.Network == nil || *p.Network != "203.0.113.0/24" || l.Network == nil || *l.Network != "2001:db8:aaaa::/48" {
		t.Fatalf("networks: %v %v", p.Network, l.Network)
	}
	if !p.CreatedAt.Equal(app.Clock.Now()) || !p.LastUsedAt.Equal(app.Clock.Now()) || !p.ExpiresAt.After(p.CreatedAt) {
		t.Fatalf("times: %+v", p)
	}
	// The laptop sees the same list with itself as the current one.
	if own := byDevice(listSessions(t, laptop), "Edge no Windows"); own == nil || !own.Current {
		t.Fatalf("laptop's own session: %+v", own)
	}
	// Nothing stored holds a whole address.
	var stored int
	if err := app.DB.NewRaw(`SELECT count(*) FROM sessions WHERE network::text LIKE '203.0.113.77%' OR network::text LIKE '2001:db8:aaaa:bbbb%'`).
		Scan(t.Context(), &stored); err != nil || stored != 0 {
		t.Fatalf("whole addresses stored: %d %v", stored, err)
	}
	app.Client().Do(http.MethodGet, sessionsPath, nil).Expect(t, http.StatusUnauthorized)
}

// A refresh records the session's use (time, device, network), at most
// once a minute.
func TestRefreshRecordsTheSessionsUse(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("joao")
	phone := signInFrom(t, app, m, "203.0.113.5", androidChrome)
	signedIn := app.Clock.Now()

	refreshFrom := func(ip, ua string) {
		t.Helper()
		c := app.Client()
		c.IP = ip
		var s at.Session
		c.Do(http.MethodPost, refreshPath, map[string]string{"refresh_token": phone.Session.RefreshToken}, "User-Agent", ua).
			Expect(t, http.StatusOK).JSON(t, &s)
		phone.Session, phone.Token = s, s.AccessToken
	}
	app.Clock.Advance(30 * time.Second)
	refreshFrom("198.18.7.7", iphoneSafari) // within the minute: not recorded
	if s := byDevice(listSessions(t, phone), "Chrome no Android"); s == nil || !s.LastUsedAt.Equal(signedIn) || *s.Network != "203.0.113.0/24" {
		t.Fatalf("a refresh within the minute was recorded: %+v", s)
	}
	app.Clock.Advance(5 * time.Minute)
	refreshFrom("198.18.7.7", iphoneSafari)
	s := byDevice(listSessions(t, phone), "Safari no iPhone")
	if s == nil || !s.LastUsedAt.Equal(app.Clock.Now()) || *s.Network != "198.18.7.0/24" || !s.CreatedAt.Equal(signedIn) || !s.Current {
		t.Fatalf("the refresh was not recorded: %+v", s)
	}
}

// phoneAndLaptop is a member signed in from a phone and from a laptop,
// besides the sessions app.Member opened, with a socket open on each.
type phoneAndLaptop struct {
	app                       *at.App
	member, phone, laptop     *at.Member
	phoneSocket, laptopSocket *at.Socket
}

func signInOnPhoneAndLaptop(t *testing.T, handle string) phoneAndLaptop {
	t.Helper()
	app := at.Start(t, nil)
	m := app.Member(handle)
	d := phoneAndLaptop{app: app, member: m,
		phone:  signInFrom(t, app, m, "203.0.113.5", androidChrome),
		laptop: signInFrom(t, app, m, "198.51.100.20", windowsEdge)}
	d.phoneSocket, d.laptopSocket = d.phone.Realtime(t), d.laptop.Realtime(t)
	return d
}

// expectPhoneEndedLaptopLive checks that the phone's session ended
// everywhere (its socket closed 1008 within a second, its access and
// refresh tokens refused) and the laptop's lives on.
func (d phoneAndLaptop) expectPhoneEndedLaptopLive(t *testing.T) {
	t.Helper()
	if code := d.phoneSocket.CloseCode(t, time.Second); code != websocket.ClosePolicyViolation {
		t.Fatalf("the phone's socket closed with %d, want 1008 within a second", code)
	}
	d.phone.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)
	refresh(d.app.Client(), d.phone.Session.RefreshToken).Expect(t, http.StatusUnauthorized)
	d.laptop.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK)
	if msg := d.laptopSocket.Subscribe(t, "feed:public"); msg.Type != "subscribed" {
		t.Fatalf("the laptop's socket: %+v", msg)
	}
}

// endOthers ends every session of m but its own and answers how many ended.
func endOthers(t *testing.T, m *at.Member) int {
	t.Helper()
	var out struct {
		Ended int `json:"ended"`
	}
	m.Do(http.MethodPost, endOthersPath, nil).Expect(t, http.StatusOK).JSON(t, &out)
	return out.Ended
}

// Ending a session ends it everywhere at once: its refresh token and its
// access token are refused and its socket closes; the others live on.
func TestEndSessionEndsItEverywhere(t *testing.T) {
	t.Parallel()
	d := signInOnPhoneAndLaptop(t, "kiara")
	app, laptop := d.app, d.laptop

	target := byDevice(listSessions(t, laptop), "Chrome no Android")
	laptop.Do(http.MethodDelete, sessionsPath+"/"+target.ID, nil).Expect(t, http.StatusNoContent)
	d.expectPhoneEndedLaptopLive(t)
	if list := listSessions(t, laptop); byDevice(list, "Chrome no Android") != nil || len(list) != 3 {
		t.Fatalf("after the end: %+v", list)
	}
	var reason string
	if err := app.DB.NewRaw(`SELECT revoked_reason FROM sessions WHERE id = ?`, target.ID).Scan(t.Context(), &reason); err != nil || reason != "ended_by_member" {
		t.Fatalf("reason: %q %v", reason, err)
	}
	// Ended already: not found, as any session that is not a live one of the member.
	p := laptop.Do(http.MethodDelete, sessionsPath+"/"+target.ID, nil).Expect(t, http.StatusNotFound).Problem(t)
	if p.Code != "session_not_found" || p.Detail != "Sessão não encontrada. Ela pode já ter sido encerrada." {
		t.Fatalf("second end: %+v", p)
	}
}

// A member cannot end, or learn of, another member's session; malformed
// IDs are not found either, and nobody signed in is told so.
func TestEndSessionOfAnotherMemberIsNotFound(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	victim := app.Member("lucia")
	intruder := app.Member("mauro")
	victimSession := listSessions(t, victim)[0]

	p := intruder.Do(http.MethodDelete, sessionsPath+"/"+victimSession.ID, nil).Expect(t, http.StatusNotFound).Problem(t)
	if p.Code != "session_not_found" {
		t.Fatalf("another member's session: %+v", p)
	}
	victim.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusOK)
	for _, id := range []string{"nao-e-um-id", "00000000-0000-0000-0000-000000000000", strings.Repeat("a", 300), "%00", "0190a0b0-0000-7000-8000-00000000000g"} {
		r := intruder.Do(http.MethodDelete, sessionsPath+"/"+id, nil)
		if r.Status != http.StatusNotFound && r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("DELETE %q: %d %s", id, r.Status, r.Body)
		}
	}
	app.Client().Do(http.MethodDelete, sessionsPath+"/"+victimSession.ID, nil).Expect(t, http.StatusUnauthorized)
	if len(listSessions(t, victim)) != 2 {
		t.Fatal("the victim lost a session")
	}
}

// Ending the others keeps the current session alone, and closes the
// others' sockets at once.
func TestEndOtherSessionsKeepsTheCurrent(t *testing.T) {
	t.Parallel()
	d := signInOnPhoneAndLaptop(t, "nara")
	if n := endOthers(t, d.laptop); n != 3 { // the confirmation's, the first sign-in's and the phone's
		t.Fatalf("ended %d, want 3", n)
	}
	d.expectPhoneEndedLaptopLive(t)
	d.member.Do(http.MethodGet, mePath, nil).Expect(t, http.StatusUnauthorized)
	list := listSessions(t, d.laptop)
	if len(list) != 1 || !list[0].Current || list[0].Device != "Edge no Windows" {
		t.Fatalf("after ending the others: %+v", list)
	}
	if n := endOthers(t, d.laptop); n != 0 {
		t.Fatalf("second time ended %d", n)
	}
	d.app.Client().Do(http.MethodPost, endOthersPath, nil).Expect(t, http.StatusUnauthorized)
}
