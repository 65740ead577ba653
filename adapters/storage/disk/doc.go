// Package disk keeps blobs as plain files under one folder and serves them
// through links signed with HMAC-SHA256 that expire.
package disk
