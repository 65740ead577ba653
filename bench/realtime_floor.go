package bench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"social/bench/floor"
	"social/bench/load"
)

// RealtimeFloor is the realtime workload against its raw floor
// (floor.ServeWebSocket): as many sockets, as many events of the same
// size at the same pace, read by the same generator, the server a bare
// WebSocket fan-out. Latencies are from the event's published_at.
type RealtimeFloor struct {
	Connected    int     `json:"connected"`
	FrameBytes   int     `json:"frame_bytes"`
	Published    int     `json:"published"`
	Expected     int64   `json:"expected"`
	Received     int64   `json:"received"`
	P50          float64 `json:"p50_ms"`
	P99          float64 `json:"p99_ms"`
	Max          float64 `json:"max_ms"`
	ServerRSSMB  float64 `json:"server_rss_mb"`
	ServerCPU    float64 `json:"server_cpu_cores"`
	GeneratorCPU float64 `json:"generator_cpu_cores"`
	Error        string  `json:"error,omitempty"`
}

func (f RealtimeFloor) line() string {
	return fmt.Sprintf("floor (bare WebSocket fan-out): %d sockets, %d-byte events, %d/%d delivered, from publication p50 %.1f ms p99 %.1f ms max %.1f ms, server RSS %.0f MB, CPU server %.2f generator %.2f cores",
		f.Connected, f.FrameBytes, f.Received, f.Expected, f.P50, f.P99, f.Max, f.ServerRSSMB, f.ServerCPU, f.GeneratorCPU)
}

// startWebSocketFloor starts the floor's server, socialbench itself run
// with floor.WebSocketCommand, before the generator lowers its own
// priority (a process started later would inherit it).
func startWebSocketFloor(ctx context.Context) (*server, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, floor.WebSocketCommand)
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		addr <- strings.TrimSpace(line)
	}()
	go func() { s.done <- cmd.Wait() }()
	select {
	case a := <-addr:
		if a == "" {
			s.stop()
			return nil, errors.New("realtime floor: the server printed no address")
		}
		s.url = "http://" + a
		return s, nil
	case <-time.After(30 * time.Second):
	case <-ctx.Done():
	}
	s.stop()
	return nil, errors.New("realtime floor: the server did not start")
}

// runRealtimeFloor measures the floor on srv (startWebSocketFloor) with
// events of frameBytes, the size the real workload's events had.
func runRealtimeFloor(ctx context.Context, srv *server, cfg Config, frameBytes int) RealtimeFloor {
	res := RealtimeFloor{FrameBytes: frameBytes}
	socks := dialSockets(ctx, cfg.Sockets, "ws"+strings.TrimPrefix(srv.url, "http")+"/ws",
		func(int) http.Header { return nil }, nil)
	res.Connected, res.Error = socks.connected, socks.err
	res.ServerRSSMB, _ = srv.memory()
	var pubs []publication
	var publishErr error
	res.ServerCPU, res.GeneratorCPU, publishErr = publishPaced(srv, cfg.Publishes*2, true, &res.ServerRSSMB, func(i int) error {
		key := fmt.Sprintf("floor-%d", i)
		at := time.Now()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, fmt.Sprintf("%s/publish?key=%s&bytes=%d", srv.url, key, frameBytes), nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		pubs = append(pubs, publication{floor.WebSocketEventType + ":" + key, at, time.Now()})
		return nil
	})
	if publishErr != nil {
		res.Error = publishErr.Error()
	}
	res.Published = len(pubs)
	socks.close()
	m := socks.match(pubs)
	res.Expected = int64(res.Published) * int64(res.Connected)
	res.Received = int64(len(m.fromCommit))
	res.P50, res.P99 = ms(load.Percentile(m.fromCommit, 50)), ms(load.Percentile(m.fromCommit, 99))
	if len(m.fromCommit) > 0 {
		res.Max = ms(m.fromCommit[len(m.fromCommit)-1])
	}
	return res
}
