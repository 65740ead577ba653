package main

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// The probe must answer quickly and agree with the docker CLI, where there is one.
func TestDockerProbeAgreesWithTheEngine(t *testing.T) {
	start := time.Now()
	got := dockerEngineAnswers(context.Background())
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("probe took %v", d)
	}
	if _, err := exec.LookPath("docker"); err != nil {
		return
	}
	want := exec.Command("docker", "info").Run() == nil
	if got != want {
		t.Fatalf("dockerEngineAnswers = %v, docker info says %v", got, want)
	}
}
