// Package apiclient calls the JSON API the way a member's app does, for
// the tools that load a running server: the benchmark and the soak test.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Client sends requests to one server's /api/v1.
type Client struct {
	base string
	http *http.Client
	// wire, when set, carries the requests instead of http (NewWire).
	wire *wire
}

// prefix is the API's path under the server's origin.
const prefix = "/api/v1"

// New speaks to the server at base (its origin) through h, whose
// transport sets how many connections the load may hold.
func New(base string, h *http.Client) *Client {
	return &Client{base: base + prefix, http: h}
}

// NewWire speaks to the server at base (an http:// origin) over its own
// lean HTTP/1.1 connections (wire): the benchmark's load, which shares
// the machine with the server it measures. Each request may take up to
// timeout.
func NewWire(base string, timeout time.Duration) (*Client, error) {
	w, err := newWire(base, timeout)
	if err != nil {
		return nil, err
	}
	return &Client{base: base + prefix, wire: w}, nil
}

// StatusError is an answer whose status is not 2xx.
type StatusError struct {
	Method, Path string
	Status       int
	Body         string // at most 300 bytes of it
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: %d %s", e.Method, e.Path, e.Status, e.Body)
}

// Do sends one request as token's holder ("" for nobody) with body as
// JSON (when not nil) and decodes a 2xx answer into out (when not nil);
// any other status is a *StatusError. The body is always read to the end
// so the connection is reused.
func (c *Client) Do(ctx context.Context, token, method, path string, body, out any) error {
	var raw []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		raw = b
	}
	if c.wire != nil {
		return c.doWire(ctx, token, method, path, raw, out)
	}
	var rd io.Reader
	if raw != nil {
		rd = bytes.NewReader(raw)
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
	if resp.StatusCode/100 != 2 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		_, _ = io.Copy(io.Discard, resp.Body)
		return &StatusError{method, path, resp.StatusCode, strings.TrimSpace(string(b))}
	}
	if out == nil {
		// Read and dropped through io.Discard's pooled buffer: a load
		// generator that allocated every answer would take CPU from the
		// server it shares the machine with, which pgbench does not.
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

func (c *Client) doWire(ctx context.Context, token, method, path string, body []byte, out any) error {
	a, err := c.wire.do(ctx, method, prefix+path, token, body, func(status int) bool {
		return status/100 != 2 || out != nil
	})
	if err != nil {
		return err
	}
	if a.status/100 != 2 {
		return &StatusError{method, path, a.status, strings.TrimSpace(string(a.body[:min(len(a.body), 300)]))}
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(a.body, out)
}
