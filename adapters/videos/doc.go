// Package videos checks that uploaded videos are structurally whole: MP4
// boxes, WebM (EBML) elements and Ogg pages must account for every byte of
// the file, so a truncated upload or one with bytes appended is refused.
// The walk reads headers and seeks past payloads, never holding a file in
// memory, and bounds the nesting depth and the number of elements visited
// so that a hostile file is refused quickly.
package videos
