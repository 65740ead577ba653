package domain

import (
	"fmt"
	"path"
	"strings"
)

// PostImageWidths are the widths of the smaller copies made of a post's
// image: a phone's slot (about 350 CSS pixels) at one and two device
// pixels per CSS pixel, and a wide screen's. Only those narrower than the
// original are made; the original stays the widest choice.
var PostImageWidths = []int{320, 640, 1080}

// ImageVariantKey is the storage key of the copy of original that is width
// pixels wide: beside the original, its name ending in -w<width>.webp, so
// whoever deletes the original can find its copies without a lookup.
func ImageVariantKey(original string, width int) string {
	dir, name := path.Split(original)
	if ext := path.Ext(name); ext != "" {
		name = strings.TrimSuffix(name, ext)
	}
	return fmt.Sprintf("%s%s-w%d.webp", dir, name, width)
}

// ImageVariantKeys are the keys every copy of original may have, made or
// not, by the kind of file its key names: deleting them all, a missing one
// being no error, removes whatever copies were made.
func ImageVariantKeys(original string) []string {
	var widths []int
	if strings.HasPrefix(original, "posts/") {
		widths = PostImageWidths
	}
	keys := make([]string, len(widths))
	for i, w := range widths {
		keys[i] = ImageVariantKey(original, w)
	}
	return keys
}

// ImageVariantHeight is the height of the copy width pixels wide of an
// image w by h, rounded to the nearest pixel and at least one.
func ImageVariantHeight(w, h, width int) int {
	if w <= 0 {
		return 0
	}
	return max(1, (h*width+w/2)/w)
}
