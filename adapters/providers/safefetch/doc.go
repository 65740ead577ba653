// Package safefetch is the one HTTP client for every server-side fetch of a
// URL a member supplied: only http(s), the dialed IP checked at connect time
// against internal ranges, redirects bounded and re-checked, bodies capped,
// a total timeout.
package safefetch
