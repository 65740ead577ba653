package bench

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/adapters/postgres"
)

// client speaks to the server under test.
type client struct {
	base string
	http *http.Client
}

func newClient(base string) *client {
	return &client{base: base + "/api/v1", http: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		MaxIdleConns: 512, MaxIdleConnsPerHost: 512, MaxConnsPerHost: 256, IdleConnTimeout: time.Minute,
	}}}
}

// httpError is an answer with an unexpected status.
type httpError struct {
	method, path string
	status       int
	body         string
}

func (e *httpError) Error() string {
	return fmt.Sprintf("%s %s: %d %s", e.method, e.path, e.status, e.body)
}

// do sends one request as token's holder and decodes a 2xx answer into out
// (when not nil); the body is always read to the end so the connection is
// reused.
func (c *client) do(ctx context.Context, token, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return &httpError{method, path, resp.StatusCode, strings.TrimSpace(string(b[:min(len(b), 300)]))}
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// viewer is a signed-in bulk member.
type viewer struct {
	N       int // handle number: membro_%06d
	ID      uuid.UUID
	Session uuid.UUID
	Token   string
}

func handle(n int) string { return fmt.Sprintf("membro_%06d", n) }

// signIn signs bulk member n in and reads its session from the token.
func (c *client) signIn(ctx context.Context, n int) (viewer, error) {
	var s struct {
		AccessToken string `json:"access_token"`
	}
	err := c.do(ctx, "", http.MethodPost, "/auth/sign-in", map[string]string{
		"email": handle(n) + "@exemplo.com.br", "password": postgres.BulkPassword}, &s)
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
