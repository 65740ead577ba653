package reliability_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"social/adapters/postgres/cluster"
)

// A server whose rooms have been used — joined and left, sockets dropped
// and back within the grace, rooms left open with people in them, leaves
// still pending — stops on SIGINT at once: exit code 0 well within
// http.shutdown_timeout, and its private PostgreSQL cluster stopped.
func TestSigintAfterRoomChurnStopsPromptly(t *testing.T) {
	t.Parallel()
	const shutdownTimeout = 10 * time.Second
	r := newProcessRig(t)
	pgPort, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	// The cluster's own user (postgres, when tests run as root) must enter
	// the data folder.
	dataDir, err := os.MkdirTemp("", "social-sigint-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dataDir) })
	if err := os.Chmod(dataDir, 0o755); err != nil {
		t.Fatal(err)
	}
	r.DataDir = dataDir
	p := r.Serve(t,
		"SOCIAL_DATABASE_URL=", // the private cluster, under the data folder
		fmt.Sprintf("SOCIAL_DATABASE_EMBEDDED_PORT=%d", pgPort),
		"SOCIAL_ROOMS_PRESENCE_GRACE=30s",
		"SOCIAL_HTTP_SHUTDOWN_TIMEOUT="+shutdownTimeout.String(),
	)
	pidFile := filepath.Join(r.DataDir, "postgres", "postmaster.pid")
	if _, err := os.Stat(pidFile); err != nil {
		t.Fatalf("the private cluster is not running under the data folder: %v", err)
	}

	members := []rigMember{r.Member(t, p, "ana"), r.Member(t, p, "bia"), r.Member(t, p, "cai")}
	var stations struct {
		Stations []struct{ ID string } `json:"stations"`
	}
	p.MustCall(t, members[0].Token, http.MethodGet, "/api/v1/rooms/stations", nil, http.StatusOK, &stations)
	if len(stations.Stations) == 0 {
		t.Fatal("no station")
	}
	var rooms []string
	for i := range 3 {
		var room struct{ ID string }
		p.MustCall(t, members[i].Token, http.MethodPost, "/api/v1/rooms",
			map[string]any{"name": fmt.Sprintf("Sala %d", i+1), "station_id": stations.Stations[i%len(stations.Stations)].ID},
			http.StatusCreated, &room)
		rooms = append(rooms, "room:"+room.ID)
	}
	for round := range 3 {
		for i, m := range members {
			// Round 2 comes back to round 0's room, whose leave is pending.
			topic := rooms[(i+round%2)%len(rooms)]
			// A reload: the socket drops and comes back within the grace.
			p.Socket(t, m.Token, topic).conn.Close()
			s := p.Socket(t, m.Token, topic)
			// Another room joined and left over HTTP.
			other := rooms[(i+round+1)%len(rooms)][len("room:"):]
			p.MustCall(t, m.Token, http.MethodPost, "/api/v1/rooms/"+other+"/join", nil, http.StatusOK, nil)
			p.MustCall(t, m.Token, http.MethodPost, "/api/v1/rooms/"+other+"/leave", nil, http.StatusOK, nil)
			if round < 2 {
				s.conn.Close() // a leave left pending for the grace
			}
		}
	}

	start := time.Now()
	p.Signal(t, syscall.SIGINT)
	code, err := p.Wait(shutdownTimeout)
	if err != nil {
		t.Fatalf("%v after SIGINT (http.shutdown_timeout %v)", err, shutdownTimeout)
	}
	t.Logf("stopped in %v", time.Since(start))
	if code != 0 {
		t.Fatalf("exit code %d, want 0", code)
	}
	if _, err := os.Stat(pidFile); !os.IsNotExist(err) {
		t.Fatalf("the private cluster was left running (%s: %v)", pidFile, err)
	}
}
