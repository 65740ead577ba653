package storage

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"social/adapters/storage/disk"
	"social/adapters/storage/s3"
	"social/config"
	"social/core/ports"
	"social/kit/httpkit"
)

// Module provides the ports.BlobStore of storage.driver and, for disk, the
// /media/ mount that serves its signed links.
var Module = fx.Module("storage", fx.Provide(Provide))

// Params is what Provide needs.
type Params struct {
	fx.In
	Lifecycle fx.Lifecycle
	Config    *config.Config
	Logger    *slog.Logger
	// Clock times link expiry; the system clock when none is provided.
	Clock ports.Clock `optional:"true"`
}

// Result is the store and the handlers it contributes to the HTTP server.
type Result struct {
	fx.Out
	Store  ports.BlobStore
	Mounts []httpkit.Mount `group:"http_mounts,flatten"`
}

// startCheckTimeout bounds the S3 bucket check at start.
const startCheckTimeout = 15 * time.Second

// Provide builds the adapter storage.driver names. Nothing touches the disk
// or the network before the app starts: the disk folder is created, and the
// bucket checked, in start hooks.
func Provide(p Params) (Result, error) {
	cfg := p.Config.Storage
	switch cfg.Driver {
	case "disk":
		secret, ephemeral := SigningSecret(p.Config)
		store, err := disk.New(disk.Options{Dir: p.Config.MediaDir(), Secret: secret, Clock: p.Clock})
		if err != nil {
			return Result{}, err
		}
		p.Lifecycle.Append(fx.Hook{
			OnStart: func(context.Context) error {
				if ephemeral {
					p.Logger.Warn("storage.signing_secret is empty: media links are signed with a random key of this process; they stop working at restart and on other nodes")
				}
				if err := store.Prepare(); err != nil {
					return fmt.Errorf("storage.disk.dir: %w", err)
				}
				return nil
			},
			OnStop: func(context.Context) error { return store.Close() },
		})
		return Result{Store: store, Mounts: []httpkit.Mount{{Pattern: disk.Prefix, Handler: store.Handler()}}}, nil
	case "s3":
		store, err := s3.New(s3.Options{
			Endpoint: cfg.S3.Endpoint, Bucket: cfg.S3.Bucket, Region: cfg.S3.Region,
			AccessKey: cfg.S3.AccessKey, SecretKey: cfg.S3.SecretKey, PathStyle: cfg.S3.UsePathStyle,
		})
		if err != nil {
			return Result{}, fmt.Errorf("storage.s3: %w", err)
		}
		p.Lifecycle.Append(fx.Hook{OnStart: func(ctx context.Context) error {
			ctx, cancel := context.WithTimeout(ctx, startCheckTimeout)
			defer cancel()
			if err := store.Check(ctx); err != nil {
				return fmt.Errorf("storage.s3 (endpoint %q, bucket %q): %w", cfg.S3.Endpoint, cfg.S3.Bucket, err)
			}
			return nil
		}})
		return Result{Store: store}, nil
	default:
		return Result{}, fmt.Errorf("storage.driver: unknown value %q", cfg.Driver)
	}
}

// SigningSecret is the key of the disk store's links: storage.signing_secret
// when set (required in production, where every node must verify the links
// every other node signs). In development, when it is empty:
//   - with auth.jwt_secret set, a key derived from it (HMAC-SHA256 with a
//     fixed label: stable across restarts and nodes sharing the config, yet
//     a different key, so a leaked media key says nothing of the token key);
//   - otherwise random bytes for this process only (ephemeral): links stop
//     working at restart and another node refuses them, which development
//     tolerates; the app warns when it starts.
func SigningSecret(cfg *config.Config) (secret []byte, ephemeral bool) {
	if s := cfg.Storage.SigningSecret; s != "" {
		return []byte(s), false
	}
	if s := cfg.Auth.JWTSecret; s != "" {
		mac := hmac.New(sha256.New, []byte(s))
		mac.Write([]byte("social storage.signing_secret v1"))
		return mac.Sum(nil), false
	}
	secret = make([]byte, 32)
	_, _ = rand.Read(secret)
	return secret, true
}
