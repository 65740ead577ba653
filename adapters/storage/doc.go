// Package storage provides the ports.BlobStore that storage.driver selects:
// files under the media folder (disk, served at /media/ through signed links)
// or any S3-compatible service (s3, served through presigned links).
package storage
