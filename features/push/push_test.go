package push_test

import (
	"context"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"go.uber.org/fx"

	"social/adapters/providers/safefetch"
	"social/adapters/providers/webpush"
	"social/config"
	"social/core/ports"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// vapidKey is the configured server key of these tests (RFC 8291's example
// sender key, a valid P-256 scalar).
const vapidKey = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"

const subject = "mailto:push@example.com"

// received is one push as the device saw it, decrypted.
type received struct {
	Device  string
	TTL     int
	Urgency string
	Topic   string
	Payload struct {
		ID    string  `json:"id"`
		Type  string  `json:"type"`
		Title string  `json:"title"`
		Body  string  `json:"body"`
		Icon  *string `json:"icon"`
		URL   string  `json:"url"`
		Tag   string  `json:"tag"`
	}
}

// device is a browser's push subscription, its private half kept here.
type device struct {
	name string
	key  *ecdh.PrivateKey
	auth []byte
}

// pushService is a push service speaking RFC 8030 on loopback: it checks
// each request as a real one would (VAPID, encoding, TTL), decrypts the
// payload with the device's private key, and answers as told per device.
type pushService struct {
	t         *testing.T
	srv       *httptest.Server
	serverKey func() []byte // the key the app answers at /push/server-key

	mu      sync.Mutex
	devices map[string]*device
	got     []received
	answers map[string][]int // device -> statuses to answer, in turn (then 201)
	bad     []string         // requests that broke the protocol
}

func newPushService(t *testing.T) *pushService {
	p := &pushService{t: t, devices: map[string]*device{}, answers: map[string][]int{}}
	p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *pushService) device(name string) *device {
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		p.t.Fatal(err)
	}
	d := &device{name: name, key: key, auth: make([]byte, 16)}
	_, _ = rand.Read(d.auth)
	p.mu.Lock()
	p.devices[name] = d
	p.mu.Unlock()
	return d
}

func (p *pushService) endpoint(d *device) string { return p.srv.URL + "/push/" + d.name }

func (p *pushService) fail(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bad = append(p.bad, fmt.Sprintf(format, args...))
}

func (p *pushService) serve(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/push/")
	p.mu.Lock()
	d := p.devices[name]
	p.mu.Unlock()
	if r.Method != http.MethodPost || d == nil {
		p.fail("%s %s: no such subscription", r.Method, r.URL.Path)
		w.WriteHeader(http.StatusNotFound)
		return
	}
	if !p.vapidOK(r) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	if r.Header.Get("Content-Encoding") != "aes128gcm" {
		p.fail("Content-Encoding %q", r.Header.Get("Content-Encoding"))
	}
	ttl, err := strconv.Atoi(r.Header.Get("TTL"))
	if err != nil || ttl < 0 {
		p.fail("TTL %q", r.Header.Get("TTL"))
	}
	topic := r.Header.Get("Topic")
	if len(topic) > 32 || strings.Trim(topic, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		p.fail("Topic %q is not 32 URL-safe base64 characters at most", topic)
	}
	body, _ := io.ReadAll(r.Body)
	if len(body) > 4096 {
		p.fail("body of %d bytes", len(body))
	}
	plain, err := webpush.Decrypt(d.key, d.auth, body)
	if err != nil {
		p.fail("decrypt for %s: %v", name, err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	if q := p.answers[name]; len(q) > 0 {
		p.answers[name] = q[1:]
		p.mu.Unlock()
		if q[0] == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "1")
		}
		w.WriteHeader(q[0])
		return
	}
	rec := received{Device: name, TTL: ttl, Urgency: r.Header.Get("Urgency"), Topic: topic}
	if err := json.Unmarshal(plain, &rec.Payload); err != nil {
		p.bad = append(p.bad, "payload is not JSON: "+string(plain))
	}
	p.got = append(p.got, rec)
	p.mu.Unlock()
	w.Header().Set("Location", p.srv.URL+"/message/1")
	w.WriteHeader(http.StatusCreated)
}

// vapidOK checks the Authorization header as RFC 8292 says: a JWT signed
// with ES256 by the key in k, which is the app's server key, for this
// origin, expiring within 24 hours, with a contact.
func (p *pushService) vapidOK(r *http.Request) bool {
	scheme, params, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if scheme != "vapid" {
		p.fail("Authorization scheme %q", scheme)
		return false
	}
	var token, k string
	for _, part := range strings.Split(params, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch name {
		case "t":
			token = value
		case "k":
			k = value
		}
	}
	raw, err := base64.RawURLEncoding.DecodeString(k)
	if err != nil || string(raw) != string(p.serverKey()) {
		p.fail("k %q is not the server key", k)
		return false
	}
	x, y := elliptic.Unmarshal(elliptic.P256(), raw) //nolint:staticcheck // the test reads the point as sent
	if x == nil {
		p.fail("k is not a P-256 point")
		return false
	}
	pub := &ecdsa.PublicKey{Curve: elliptic.P256(), X: x, Y: y}
	claims := jwt.MapClaims{}
	_, err = jwt.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return pub, nil },
		jwt.WithValidMethods([]string{"ES256"}), jwt.WithAudience(p.srv.URL), jwt.WithExpirationRequired())
	if err != nil {
		p.fail("VAPID token: %v", err)
		return false
	}
	exp, _ := claims.GetExpirationTime()
	if until := time.Until(exp.Time); until <= 0 || until > 24*time.Hour {
		p.fail("exp %v is not within 24 h", exp.Time)
		return false
	}
	if claims["sub"] != subject {
		p.fail("sub %v", claims["sub"])
		return false
	}
	return true
}

func (p *pushService) answer(d *device, statuses ...int) {
	p.mu.Lock()
	p.answers[d.name] = append(p.answers[d.name], statuses...)
	p.mu.Unlock()
}

// pushes are what reached the devices so far.
func (p *pushService) pushes() []received {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.bad) > 0 {
		p.t.Fatalf("the push service saw protocol faults: %q", p.bad)
	}
	return append([]received(nil), p.got...)
}

func (p *pushService) reset() {
	p.mu.Lock()
	p.got = nil
	p.mu.Unlock()
}

// startApp boots the app with push on, its sender allowed to reach the
// local push service.
func startApp(t *testing.T, ps *pushService, tweak func(*config.Config)) *at.App {
	t.Helper()
	addr := strings.TrimPrefix(ps.srv.URL, "http://")
	app := at.StartWith(t, func(c *config.Config) {
		c.Push.Enabled = true
		c.Push.VAPIDPrivateKey = vapidKey
		c.Push.Subject = subject
		c.Push.CollapseWindow = time.Minute
		if tweak != nil {
			tweak(c)
		}
	}, fx.Decorate(func(ports.PushSender) ports.PushSender {
		return webpush.New(safefetch.New(safefetch.Options{AllowedTestAddrs: []string{addr}, AnyPort: true, MaxRedirects: -1}))
	}))
	// The key is read once, while the app serves: a push job still running
	// as the test ends reaches the push service after the app stopped
	// answering.
	key := serverKey(t, app)
	ps.serverKey = func() []byte { return key }
	return app
}

func serverKey(t *testing.T, app *at.App) []byte {
	var k struct {
		Enabled   bool   `json:"enabled"`
		PublicKey string `json:"public_key"`
	}
	app.Client().Do(http.MethodGet, "/api/v1/push/server-key", nil).Expect(t, http.StatusOK).JSON(t, &k)
	raw, err := base64.RawURLEncoding.DecodeString(k.PublicKey)
	if err != nil || !k.Enabled || len(raw) != 65 {
		t.Fatalf("server key %+v", k)
	}
	return raw
}

// subscription is the API's answer.
type subscription struct {
	ID        string          `json:"id"`
	Endpoint  string          `json:"endpoint"`
	Standard  bool            `json:"standard"`
	Alerts    map[string]bool `json:"alerts"`
	Policy    string          `json:"policy"`
	ServerKey string          `json:"server_key"`
}

func subscribe(t *testing.T, m *at.Member, ps *pushService, d *device, data map[string]any) subscription {
	t.Helper()
	body := map[string]any{"subscription": map[string]any{"endpoint": ps.endpoint(d),
		"keys": map[string]string{"p256dh": base64.RawURLEncoding.EncodeToString(d.key.PublicKey().Bytes()),
			"auth": base64.RawURLEncoding.EncodeToString(d.auth)}}}
	if data != nil {
		body["data"] = data
	}
	var s subscription
	m.Do(http.MethodPost, "/api/v1/push/subscription", body).Expect(t, http.StatusOK).JSON(t, &s)
	return s
}

// settle waits until no push job is left to work.
func settle(t *testing.T, app *at.App) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var n int
		if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'push.deliver'
			AND state NOT IN ('completed', 'cancelled', 'discarded')`).Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d push jobs still waiting", n)
		}
	}
}
