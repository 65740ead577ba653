package reliability_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"syscall"
	"testing"
	"time"
)

// A keyed create answered just before its server is stopped: the client's
// retry with the same Idempotency-Key, on the process that replaces it,
// gets the same answer again (the same post, marked replayed), and the
// post is stored once. The answer must survive the process that stored
// it, and the new process must not take the claim over as unfinished.
func TestAKeyedCreateAnswersTheSameAfterItsServerStops(t *testing.T) {
	rig := newProcessRig(t)
	first := rig.Serve(t)
	ana := rig.Member(t, first, "ana_reinicio")

	create := func(p *serveProcess) (int, string, bool) {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"text_content": "escrito uma vez antes da parada"})
		req, err := http.NewRequest(http.MethodPost, p.URL+"/api/v1/posts", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+ana.Token)
		req.Header.Set("Idempotency-Key", "antes-da-parada")
		resp, err := noRedirects.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out struct {
			ID string `json:"id"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out.ID, resp.Header.Get("Idempotent-Replayed") == "true"
	}

	status, id, _ := create(first)
	if status != http.StatusCreated || id == "" {
		t.Fatalf("first create: %d %q", status, id)
	}
	first.Signal(t, syscall.SIGTERM)
	if code, err := first.Wait(40 * time.Second); err != nil || code != 0 {
		t.Fatalf("first process: exit %d, %v", code, err)
	}

	second := rig.Serve(t)
	status, again, replayed := create(second)
	if status != http.StatusCreated || again != id || !replayed {
		t.Fatalf("retry on the new process: %d, post %q (first %q), replayed %v; want the first answer again",
			status, again, id, replayed)
	}
	if n := queryInt(t, rig.DB, `SELECT count(*) FROM posts WHERE text_content = 'escrito uma vez antes da parada'`); n != 1 {
		t.Fatalf("%d posts stored, want 1", n)
	}
	if n := queryInt(t, rig.DB, `SELECT count(*) FROM idempotency_keys WHERE key = 'antes-da-parada' AND committed_at IS NOT NULL`); n != 1 {
		t.Fatal("the create's key was not marked committed in its transaction")
	}
}
