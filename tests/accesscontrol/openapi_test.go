package accesscontrol_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// schema is the part of a JSON Schema the body builder reads.
type schema struct {
	Ref        string             `json:"$ref"`
	Type       any                `json:"type"` // a name or a list of names
	Enum       []any              `json:"enum"`
	Format     string             `json:"format"`
	Properties map[string]*schema `json:"properties"`
	Required   []string           `json:"required"`
	Items      *schema            `json:"items"`
	ReadOnly   bool               `json:"readOnly"`
}

// is reports whether the schema allows the JSON type name.
func (s *schema) is(name string) bool {
	switch t := s.Type.(type) {
	case string:
		return t == name
	case []any:
		for _, v := range t {
			if v == name {
				return true
			}
		}
	}
	return false
}

// operation is one method on one path of the document.
type operation struct {
	ID         string
	Method     string // upper case
	Path       string // as in the document, /api/v1/posts/{id}
	PathParams []string
	// QueryParams are the names of the query parameters.
	QueryParams []string
	// Body is the request body's schema, references resolved; nil without one.
	Body        *schema
	ContentType string
}

func (o operation) String() string { return fmt.Sprintf("%s (%s %s)", o.ID, o.Method, o.Path) }

// URL fills the path's parameters, in their order, with values.
func (o operation) URL(values []string) string {
	i := 0
	return pathParam.ReplaceAllStringFunc(o.Path, func(string) string {
		v := values[i]
		i++
		return v
	})
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

type rawOperation struct {
	ID         string `json:"operationId"`
	Parameters []struct {
		Name string `json:"name"`
		In   string `json:"in"`
	} `json:"parameters"`
	RequestBody *struct {
		Content map[string]struct {
			Schema *schema `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

// parseDocument reads an OpenAPI 3.1 document into its operations, sorted
// by path and method.
func parseDocument(raw []byte) ([]operation, error) {
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]*schema `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("openapi document: %w", err)
	}
	var resolve func(s *schema, depth int) *schema
	resolve = func(s *schema, depth int) *schema {
		if s == nil || depth > 8 {
			return s
		}
		if s.Ref != "" {
			target, ok := doc.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
			if !ok {
				return s
			}
			s = target
		}
		for name, p := range s.Properties {
			s.Properties[name] = resolve(p, depth+1)
		}
		s.Items = resolve(s.Items, depth+1)
		return s
	}
	var ops []operation
	for path, item := range doc.Paths {
		for method, rawOp := range item {
			switch method {
			case "get", "put", "post", "delete", "patch":
			default:
				continue
			}
			var r rawOperation
			if err := json.Unmarshal(rawOp, &r); err != nil {
				return nil, fmt.Errorf("operation %s %s: %w", method, path, err)
			}
			op := operation{ID: r.ID, Method: strings.ToUpper(method), Path: path}
			for _, m := range pathParam.FindAllString(path, -1) {
				op.PathParams = append(op.PathParams, strings.Trim(m, "{}"))
			}
			for _, p := range r.Parameters {
				if p.In == "query" {
					op.QueryParams = append(op.QueryParams, p.Name)
				}
			}
			if r.RequestBody != nil {
				for ct, c := range r.RequestBody.Content {
					op.ContentType, op.Body = ct, resolve(c.Schema, 0)
				}
			}
			ops = append(ops, op)
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].Path != ops[j].Path {
			return ops[i].Path < ops[j].Path
		}
		return ops[i].Method < ops[j].Method
	})
	return ops, nil
}

// withPathParams are the operations that name something by a path
// parameter: the ones access control is about.
func withPathParams(ops []operation) []operation {
	var out []operation
	for _, op := range ops {
		if len(op.PathParams) > 0 {
			out = append(out, op)
		}
	}
	return out
}

// classification is what the rules table says about a document.
type classification struct {
	Unclassified []string // operations with a path parameter no rule names
	Stale        []string // rules naming no operation with a path parameter of the document
	Duplicated   []string // operations named by more than one rule
}

// classify checks the rules against the document's operations.
func classify(ops []operation, rules []rule) classification {
	var c classification
	byID := map[string]bool{}
	for _, op := range withPathParams(ops) {
		byID[op.ID] = true
	}
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.op] {
			c.Duplicated = append(c.Duplicated, r.op)
		}
		seen[r.op] = true
		if !byID[r.op] {
			c.Stale = append(c.Stale, r.op)
		}
	}
	for _, op := range withPathParams(ops) {
		if !seen[op.ID] {
			c.Unclassified = append(c.Unclassified, op.String())
		}
	}
	return c
}
