package s3

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"social/adapters/storage/blobpolicy"
	"social/core/ports"
)

// Options configures a Store; the fields mirror storage.s3.*.
type Options struct {
	// Endpoint is the service's address, e.g. https://s3.example.com;
	// empty is AWS (https://s3.amazonaws.com).
	Endpoint string
	Bucket   string
	Region   string
	// AccessKey and SecretKey are static credentials; when AccessKey is
	// empty the usual AWS sources are tried (environment, shared file,
	// instance role).
	AccessKey, SecretKey string
	// PathStyle addresses buckets as endpoint/bucket instead of bucket.endpoint.
	PathStyle bool
}

// MaxLinkTTL is the longest a SigV4 presigned link may live.
const MaxLinkTTL = 7 * 24 * time.Hour

// UnknownSizePart is the part size of uploads whose size is not declared:
// the memory one such upload holds, and 1/10000 of the largest it can be.
const UnknownSizePart = 16 << 20

// Store is a ports.BlobStore on one bucket.
type Store struct {
	client *minio.Client
	core   minio.Core
	bucket string
	links  keptLinks
}

var _ ports.BlobStore = (*Store)(nil)

// New makes the client; it sends nothing (see Check).
func New(opts Options) (*Store, error) {
	if opts.Bucket == "" {
		return nil, errors.New("s3 storage: no bucket given")
	}
	host, secure := "s3.amazonaws.com", true
	if opts.Endpoint != "" {
		u, err := url.Parse(opts.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("s3 storage: endpoint %q is not an http(s) URL", opts.Endpoint)
		}
		if strings.Trim(u.Path, "/") != "" || u.RawQuery != "" {
			return nil, fmt.Errorf("s3 storage: endpoint %q must not have a path or query", opts.Endpoint)
		}
		host, secure = u.Host, u.Scheme == "https"
	}
	creds := credentials.NewStaticV4(opts.AccessKey, opts.SecretKey, "")
	if opts.AccessKey == "" {
		creds = credentials.NewChainCredentials([]credentials.Provider{
			&credentials.EnvAWS{}, &credentials.FileAWSCredentials{}, &credentials.IAM{},
		})
	}
	lookup := minio.BucketLookupDNS
	if opts.PathStyle {
		lookup = minio.BucketLookupPath
	}
	region := opts.Region
	if region == "" {
		region = "us-east-1"
	}
	client, err := minio.New(host, &minio.Options{
		Creds:  creds,
		Secure: secure,
		// A known region spares a GetBucketLocation round trip before the
		// first request and lets presigning work offline.
		Region:       region,
		BucketLookup: lookup,
		MaxRetries:   3,
	})
	if err != nil {
		return nil, fmt.Errorf("s3 storage: %w", err)
	}
	return &Store{client: client, core: minio.Core{Client: client}, bucket: opts.Bucket}, nil
}

// Check makes sure the bucket exists and the credentials reach it.
func (s *Store) Check(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("s3 storage: bucket %q: %w", s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("s3 storage: bucket %q does not exist", s.bucket)
	}
	return nil
}

// Put uploads the blob with its content type and a Content-Disposition
// (inline with its name for allowlisted media, attachment otherwise) that
// the service sends back on every GET of the presigned link.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := blobpolicy.CheckKey(key); err != nil {
		return fmt.Errorf("put blob: %w", err)
	}
	contentType = blobpolicy.ContentType(key, contentType)
	opts := minio.PutObjectOptions{
		ContentType:        contentType,
		ContentDisposition: blobpolicy.ContentDisposition(key, contentType),
	}
	body := blobpolicy.ExactSize(r, size)
	if size < 0 {
		// minio-go uploads a body of unknown size in parts it buffers
		// whole, 512 MiB each unless told otherwise. Read up to one
		// part first: most such bodies fit and go as one plain PUT.
		head, err := io.ReadAll(io.LimitReader(body, UnknownSizePart+1))
		if err != nil {
			return fmt.Errorf("put blob %s: %w", key, err)
		}
		if len(head) <= UnknownSizePart {
			body, size = bytes.NewReader(head), int64(len(head))
		} else {
			body, opts.PartSize = io.MultiReader(bytes.NewReader(head), body), UnknownSizePart
		}
	}
	if size == 0 {
		// Over plain http minio-go signs uploads as an aws-chunked stream,
		// and for zero bytes it then sends no Content-Length, which S3
		// refuses (411 MissingContentLength). An empty body has nothing to
		// stream: check it is empty and sign it as an unsigned payload.
		if _, err := body.Read(make([]byte, 1)); err != io.EOF {
			return fmt.Errorf("put blob %s: %w", key, err)
		}
		body, opts.DisableContentSha256 = bytes.NewReader(nil), true
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, body, size, opts)
	if err != nil {
		return fmt.Errorf("put blob %s: %w", key, err)
	}
	return nil
}

// Open starts one GET for the whole object and streams it. A Seek drops
// that stream and the next Read asks for a range from the new offset,
// pinned to the object's ETag so a blob replaced meanwhile is an error, not
// a mix of two versions. Nothing is buffered: videos can be large. The
// reader uses ctx for its later requests too.
func (s *Store) Open(ctx context.Context, key string) (io.ReadSeekCloser, ports.BlobInfo, error) {
	if err := blobpolicy.CheckKey(key); err != nil {
		return nil, ports.BlobInfo{}, fmt.Errorf("open blob: %w", err)
	}
	body, info, _, err := s.core.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, ports.BlobInfo{}, fmt.Errorf("open blob %s: %w", key, notFound(err))
	}
	obj := &object{ctx: ctx, store: s, key: key, etag: info.ETag, size: info.Size, body: body}
	return obj, ports.BlobInfo{Size: info.Size, ContentType: info.ContentType, ModTime: info.LastModified}, nil
}

func notFound(err error) error {
	var resp minio.ErrorResponse
	if errors.As(err, &resp) && (resp.Code == minio.NoSuchKey || resp.StatusCode == 404 && resp.Code != minio.NoSuchBucket) {
		return ports.ErrBlobNotFound
	}
	return err
}

// Delete removes the object; S3 answers a missing key with success too.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := blobpolicy.CheckKey(key); err != nil {
		return fmt.Errorf("delete blob: %w", err)
	}
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		if errors.Is(notFound(err), ports.ErrBlobNotFound) {
			return nil
		}
		return fmt.Errorf("delete blob %s: %w", key, err)
	}
	return nil
}

// SignedURL is a presigned GET (SigV4 in the query string), computed
// locally. ttl is rounded up to whole seconds, and SigV4 caps it at 7 days.
// A link is reused for the rest of its window (keptLinks), so it is signed
// for that much longer.
func (s *Store) SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error) {
	if err := blobpolicy.CheckKey(key); err != nil {
		return "", fmt.Errorf("sign blob link: %w", err)
	}
	if ttl <= 0 || ttl > MaxLinkTTL {
		return "", fmt.Errorf("sign blob link %s: ttl %v outside (0, %v]", key, ttl, MaxLinkTTL)
	}
	if rem := ttl % time.Second; rem != 0 {
		ttl += time.Second - rem
	}
	now := time.Now()
	if link, ok := s.links.get(key, ttl, now); ok {
		return link, nil
	}
	u, err := s.client.PresignedGetObject(ctx, s.bucket, key, ttl+max(s.links.window(ttl), 0), nil)
	if err != nil {
		return "", fmt.Errorf("sign blob link %s: %w", key, err)
	}
	s.links.keep(key, ttl, u.String(), now)
	return u.String(), nil
}

// object is the reader Open returns; like an *os.File it is not meant for
// concurrent use.
type object struct {
	ctx   context.Context
	store *Store
	key   string
	etag  string
	size  int64
	off   int64
	body  io.ReadCloser
}

func (o *object) Read(p []byte) (int, error) {
	if o.off >= o.size {
		return 0, io.EOF
	}
	if o.body == nil {
		opts := minio.GetObjectOptions{}
		if err := opts.SetMatchETag(o.etag); err != nil {
			return 0, err
		}
		if o.off > 0 {
			if err := opts.SetRange(o.off, 0); err != nil {
				return 0, err
			}
		}
		body, _, _, err := o.store.core.GetObject(o.ctx, o.store.bucket, o.key, opts)
		if err != nil {
			return 0, fmt.Errorf("read blob %s at %d: %w", o.key, o.off, notFound(err))
		}
		o.body = body
	}
	n, err := o.body.Read(p)
	o.off += int64(n)
	if err == io.EOF && o.off < o.size {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

func (o *object) Seek(offset int64, whence int) (int64, error) {
	var next int64
	switch whence {
	case io.SeekStart:
		next = offset
	case io.SeekCurrent:
		next = o.off + offset
	case io.SeekEnd:
		next = o.size + offset
	default:
		return 0, fmt.Errorf("seek blob %s: bad whence %d", o.key, whence)
	}
	if next < 0 {
		return 0, fmt.Errorf("seek blob %s: negative position %d", o.key, next)
	}
	if next != o.off && o.body != nil {
		_ = o.body.Close()
		o.body = nil
	}
	o.off = next
	return next, nil
}

func (o *object) Close() error {
	if o.body == nil {
		return nil
	}
	err := o.body.Close()
	o.body = nil
	return err
}
