package soak

import (
	"context"
	"time"
)

// FaultEvent is one step of the failure script, as the report lists it.
type FaultEvent struct {
	AtS    float64 `json:"at_s"`
	Action string  `json:"action"`
	Error  string  `json:"error,omitempty"`
	TookS  float64 `json:"took_s"`
}

// faults breaks the cluster on a schedule proportional to the run: a node
// SIGKILLed at 10 % and started again 5 s later, a NATS server SIGKILLed at
// 25 % and started again 15 s later, the replica stopped at 38 % for 30 s,
// the primary restarted at 78 %.
func (s *soak) faults(ctx context.Context) []FaultEvent {
	d := s.cfg.Duration
	at := func(f float64) time.Duration { return time.Duration(float64(d) * f) }
	steps := []struct {
		at   time.Duration
		args []string
	}{
		{at(0.10), []string{"kill", "node2"}},
		{at(0.10) + 5*time.Second, []string{"start-part", "node2"}},
		{at(0.25), []string{"kill", "nats1"}},
		{at(0.25) + 15*time.Second, []string{"start-part", "nats1"}},
		{at(0.38), []string{"stop-part", "replica"}},
		{at(0.38) + 30*time.Second, []string{"start-part", "replica"}},
		{at(0.78), []string{"stop-part", "primary"}},
		{at(0.78) + time.Second, []string{"start-part", "primary"}},
	}
	var out []FaultEvent
	for _, st := range steps {
		wait := time.Until(s.start.Add(st.at))
		select {
		case <-ctx.Done():
			return out
		case <-time.After(wait):
		}
		t0 := time.Now()
		err := s.cfg.Cluster(ctx, st.args...)
		ev := FaultEvent{AtS: round1(t0.Sub(s.start).Seconds()), Action: st.args[0] + " " + st.args[1],
			TookS: round1(time.Since(t0).Seconds())}
		if err != nil {
			ev.Error = err.Error()
		}
		s.cfg.Logf("soak: %5.1fs %s (%.1fs)%s", ev.AtS, ev.Action, ev.TookS, map[bool]string{true: " " + ev.Error}[err != nil])
		out = append(out, ev)
	}
	return out
}

func round1(f float64) float64 { return float64(int(f*10+0.5)) / 10 }
