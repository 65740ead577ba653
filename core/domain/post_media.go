package domain

import "bytes"

// Largest files a post may carry: images 10 MiB, videos 50 MiB.
const (
	MaxPostImageBytes = 10 << 20
	MaxPostVideoBytes = 50 << 20
)

// PostMediaSniffLen is how many leading bytes SniffPostMedia needs to decide.
const PostMediaSniffLen = 512

// PostMedia is the kind of an uploaded post file as its bytes show it.
type PostMedia struct {
	Type        PostType // PostImage or PostVideo
	ContentType string
	Ext         string
}

// MaxBytes is the size limit of the media's kind.
func (m PostMedia) MaxBytes() int64 {
	if m.Type == PostVideo {
		return MaxPostVideoBytes
	}
	return MaxPostImageBytes
}

// mp4Brands are the ISO BMFF major brands of MP4 video. Other brands of the
// same container (HEIF/AVIF pictures, QuickTime, 3GPP) are not the MP4
// a post accepts, and a browser might not play them as video/mp4.
var mp4Brands = map[string]bool{
	"isom": true, "iso2": true, "iso3": true, "iso4": true, "iso5": true, "iso6": true, "iso8": true, "iso9": true,
	"mp41": true, "mp42": true, "avc1": true, "dash": true, "mmp4": true, "M4V ": true, "M4VH": true, "M4VP": true,
	"f4v ": true, "msnv": true, "MSNV": true,
}

// SniffPostMedia decides from the first bytes of a file (head, at least
// PostMediaSniffLen of them when the file is that long) whether it is an
// image a post accepts (JPEG, PNG, WebP) or a video (MP4, WebM, Ogg).
// The name and the declared type of an upload are never consulted: they are
// whatever the client says.
func SniffPostMedia(head []byte) (PostMedia, bool) {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return PostMedia{Type: PostImage, ContentType: "image/jpeg", Ext: "jpg"}, true
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PostMedia{Type: PostImage, ContentType: "image/png", Ext: "png"}, true
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return PostMedia{Type: PostImage, ContentType: "image/webp", Ext: "webp"}, true
	case len(head) >= 12 && string(head[4:8]) == "ftyp" && mp4Brands[string(head[8:12])]:
		return PostMedia{Type: PostVideo, ContentType: "video/mp4", Ext: "mp4"}, true
	case isWebM(head):
		return PostMedia{Type: PostVideo, ContentType: "video/webm", Ext: "webm"}, true
	case bytes.HasPrefix(head, []byte("OggS\x00")):
		return PostMedia{Type: PostVideo, ContentType: "video/ogg", Ext: "ogg"}, true
	}
	return PostMedia{}, false
}

// isWebM is an EBML header whose DocType element (0x4282) says "webm"; other
// Matroska files share the magic but are not WebM.
func isWebM(head []byte) bool {
	if !bytes.HasPrefix(head, []byte{0x1A, 0x45, 0xDF, 0xA3}) {
		return false
	}
	h := head[:min(len(head), 64)]
	i := bytes.Index(h, []byte{0x42, 0x82})
	if i < 0 || i+3 > len(h) {
		return false
	}
	// The size is a one-byte EBML varint (0x80 | length) in every writer.
	n := int(h[i+2] &^ 0x80)
	return h[i+2]&0x80 != 0 && i+3+n <= len(h) && string(h[i+3:i+3+n]) == "webm"
}
