package bench

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/bench/apiclient"
	"social/bench/bulkseed"
)

// client speaks to the server under test.
type client struct {
	*apiclient.Client
}

// newClient speaks to the server at base over lean kept-alive HTTP/1.1
// connections (apiclient.NewWire): the load shares the two cores with the
// server and PostgreSQL, so it should cost about what pgbench costs the
// floors, not net/http's client's 90 µs a request.
func newClient(base string) (*client, error) {
	c, err := apiclient.NewWire(base, 30*time.Second)
	if err != nil {
		return nil, err
	}
	return &client{c}, nil
}

// viewer is a signed-in bulk member.
type viewer struct {
	N       int // handle number: membro_%06d
	ID      uuid.UUID
	Session uuid.UUID
	Token   string
	// AppToken is an OAuth app's token for the member (Mastodon's API).
	AppToken string
}

func handle(n int) string { return fmt.Sprintf("membro_%06d", n) }

// signIn signs bulk member n in and reads its session from the token.
func (c *client) signIn(ctx context.Context, n int) (viewer, error) {
	var s struct {
		AccessToken string `json:"access_token"`
	}
	err := c.Do(ctx, "", http.MethodPost, "/auth/sign-in", map[string]string{
		"email": handle(n) + "@exemplo.com.br", "password": bulkseed.Password}, &s)
	if err != nil {
		return viewer{}, err
	}
	parts := strings.Split(s.AccessToken, ".")
	if len(parts) != 3 {
		return viewer{}, fmt.Errorf("sign-in %s: not a JWT", handle(n))
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return viewer{}, err
	}
	var claims struct {
		Sub string `json:"sub"`
		Sid string `json:"sid"`
	}
	if err := json.Unmarshal(payload, &claims); err != nil {
		return viewer{}, err
	}
	v := viewer{N: n, Token: s.AccessToken}
	if v.ID, err = uuid.Parse(claims.Sub); err != nil {
		return viewer{}, fmt.Errorf("token subject: %w", err)
	}
	if v.Session, err = uuid.Parse(claims.Sid); err != nil {
		return viewer{}, fmt.Errorf("token session: %w", err)
	}
	return v, nil
}

// feedPage is the part of a feed answer the harness reads.
type feedPage struct {
	Items []struct {
		ID        string    `json:"id"`
		CreatedAt time.Time `json:"created_at"`
	} `json:"items"`
	NextCursor *string `json:"next_cursor"`
}
