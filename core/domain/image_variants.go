package domain

import (
	"fmt"
	"path"
	"strconv"
	"strings"
)

// PostImageWidths are the widths of the smaller copies made of a post's
// image: a phone's slot (about 350 CSS pixels) at one and two device
// pixels per CSS pixel, and a wide screen's. Only those narrower than the
// original are made; the original stays the widest choice.
var PostImageWidths = []int{320, 640, 1080}

// PictureSides are the sides of the square copies made of a picture shown
// round (a member's avatar, a plugin's group picture): the app draws them as circles of
// 32 to 48 CSS pixels in lists and feeds, so 48, 96 and 144 cover those
// slots at one, two and three device pixels per CSS pixel. Only those
// smaller than the picture's shorter side are made (never enlarged); the
// original stays the choice for larger slots (a profile's header).
var PictureSides = []int{48, 96, 144}

// pictureSidesMark starts the part of a picture's key that names its
// square copies: avatar-<unix ms>-sq48_96_144.jpg has three.
const pictureSidesMark = "-sq"

// PictureKey is the storage key of a picture shown round:
// base (its folder and name, without extension) then, when square copies
// were stored beside it, their sides, then ext. Every list that shows a
// member (or a plugin's group) already reads the picture's key; the key saying
// which copies exist spares each of them a column and a join, and a
// picture stored before copies were made simply names none.
func PictureKey(base string, sides []int, ext string) string {
	if len(sides) == 0 {
		return base + "." + ext
	}
	parts := make([]string, len(sides))
	for i, s := range sides {
		parts[i] = strconv.Itoa(s)
	}
	return base + pictureSidesMark + strings.Join(parts, "_") + "." + ext
}

// PictureKeySides are the sides of the square copies stored beside the
// picture at key, smallest first, as PictureKey named them; none for a
// picture stored without copies (or before they were made) and for a key
// that is no picture's.
func PictureKeySides(key string) []int {
	name := path.Base(key)
	name = strings.TrimSuffix(name, path.Ext(name))
	i := strings.LastIndex(name, pictureSidesMark)
	if i < 0 {
		return nil
	}
	var sides []int
	for _, part := range strings.Split(name[i+len(pictureSidesMark):], "_") {
		n, err := strconv.Atoi(part)
		if err != nil || n <= 0 || (len(sides) > 0 && n <= sides[len(sides)-1]) {
			return nil
		}
		sides = append(sides, n)
	}
	return sides
}

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

// pictureExts are the files a picture shown round is stored as; no other
// file (an export's archive, say) has copies, whatever its name says.
var pictureExts = map[string]bool{".jpg": true, ".jpeg": true, ".png": true, ".webp": true, ".gif": true}

// ImageVariantKeys are the keys every copy of original may have, made or
// not, by the kind of file its key names: deleting them all, a missing one
// being no error, removes whatever copies were made.
func ImageVariantKeys(original string) []string {
	var widths []int
	switch {
	case strings.HasPrefix(original, "posts/"):
		widths = PostImageWidths
	case pictureExts[strings.ToLower(path.Ext(original))]:
		// A picture shown round names its square copies in its key.
		widths = PictureKeySides(original)
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
