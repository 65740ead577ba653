package bleve_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"social/adapters/search/bleve"
	"social/adapters/search/searchtest"
	"social/core/ports"
)

func open(t *testing.T, dir string) *bleve.Index {
	t.Helper()
	x, err := bleve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = x.Close() })
	return x
}

func TestContract(t *testing.T) {
	t.Parallel()
	searchtest.Run(t, func(t *testing.T) ports.SearchIndex {
		return open(t, filepath.Join(t.TempDir(), "search.bleve"))
	})
}

func TestReopenKeepsDocuments(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "search.bleve")
	x, err := bleve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !x.Rebuilt {
		t.Error("a new index is not reported as rebuilt")
	}
	ctx := context.Background()
	if err := x.Upsert(ctx, ports.SearchDoc{Kind: ports.SearchUser, ID: "u1", Handle: "joana", DisplayName: "Joana"}); err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	y := open(t, dir)
	if y.Rebuilt {
		t.Error("an index of this version was rebuilt")
	}
	res, err := y.Search(ctx, "joa", []ports.SearchKind{ports.SearchUser}, 5)
	if err != nil || len(res[ports.SearchUser]) != 1 {
		t.Fatalf("after reopen: %v %v", res, err)
	}
}

func TestLockedIndexIsAClearError(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "search.bleve")
	open(t, dir)
	_, err := bleve.Open(dir)
	if !errors.Is(err, bleve.ErrLocked) {
		t.Fatalf("second open: %v", err)
	}
	t.Log(err)
}
