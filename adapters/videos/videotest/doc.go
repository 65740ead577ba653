// Package videotest builds small whole videos for tests, by hand from the
// container specifications (ISO/IEC 14496-12 for MP4, RFC 8794 and
// Matroska's element table for WebM, RFC 3533 for Ogg): every layer that
// accepts uploads tests with the same files the checker is tested with.
package videotest
