package accesscontrol_test

import (
	"slices"
	"testing"
)

// A small document: the classifier names the operation with a path
// parameter that no rule covers, the rule whose operation is gone, the
// operation classified twice, and ignores operations without a parameter.
func TestClassifierNamesUnclassifiedAndStaleOperations(t *testing.T) {
	doc := []byte(`{"openapi": "3.1.0", "paths": {
		"/api/v1/things": {"get": {"operationId": "list-things"}, "post": {"operationId": "create-thing",
			"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}}}},
		"/api/v1/things/{id}": {
			"get": {"operationId": "get-thing", "parameters": [{"name": "id", "in": "path"}]},
			"delete": {"operationId": "delete-thing", "parameters": [{"name": "id", "in": "path"}]}},
		"/api/v1/things/{id}/parts/{partId}": {
			"put": {"operationId": "put-part", "parameters": [{"name": "id", "in": "path"}, {"name": "partId", "in": "path"}]}}},
		"components": {"schemas": {"Thing": {"type": "object", "required": ["name"],
			"properties": {"name": {"type": "string"}, "kind": {"type": "string", "enum": ["a", "b"]}}}}}}`)
	ops, err := parseDocument(doc)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(withPathParams(ops)); got != 3 {
		t.Fatalf("%d operations with a path parameter, want 3", got)
	}
	for _, op := range ops {
		if op.ID == "put-part" {
			if !slices.Equal(op.PathParams, []string{"id", "partId"}) || op.URL([]string{"1", "2"}) != "/api/v1/things/1/parts/2" {
				t.Fatalf("put-part: params %v, url %s", op.PathParams, op.URL([]string{"1", "2"}))
			}
		}
		if op.ID == "create-thing" {
			if op.Body == nil || op.Body.Properties["kind"] == nil || len(op.Body.Properties["kind"].Enum) != 2 || op.Body.Required[0] != "name" {
				t.Fatalf("create-thing's body schema was not resolved: %+v", op.Body)
			}
		}
	}
	c := classify(ops, []rule{
		{op: "get-thing", class: anyMember},
		{op: "put-part", class: ownerOnly},
		{op: "put-part", class: ownerOnly},
		{op: "rename-thing", class: ownerOnly},
		{op: "list-things", class: anyMember},
	})
	if !slices.Equal(c.Unclassified, []string{"delete-thing (DELETE /api/v1/things/{id})"}) {
		t.Errorf("unclassified = %q", c.Unclassified)
	}
	if !slices.Equal(c.Stale, []string{"rename-thing", "list-things"}) {
		t.Errorf("stale = %q", c.Stale)
	}
	if !slices.Equal(c.Duplicated, []string{"put-part"}) {
		t.Errorf("duplicated = %q", c.Duplicated)
	}
	if c := classify(ops, []rule{{op: "get-thing"}, {op: "delete-thing"}, {op: "put-part"}}); len(c.Unclassified)+len(c.Stale)+len(c.Duplicated) > 0 {
		t.Errorf("a complete table is reported: %+v", c)
	}
}
