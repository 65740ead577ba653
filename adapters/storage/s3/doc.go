// Package s3 keeps blobs in a bucket of any S3-compatible service (AWS S3,
// MinIO, Garage, Ceph...) and hands out presigned GET links.
package s3
