// Package httpcall sends one JSON request to a translation provider and maps
// the failures every provider shares (network, timeout, 5xx, unreadable
// answers) to the port's errors; each adapter maps its own statuses.
package httpcall

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"social/core/ports"
)

// maxBody bounds a provider's answer; a translated post is a few kilobytes.
const maxBody = 1 << 20

// Response is a provider's answer, read whole.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// PostJSON sends body as JSON to url with the headers and reads the answer.
// Transport failures (timeout included) come back as translation_failed.
func PostJSON(ctx context.Context, client *http.Client, url string, headers map[string]string, body any) (Response, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return Response{}, ports.ErrTranslationFailed(fmt.Errorf("encode request: %w", err))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(raw))
	if err != nil {
		return Response{}, ports.ErrTranslationFailed(fmt.Errorf("build request: %w", err))
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		return Response{}, ports.ErrTranslationFailed(fmt.Errorf("POST %s: %w", req.URL.Redacted(), err))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return Response{}, ports.ErrTranslationFailed(fmt.Errorf("read answer of %s: %w", req.URL.Redacted(), err))
	}
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: data}, nil
}

// Decode reads a successful answer into v; malformed JSON is translation_failed.
func Decode(r Response, v any) error {
	if err := json.Unmarshal(r.Body, v); err != nil {
		return ports.ErrTranslationFailed(fmt.Errorf("decode answer: %w", err))
	}
	return nil
}

// Unexpected describes a status the adapter does not handle, with a short
// excerpt of the body for the logs.
func Unexpected(r Response) error {
	excerpt := strings.TrimSpace(string(r.Body))
	if len(excerpt) > 300 {
		excerpt = excerpt[:300]
	}
	return fmt.Errorf("HTTP %d: %s", r.Status, excerpt)
}

// RetryAfter reads a Retry-After header in seconds (0 when absent or a date).
func RetryAfter(h http.Header) time.Duration {
	secs, err := strconv.Atoi(strings.TrimSpace(h.Get("Retry-After")))
	if err != nil || secs < 0 {
		return 0
	}
	return time.Duration(secs) * time.Second
}

// Client is an HTTP client that gives up after timeout.
func Client(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout}
}

// Language splits a browser language tag ("pt-BR", "en_us") into its primary
// subtag ("pt") and region ("BR"); ok is false for anything that is not one.
func Language(tag string) (primary, region string, ok bool) {
	tag = strings.ReplaceAll(strings.TrimSpace(tag), "_", "-")
	primary, region, _ = strings.Cut(tag, "-")
	if !isLetters(primary, 2, 3) || (region != "" && !isLetters(region, 2, 4)) {
		return "", "", false
	}
	return strings.ToLower(primary), strings.ToUpper(region), true
}

func isLetters(s string, minLen, maxLen int) bool {
	if len(s) < minLen || len(s) > maxLen {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}
