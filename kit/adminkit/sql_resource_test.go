package adminkit

import (
	"context"
	"testing"

	"github.com/google/uuid"
)

func TestSQLResourceReadsTheSimpleRestQuery(t *testing.T) {
	r := SQLResource[struct{}]{Name: "things", Singular: "thing", DefaultSort: "created_at",
		Sortable: map[string]string{"created_at": "t.created_at", "name": "t.name"}, Filters: []Filter{{Key: "kind", Kind: Text, Where: "t.kind = ?"}},
		List: func(context.Context, SQLQuery) ([]struct{}, int, error) { return nil, 0, nil }}
	id := uuid.New()
	q, err := r.parse(ListInput{Sort: `["name","ASC"]`, Range: `[10,19]`,
		Filter: `{"q":"samba","kind":"open","id":["` + id.String() + `"]}`})
	if err != nil {
		t.Fatal(err)
	}
	if q.Sort != "name" || !q.Asc || q.Offset != 10 || q.Limit != 10 || q.Search != "samba" ||
		q.Filter["kind"] != "open" || len(q.IDs) != 1 || q.IDs[0] != id {
		t.Fatalf("query = %+v", q)
	}
	if q, _ := r.parse(ListInput{Range: `[0,10000]`}); q.Limit != MaxPage || q.Sort != "created_at" {
		t.Errorf("a huge range: %+v", q)
	}
	for _, bad := range []ListInput{
		{Sort: `["password","ASC"]`}, // not sortable
		{Sort: `"name"`},
		{Range: `[5,1]`},
		{Range: `[-1,4]`},
		{Filter: `{"owner":"x"}`}, // not one of the resource's filters
		{Filter: `{"id":"not-a-uuid"}`},
		{Filter: `[`},
	} {
		if _, err := r.parse(bad); err != ErrBadList {
			t.Errorf("%+v: err = %v, want ErrBadList", bad, err)
		}
	}
}
