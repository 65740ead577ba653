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
