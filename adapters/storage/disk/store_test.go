package disk_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"social/adapters/storage/disk"
	"social/adapters/storage/storagetest"
	"social/core/ports"
)

var testSecret = []byte("a-test-secret-of-at-least-32-bytes!!")

// served is a disk store whose links point at a test server serving its
// handler through a ServeMux, as the app mounts it.
func served(t *testing.T) (*disk.Store, *httptest.Server) {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	store, err := disk.New(disk.Options{
		Dir:     filepath.Join(t.TempDir(), "media"),
		Secret:  testSecret,
		BaseURL: "http://" + srv.Listener.Addr().String(),
	})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(disk.Prefix, store.Handler())
	srv.Config.Handler = mux
	srv.Start()
	t.Cleanup(func() {
		srv.Close()
		_ = store.Close()
	})
	return store, srv
}

func TestContract(t *testing.T) {
	t.Parallel()
	storagetest.Run(t, func(t *testing.T) ports.BlobStore {
		store, _ := served(t)
		return store
	})
}

func TestFolderCreatedByPrepareNotByNew(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "deep", "media")
	if _, err := disk.New(disk.Options{Dir: dir, Secret: []byte("short")}); err == nil {
		t.Fatal("New accepted a 5-byte secret")
	}
	s, err := disk.New(disk.Options{Dir: dir, Secret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("New touched the disk: %v", err)
	}
	if err := s.Prepare(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("media folder not created: %v", err)
	}

	// A folder that cannot be made is reported by Prepare and every operation.
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	bad, err := disk.New(disk.Options{Dir: filepath.Join(file, "media"), Secret: testSecret})
	if err != nil {
		t.Fatal(err)
	}
	if err := bad.Prepare(); err == nil {
		t.Fatal("Prepare made a folder under a file")
	}
	if err := bad.Put(context.Background(), "a.jpg", strings.NewReader("x"), 1, ""); err == nil {
		t.Fatal("Put succeeded without a folder")
	}
}

// hiddenFiles lists the temporary files and sidecars under dir.
func hiddenFiles(t *testing.T, dir string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") {
			found = append(found, strings.TrimPrefix(p, dir+string(filepath.Separator)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

func TestFilesArePlainAndFailedWritesLeaveNothing(t *testing.T) {
	t.Parallel()
	store, _ := served(t)
	ctx := context.Background()
	data := []byte("\xff\xd8\xff plain jpeg bytes")
	if err := store.Put(ctx, "avatars/u1/avatar-1.jpg", bytes.NewReader(data), int64(len(data)), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	onDisk, err := os.ReadFile(filepath.Join(store.Dir(), "avatars", "u1", "avatar-1.jpg"))
	if err != nil || !bytes.Equal(onDisk, data) {
		t.Fatalf("the blob is not a plain file holding its bytes: %v", err)
	}
	if hidden := hiddenFiles(t, store.Dir()); len(hidden) != 0 {
		t.Fatalf("a type matching the extension needs no sidecar, found %v", hidden)
	}

	// A type the extension does not imply is kept in a sidecar...
	if err := store.Put(ctx, "docs/report.bin", strings.NewReader("%PDF"), 4, "application/pdf"); err != nil {
		t.Fatal(err)
	}
	if hidden := hiddenFiles(t, store.Dir()); len(hidden) != 1 || hidden[0] != filepath.Join("docs", ".report.bin.type") {
		t.Fatalf("sidecars = %v, want docs/.report.bin.type", hidden)
	}
	// ...removed with the blob.
	if err := store.Delete(ctx, "docs/report.bin"); err != nil {
		t.Fatal(err)
	}

	// Failed writes of every kind leave no temporary file behind.
	broken := iotest.TimeoutReader(strings.NewReader("0123456789"))
	_ = store.Put(ctx, "avatars/u1/broken.jpg", broken, 10, "image/jpeg")
	_ = store.Put(ctx, "avatars/u1/short.jpg", strings.NewReader("123"), 10, "image/jpeg")
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := store.Put(cancelled, "avatars/u1/cancelled.jpg", strings.NewReader("123"), 3, "image/jpeg"); !errors.Is(err, context.Canceled) {
		t.Errorf("Put with a cancelled context = %v, want context.Canceled", err)
	}
	if hidden := hiddenFiles(t, store.Dir()); len(hidden) != 0 {
		t.Fatalf("failed writes left %v", hidden)
	}
	for _, key := range []string{"avatars/u1/broken.jpg", "avatars/u1/short.jpg", "avatars/u1/cancelled.jpg"} {
		if _, err := os.Stat(filepath.Join(store.Dir(), filepath.FromSlash(key))); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s exists after a failed Put", key)
		}
	}
}

func TestSymlinkOutsideTheFolderIsNotFound(t *testing.T) {
	t.Parallel()
	store, _ := served(t)
	outside := filepath.Join(filepath.Dir(store.Dir()), "secret.txt")
	if err := os.WriteFile(outside, []byte("TOP SECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(store.Dir(), "avatars"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{"rel.jpg": "../../secret.txt", "abs.jpg": outside} {
		if err := os.Symlink(target, filepath.Join(store.Dir(), "avatars", name)); err != nil {
			t.Fatal(err)
		}
		_, _, err := store.Open(context.Background(), "avatars/"+name)
		if !errors.Is(err, ports.ErrBlobNotFound) {
			t.Errorf("Open of a link to %s = %v, want ports.ErrBlobNotFound", target, err)
		}
	}
}
