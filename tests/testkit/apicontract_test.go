package testkit

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	httpadapter "social/adapters/http"
	"social/config"
	"social/core/errs"
	"social/kit/httpkit"
)

// errorsOnly keeps what a check reports instead of failing the test.
type errorsOnly struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (e *errorsOnly) Errorf(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.errors = append(e.errors, fmt.Sprintf(format, args...))
}

func (e *errorsOnly) reported() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.errors...)
}

type greeting struct {
	Body struct {
		Text string `json:"text"`
	}
}

// TestAPIContractRefusesAnswersTheDocumentDoesNotDescribe runs the check
// on an API of four operations: the answers the document describes pass;
// an error code not listed for its status, a status not documented and a
// body off its schema are reported.
func TestAPIContractRefusesAnswersTheDocumentDoesNotDescribe(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	api := httpadapter.NewAPI(mux, cfg, nil)
	listed := httpkit.Refuses(httpkit.Refusals{http.StatusNotFound: {"thing_not_found"}})
	huma.Register(api, huma.Operation{OperationID: "listed-code", Method: http.MethodGet, Path: "/api/v1/listed",
		Summary: "Listed", Security: httpkit.Public, Metadata: listed,
	}, func(context.Context, *struct{}) (*greeting, error) {
		return nil, httpkit.ProblemFrom(context.Background(), errs.NotFound("thing_not_found", "Não encontrado."))
	})
	huma.Register(api, huma.Operation{OperationID: "unlisted-code", Method: http.MethodGet, Path: "/api/v1/unlisted",
		Summary: "Unlisted", Security: httpkit.Public, Metadata: listed,
	}, func(context.Context, *struct{}) (*greeting, error) {
		return nil, httpkit.ProblemFrom(context.Background(), errs.NotFound("other_not_found", "Não encontrado."))
	})
	huma.Register(api, huma.Operation{OperationID: "undocumented-status", Method: http.MethodGet, Path: "/api/v1/conflict",
		Summary: "Conflict", Security: httpkit.Public, Metadata: listed,
	}, func(context.Context, *struct{}) (*greeting, error) {
		return nil, httpkit.ProblemFrom(context.Background(), errs.Conflict("thing_taken", "Já existe."))
	})
	huma.Register(api, huma.Operation{OperationID: "fine", Method: http.MethodGet, Path: "/api/v1/fine",
		Summary: "Fine", Security: httpkit.Public, Metadata: httpkit.Refuses(nil),
	}, func(context.Context, *struct{}) (*greeting, error) {
		out := &greeting{}
		out.Body.Text = "olá"
		return out, nil
	})
	// Not through Huma: a body whose field has the wrong type.
	mux.HandleFunc("GET /api/v1/off-schema", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"text": 42}`))
	})
	api.OpenAPI().AddOperation(&huma.Operation{OperationID: "off-schema", Method: http.MethodGet, Path: "/api/v1/off-schema",
		Summary: "Off", Security: httpkit.Public, Metadata: httpkit.Refuses(nil),
		Responses: map[string]*huma.Response{"200": {Description: "OK", Content: map[string]*huma.MediaType{
			"application/json": {Schema: api.OpenAPI().Paths["/api/v1/fine"].Get.Responses["200"].Content["application/json"].Schema}}}}})

	rec := &errorsOnly{TB: t}
	srv := httptest.NewServer(NewAPIContract(rec, api).Wrap(mux))
	defer srv.Close()
	want := map[string]string{
		"/api/v1/listed":     "",
		"/api/v1/fine":       "",
		"/api/v1/unlisted":   `code "other_not_found" is not listed for 404`,
		"/api/v1/conflict":   "status is not supported",
		"/api/v1/off-schema": "text",
	}
	for path, complaint := range want {
		before := len(rec.reported())
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		got := rec.reported()[before:]
		switch {
		case complaint == "" && len(got) > 0:
			t.Errorf("%s: reported %q, want nothing", path, got)
		case complaint != "" && (len(got) != 1 || !strings.Contains(got[0], complaint)):
			t.Errorf("%s: reported %q, want one report naming %q", path, got, complaint)
		}
	}
}
