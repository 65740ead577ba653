package ports

import "context"

// ImageFormat is an accepted image type, decided from the bytes.
type ImageFormat string

const (
	ImageJPEG ImageFormat = "image/jpeg"
	ImagePNG  ImageFormat = "image/png"
	ImageWebP ImageFormat = "image/webp"
)

// CleanImage is an image ready to store: metadata (EXIF with GPS, XMP,
// comments) removed, type decided from the bytes.
type CleanImage struct {
	Data          []byte
	Format        ImageFormat
	Width, Height int
}

// ImageCleaner checks an uploaded image and strips its metadata. It
// returns a core/errs error of kind Invalid (code invalid_file_type) when
// the bytes are not one of allowed, whatever the file's name says, and of
// kind Invalid (code invalid_image) when they do not decode or exceed the
// pixel limit.
type ImageCleaner interface {
	Clean(ctx context.Context, data []byte, allowed ...ImageFormat) (CleanImage, error)
}

// Error codes of ImageCleaner, stated here so that the APIs that take
// images can list them without knowing the adapter.
const (
	CodeInvalidFileType = "invalid_file_type"
	CodeInvalidImage    = "invalid_image"
)

// ImageVariant is a smaller copy of a stored image, for screens that show
// it small: a phone downloads a copy near the width of its slot instead of
// the original.
type ImageVariant struct {
	Data          []byte
	Format        ImageFormat
	Width, Height int
}

// ImageVariantSet is what ImageVariants made of one image.
type ImageVariantSet struct {
	// Width and Height are the original's as a browser shows it: after its
	// EXIF orientation, so a portrait photo taken sideways is taller than
	// wide here even when its pixels are stored the other way.
	Width, Height int
	// Variants are in ascending width, one per asked width narrower than
	// the original; none when the original is already that small.
	Variants []ImageVariant
}

// ImageVariants makes the smaller copies of an image that ImageCleaner has
// checked. A copy is never wider than the original (no upscaling) and
// keeps its aspect ratio and orientation. Errors are internal: the image
// was already checked.
type ImageVariants interface {
	Variants(ctx context.Context, img CleanImage, widths []int) (ImageVariantSet, error)
	// Squares makes copies of the image's centre square (what a round
	// avatar drawn to cover its slot shows), one per asked side smaller
	// than the image's shorter side, each that many pixels square.
	Squares(ctx context.Context, img CleanImage, sides []int) (ImageVariantSet, error)
}
