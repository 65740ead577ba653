package main

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// The probe must answer quickly and agree with the docker CLI. Without the
// CLI there is nothing to agree with: the test says so as a skip.
func TestDockerProbeAgreesWithTheEngine(t *testing.T) {
	start := time.Now()
	got := dockerEngineAnswers(context.Background())
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("probe took %v", d)
	}
	if _, err := exec.LookPath("docker"); err != nil {
		t.Skipf("no docker CLI on PATH to check the probe's answer (%v) against: %v", got, err)
	}
	want := exec.Command("docker", "info").Run() == nil
	if got != want {
		t.Fatalf("dockerEngineAnswers = %v, docker info says %v", got, want)
	}
}
