// Package linkpreview implements ports.LinkPreviewer: it fetches a member's
// link through safefetch, reads its Open Graph tags (falling back to <title>
// and <meta name=description>), and caches results per normalised URL.
package linkpreview
