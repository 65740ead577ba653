package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"social/bench/floor"
	"social/bench/load"
)

func fullReport() *Report {
	r := &Report{StartedAt: time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC), Smoke: true,
		Freshness: &Freshness{Posts: 3}, Realtime: &RealtimeResult{Connected: 10, Received: 60, Published: 6, Expected: 60},
		Push: &PushResult{Devices: 20, Likes: 20, Received: 20, Likers: 5, CollapseNotified: 5, CollapsePushes: 1},
		Federation: &FederationResult{
			Delivery: &DeliveryResult{Followers: 20, Hosts: 2, Runs: []DeliveryRun{{Expected: 20, Received: 20}, {Expected: 2, Received: 2}}},
			Inbox: &InboxResult{Rate: 10, Inbox: load.Result{Requests: 10}, Processed: 10,
				Before: load.Result{Requests: 5}, During: load.Result{Requests: 5}}}}
	for i := range 11 {
		r.Workloads = append(r.Workloads, WorkloadResult{Name: "w" + string(rune('a'+i)),
			API:    load.Bounded{Peak: load.Result{Throughput: 100, Requests: 100}, AtBound: load.Result{Requests: 50, Throughput: 50}},
			Floors: []FloorResult{{Name: "same SQL", Result: floor.Result{TPS: 200, Transactions: 2000}, Ratio: 0.5}}})
	}
	return r
}

// The smoke check passes a run with figures everywhere and names what is
// missing otherwise.
func TestCompleteNamesWorkloadsWithoutFigures(t *testing.T) {
	if err := fullReport().complete(nil); err != nil {
		t.Fatal(err)
	}
	r := fullReport()
	r.Workloads[2].Floors[0].TPS = 0
	r.Workloads[4].API.Peak.Errors = 3
	r.Realtime.Received = 0
	err := r.complete(nil)
	if err == nil || !strings.Contains(err.Error(), "wc") || !strings.Contains(err.Error(), "we") ||
		!strings.Contains(err.Error(), "realtime") || strings.Contains(err.Error(), "wa") || strings.Contains(err.Error(), "push") {
		t.Fatalf("%v", err)
	}
	// The likes of one post pushed twice, and a device got nothing.
	r = fullReport()
	r.Push.CollapsePushes = 2
	r.Push.Lost, r.Push.Received = 1, 19
	if err := r.complete(nil); err == nil || !strings.Contains(err.Error(), "push (1 of 20 devices got nothing; 2 pushes for 5 likes") {
		t.Fatalf("%v", err)
	}
	// A delivery whose signature failed; a run limited to the federation
	// workloads checks those alone.
	r = fullReport()
	r.Federation.Delivery.BadSigs = 1
	if err := r.complete(nil); err == nil || !strings.Contains(err.Error(), "federation_delivery") {
		t.Fatalf("%v", err)
	}
	r.Workloads, r.Realtime, r.Push = nil, nil, nil
	if err := r.complete(map[string]bool{FederationInbox: true}); err != nil {
		t.Fatal(err)
	}
	r.Federation.Inbox.Processed = 0
	if err := r.complete(map[string]bool{FederationInbox: true}); err == nil || !strings.Contains(err.Error(), "federation_inbox") {
		t.Fatalf("%v", err)
	}
}

// The page stands alone (no outside script, style or font) and shows the
// previous run's ratio beside this one's.
func TestHTMLIsSelfContainedAndComparesRuns(t *testing.T) {
	dir := t.TempDir()
	prev := fullReport()
	prev.Smoke = false
	prev.StartedAt = prev.StartedAt.Add(-time.Hour)
	prev.Workloads[0].Floors[0].Ratio = 0.25
	if err := prev.write(dir); err != nil {
		t.Fatal(err)
	}
	r := fullReport()
	if err := r.write(dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "20261123-150000-smoke.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, bad := range []string{"<script", "<link", "src=", "@import"} {
		if strings.Contains(page, bad) {
			t.Errorf("page has %q", bad)
		}
	}
	if !strings.Contains(page, "previous ratio") || !strings.Contains(page, "0.25x") || !strings.Contains(page, "0.50x") {
		t.Errorf("no comparison with the previous run:\n%s", page)
	}
	back, err := LoadReport(filepath.Join(dir, "20261123-150000-smoke.json"))
	if err != nil || len(back.Workloads) != 11 {
		t.Fatalf("%v %+v", err, back)
	}
}
