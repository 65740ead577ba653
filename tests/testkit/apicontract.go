package testkit

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/danielgtaylor/huma/v2"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"

	"social/kit/httpkit"
)

// APIContract checks every answer an app gives under the API against the
// app's own OpenAPI document: a status the operation does not document, a
// body or header that does not fit its schema, or an error code that is not
// among the codes listed for that status (x-error-codes) fails the test.
// StartApp puts it around every test app, so each API test also tests the
// document that clients are generated from.
type APIContract struct {
	doc    *openapi3.T
	routes *http.ServeMux
	byPat  map[string]*routers.Route

	mu   sync.Mutex
	t    testing.TB
	done bool
}

// contractDocs caches the loaded document per distinct document: loading
// and checking it costs more than a test's requests do.
var contractDocs sync.Map // sha256 of the 3.0 JSON -> *openapi3.T

// NewAPIContract loads api's document (downgraded to OpenAPI 3.0, which is
// what client generators read) and reports to t. mounts are the patterns of
// plain handlers beside the API (httpkit.Mount): a request they serve
// is none of the document's, even when an operation's path matches it.
func NewAPIContract(t testing.TB, api huma.API, mounts ...string) *APIContract {
	t.Helper()
	raw, err := api.OpenAPI().Downgrade()
	if err != nil {
		t.Fatalf("downgrade the OpenAPI document: %v", err)
	}
	sum := sha256.Sum256(raw)
	var doc *openapi3.T
	if v, ok := contractDocs.Load(sum); ok {
		doc = v.(*openapi3.T)
	} else {
		loader := openapi3.NewLoader()
		doc, err = loader.LoadFromData(raw)
		if err != nil {
			t.Fatalf("load the OpenAPI document: %v", err)
		}
		// Not doc.Validate: the document's own lint is Redocly's (make
		// lint), and Huma's 3.0 downgrade keeps a few 3.1 keywords
		// (contentMediaType) that a strict 3.0 check refuses and
		// validating answers ignores.
		contractDocs.Store(sum, doc)
	}
	c := &APIContract{doc: doc, routes: http.NewServeMux(), byPat: map[string]*routers.Route{}, t: t}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			pattern := method + " " + path
			c.byPat[pattern] = &routers.Route{Spec: doc, Path: path, PathItem: item, Method: method, Operation: op}
			c.routes.HandleFunc(pattern, func(http.ResponseWriter, *http.Request) {})
		}
	}
	for _, m := range mounts {
		c.routes.HandleFunc(m, func(http.ResponseWriter, *http.Request) {})
	}
	// Registered before the app's own cleanup, so it runs after the app
	// stopped: no answer is checked once the test is over.
	t.Cleanup(func() {
		c.mu.Lock()
		c.done = true
		c.mu.Unlock()
	})
	return c
}

// Wrap checks the answers of next.
func (c *APIContract) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, pattern := c.routes.Handler(r)
		route := c.byPat[pattern]
		if route == nil || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		rec := &answerCopy{StatusRecorder: httpkit.StatusRecorder{ResponseWriter: w}}
		next.ServeHTTP(rec, r)
		if rec.Status == 0 {
			rec.Status = http.StatusOK
		}
		if err := rec.decode(); err != nil {
			c.fail("%s %s answered a body that does not decode: %v", r.Method, r.URL.Path, err)
			return
		}
		if err := c.check(r, route, rec); err != nil {
			c.fail("%s %s answered %d, which the OpenAPI document does not describe: %v\nbody: %.600s",
				r.Method, r.URL.Path, rec.Status, err, rec.body.String())
		}
	})
}

func (c *APIContract) check(r *http.Request, route *routers.Route, rec *answerCopy) error {
	if rec.Status == 499 {
		return nil // the client went away and reads nothing
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: r, Route: route},
		Status:                 rec.Status,
		Header:                 rec.Header(),
		Body:                   io.NopCloser(bytes.NewReader(rec.body.Bytes())),
		Options: &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true,
			AuthenticationFunc: openapi3filter.NoopAuthenticationFunc},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		return err
	}
	if rec.Status < 400 {
		return nil
	}
	var problem struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(rec.body.Bytes(), &problem); err != nil {
		return fmt.Errorf("error answer is not a problem: %w", err)
	}
	resp := route.Operation.Responses.Status(rec.Status)
	listed := errorCodes(resp.Value.Extensions["x-error-codes"])
	if !slices.Contains(listed, problem.Code) {
		return fmt.Errorf("code %q is not listed for %d (x-error-codes: %s)", problem.Code, rec.Status,
			strings.Join(listed, ", "))
	}
	return nil
}

func errorCodes(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, c := range list {
		if s, ok := c.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func (c *APIContract) fail(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.done {
		c.t.Errorf(format, args...)
	}
}

// answerCopy passes an answer through and keeps a copy of its body.
type answerCopy struct {
	httpkit.StatusRecorder
	body bytes.Buffer
}

// decode turns a compressed copy back into the body the schema describes.
func (a *answerCopy) decode() error {
	if a.Header().Get("Content-Encoding") != "gzip" {
		return nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(a.body.Bytes()))
	if err != nil {
		return err
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	a.body.Reset()
	a.body.Write(plain)
	return nil
}

func (a *answerCopy) Write(b []byte) (int, error) {
	a.body.Write(b)
	return a.StatusRecorder.Write(b)
}
