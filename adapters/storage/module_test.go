package storage_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"social/adapters/storage"
	"social/adapters/storage/disk"
	"social/adapters/storage/s3"
	"social/adapters/storage/storagetest"
	"social/config"
	"social/core/ports"
	"social/kit/httpkit"
)

func testConfig(t *testing.T) *config.Config {
	t.Helper()
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir = t.TempDir()
	return cfg
}

type provided struct {
	fx.In
	Store  ports.BlobStore
	Mounts []httpkit.Mount `group:"http_mounts"`
}

func start(t *testing.T, cfg *config.Config) (provided, *fxtest.App, error) {
	t.Helper()
	var got provided
	app := fxtest.New(t,
		fx.Supply(cfg, slog.New(slog.DiscardHandler)),
		storage.Module,
		fx.Populate(&got),
		fx.NopLogger,
	)
	err := app.Start(context.Background())
	if err == nil {
		t.Cleanup(app.RequireStop)
	}
	return got, app, err
}

func TestDiskDriver(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	got, _, err := start(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	store, ok := got.Store.(*disk.Store)
	if !ok {
		t.Fatalf("store is %T, want *disk.Store", got.Store)
	}
	if store.Dir() != filepath.Join(cfg.DataDir, "media") {
		t.Errorf("media folder = %s, want <data_dir>/media", store.Dir())
	}
	if len(got.Mounts) != 1 || got.Mounts[0].Pattern != "/media/" {
		t.Fatalf("mounts = %+v, want one at /media/", got.Mounts)
	}
	ctx := context.Background()
	if err := store.Put(ctx, "a/b.png", strings.NewReader("png"), 3, "image/png"); err != nil {
		t.Fatal(err)
	}
	link, err := store.SignedURL(ctx, "a/b.png", cfg.Storage.URLTTL)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	got.Mounts[0].Handler.ServeHTTP(rec, httptest.NewRequest("GET", link, nil))
	if rec.Code != 200 || rec.Body.String() != "png" {
		t.Fatalf("GET %s through the mount = %d %q", link, rec.Code, rec.Body)
	}
}

func TestS3Driver(t *testing.T) {
	t.Parallel()
	srv := storagetest.FakeS3(t, "media")

	cfg := testConfig(t)
	cfg.Storage.Driver = "s3"
	cfg.Storage.S3.Endpoint = srv.URL
	cfg.Storage.S3.Bucket = "media"
	cfg.Storage.S3.AccessKey, cfg.Storage.S3.SecretKey = "key", "secret"
	got, _, err := start(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got.Store.(*s3.Store); !ok {
		t.Fatalf("store is %T, want *s3.Store", got.Store)
	}
	if len(got.Mounts) != 0 {
		t.Errorf("s3 contributes mounts %+v, want none (links go to the service)", got.Mounts)
	}
	ctx := context.Background()
	if err := got.Store.Put(ctx, "x.jpg", bytes.NewReader([]byte("jpg")), 3, "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	r, _, err := got.Store.Open(ctx, "x.jpg")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if b, err := io.ReadAll(r); err != nil || string(b) != "jpg" {
		t.Fatalf("read %q: %v", b, err)
	}

	// A missing bucket stops the start, naming the keys to fix.
	cfg2 := *cfg
	cfg2.Storage.S3.Bucket = "nope"
	_, _, err = start(t, &cfg2)
	if err == nil || !strings.Contains(err.Error(), "storage.s3") || !strings.Contains(err.Error(), "nope") {
		t.Fatalf("start with a missing bucket = %v, want an error naming storage.s3 and the bucket", err)
	}
}

func TestSigningSecret(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)

	cfg.Storage.SigningSecret = strings.Repeat("k", 40)
	if got, ephemeral := storage.SigningSecret(cfg); string(got) != cfg.Storage.SigningSecret || ephemeral {
		t.Error("the configured secret is not used as is")
	}

	cfg.Storage.SigningSecret = ""
	cfg.Auth.JWTSecret = strings.Repeat("j", 40)
	a, ephemeral := storage.SigningSecret(cfg)
	b, _ := storage.SigningSecret(cfg)
	if !bytes.Equal(a, b) || len(a) < disk.MinSecretLen || ephemeral {
		t.Error("the key derived from auth.jwt_secret is not stable or too short")
	}
	if bytes.Contains(a, []byte(cfg.Auth.JWTSecret)) {
		t.Error("the derived key holds the token secret")
	}

	cfg.Auth.JWTSecret = ""
	x, ephemeral := storage.SigningSecret(cfg)
	y, _ := storage.SigningSecret(cfg)
	if bytes.Equal(x, y) || len(x) < disk.MinSecretLen || !ephemeral {
		t.Error("with no secret at all each process should get its own random key, flagged ephemeral")
	}
}
