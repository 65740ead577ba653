package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/kit/demo"
)

// actorMap is a RemoteActorStore over a map by key id, counting reads.
type actorMap struct {
	byKey map[string]RemoteActor
	reads int
}

func (m *actorMap) ActorByURI(context.Context, string) (RemoteActor, error) {
	return RemoteActor{}, domain.ErrNotFound
}
func (m *actorMap) ActorByKeyID(_ context.Context, keyID string) (RemoteActor, error) {
	m.reads++
	a, ok := m.byKey[keyID]
	if !ok {
		return a, domain.ErrNotFound
	}
	return a, nil
}
func (m *actorMap) SaveActor(_ context.Context, a RemoteActor) error {
	m.byKey[a.KeyID] = a
	return nil
}

func TestActorCacheAnswersAMinuteAndNeverAnOlderKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	key := "https://a.example/users/ana#main-key"
	store := &actorMap{byKey: map[string]RemoteActor{key: {KeyID: key, PublicKey: "old"}}}
	clock := demo.NewClock(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	c := &ActorCache{Store: store, Clock: clock}
	read := func() string {
		t.Helper()
		a, err := c.ActorByKeyID(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		return a.PublicKey
	}
	read()
	read()
	if store.reads != 1 {
		t.Fatalf("%d reads of the store within the minute, want 1", store.reads)
	}
	if err := c.SaveActor(ctx, RemoteActor{KeyID: key, PublicKey: "new"}); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "new" {
		t.Fatalf("after the key was saved, the cache answered %q", got)
	}
	clock.Set(clock.Now().Add(actorCacheLifetime + time.Second))
	read()
	if store.reads != 3 {
		t.Fatalf("%d reads of the store, want 3 (one after the save, one after the minute)", store.reads)
	}
	if _, err := c.ActorByKeyID(ctx, "https://a.example/unknown#key"); err == nil {
		t.Fatal("an unknown key was found")
	}
}

func TestPolicyCacheForgetsOnWrite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := policyMap{}
	clock := demo.NewClock(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	policies := &InstancePolicies{Store: &PolicyCache{Store: store, Clock: clock}}
	if s, _ := policies.Suspended(ctx, "bad.example"); s {
		t.Fatal("a domain without a policy is suspended")
	}
	// Written behind the cache's back (another node): holds within the
	// cache's lifetime.
	store["bad.example"] = InstancePolicy{Domain: "bad.example", Suspend: true}
	if s, _ := policies.Suspended(ctx, "bad.example"); s {
		t.Fatal("the policy was read again within the lifetime")
	}
	clock.Set(clock.Now().Add(policyCacheLifetime))
	if s, _ := policies.Suspended(ctx, "bad.example"); !s {
		t.Fatal("another node's policy does not hold after the lifetime")
	}
	// Written through the cache (this node): holds at once.
	delete(store, "bad.example")
	if err := policies.Store.DeletePolicy(ctx, [16]byte{}); err != nil {
		t.Fatal(err)
	}
	if s, _ := policies.Suspended(ctx, "bad.example"); s {
		t.Fatal("a policy removed on this node still holds")
	}
}
