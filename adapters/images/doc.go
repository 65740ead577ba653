// Package images checks uploaded images and strips their metadata: the type
// is decided from the bytes, the size from the headers before any pixel is
// decoded, and EXIF (with GPS), XMP, IPTC, comments and trailing bytes are
// cut out without re-encoding the pixels. The same Cleaner makes the
// smaller WebP copies of a checked image (ports.ImageVariants), within the
// same bound on images decoded at once.
package images
