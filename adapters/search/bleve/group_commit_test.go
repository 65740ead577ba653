package bleve_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"social/core/ports"
)

// Writers that arrive together share commits: every document of every
// writer is in the index when its call returns, and a later write of one
// document wins over an earlier one.
func TestConcurrentWritesAreAllCommitted(t *testing.T) {
	t.Parallel()
	x := open(t, filepath.Join(t.TempDir(), "search.bleve"))
	ctx := context.Background()
	const writers = 40
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("u%d", i)
			if err := x.Upsert(ctx, ports.SearchDoc{Kind: ports.SearchUser, ID: id, Handle: fmt.Sprintf("grupo%d", i), DisplayName: "Grupo"}); err != nil {
				errs <- err
				return
			}
			// The call returned: the document must be found now.
			res, err := x.Search(ctx, fmt.Sprintf("grupo%d", i), []ports.SearchKind{ports.SearchUser}, 50)
			if err != nil {
				errs <- err
				return
			}
			found := false
			for _, h := range res[ports.SearchUser] {
				found = found || h.ID == id
			}
			if !found {
				errs <- fmt.Errorf("%s not found once its Upsert returned", id)
				return
			}
			if i%2 == 0 {
				errs <- x.Delete(ctx, ports.SearchUser, id)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	res, err := x.Search(ctx, "grupo", []ports.SearchKind{ports.SearchUser}, 100)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(res[ports.SearchUser]); got != writers/2 {
		t.Fatalf("%d documents left, want the %d never deleted", got, writers/2)
	}
	for _, h := range res[ports.SearchUser] {
		var n int
		if _, err := fmt.Sscanf(h.ID, "u%d", &n); err != nil || n%2 == 0 {
			t.Errorf("%s is left, though it was deleted", h.ID)
		}
	}
}
