package images

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"slices"

	"golang.org/x/image/webp"

	"social/core/errs"
	"social/core/ports"
)

// Codes and pt-BR messages of the cleaner's errors.
const (
	MsgInvalidFileType = "Tipo de arquivo não permitido. Use JPEG, PNG ou WebP."
	MsgInvalidImage    = "Imagem inválida ou corrompida."
)

// Defaults of Options.
const (
	DefaultMaxPixels   = 40_000_000
	DefaultMaxSide     = 10_000
	DefaultMaxDecoding = 2
)

// Options bounds the work one image may cost.
type Options struct {
	// MaxPixels and MaxSide refuse images whose headers claim more; they are
	// checked before pixels are decoded (a 100000x100000 PNG of a few
	// bytes would otherwise ask for 40 GB).
	MaxPixels int
	MaxSide   int
	// MaxDecoding is how many images are decoded at once: a 40-megapixel
	// image takes up to 320 MB decoded, so the process never holds more
	// than this many.
	MaxDecoding int
}

// Cleaner is the ports.ImageCleaner.
type Cleaner struct {
	maxPixels, maxSide int
	decoding           chan struct{}
}

var _ ports.ImageCleaner = (*Cleaner)(nil)

// New makes a Cleaner; zero options take the defaults.
func New(opts Options) *Cleaner {
	if opts.MaxPixels <= 0 {
		opts.MaxPixels = DefaultMaxPixels
	}
	if opts.MaxSide <= 0 {
		opts.MaxSide = DefaultMaxSide
	}
	if opts.MaxDecoding <= 0 {
		opts.MaxDecoding = DefaultMaxDecoding
	}
	return &Cleaner{maxPixels: opts.MaxPixels, maxSide: opts.MaxSide, decoding: make(chan struct{}, opts.MaxDecoding)}
}

// AllFormats are the formats accepted when Clean is given none.
var AllFormats = []ports.ImageFormat{ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP}

func invalidType(format string, cause error) error {
	e := errs.Invalid(ports.CodeInvalidFileType, MsgInvalidFileType, nil)
	e.Cause = fmt.Errorf("%s: %w", format, cause)
	return e
}

func invalidImage(format ports.ImageFormat, cause error) error {
	e := errs.Invalid(ports.CodeInvalidImage, MsgInvalidImage, nil)
	e.Cause = fmt.Errorf("%s: %w", format, cause)
	return e
}

// Clean checks data and returns it without metadata. allowed narrows the
// accepted formats (none given: JPEG, PNG and WebP). In order: the format
// from the magic bytes (invalid_file_type), the header's dimensions against
// the limits (invalid_image), the metadata stripped from the container, and
// a full decode of the result (invalid_image), so what is returned is what
// was validated.
func (c *Cleaner) Clean(ctx context.Context, data []byte, allowed ...ports.ImageFormat) (ports.CleanImage, error) {
	if len(allowed) == 0 {
		allowed = AllFormats
	}
	format, ok := Sniff(data)
	if !ok {
		return ports.CleanImage{}, invalidType("unknown", fmt.Errorf("no known signature in %q", prefix(data)))
	}
	if !slices.Contains(allowed, format) {
		return ports.CleanImage{}, invalidType(string(format), fmt.Errorf("not among %v", allowed))
	}

	codec := codecs[format]
	cfg, err := codec.decodeConfig(bytes.NewReader(data))
	if err != nil {
		return ports.CleanImage{}, invalidImage(format, fmt.Errorf("header: %w", err))
	}
	if err := c.checkSize(cfg.Width, cfg.Height); err != nil {
		return ports.CleanImage{}, invalidImage(format, err)
	}

	clean, err := codec.strip(data)
	if err != nil {
		return ports.CleanImage{}, invalidImage(format, err)
	}

	select {
	case c.decoding <- struct{}{}:
	case <-ctx.Done():
		return ports.CleanImage{}, ctx.Err()
	}
	img, err := codec.decode(bytes.NewReader(clean))
	<-c.decoding
	if err != nil {
		return ports.CleanImage{}, invalidImage(format, fmt.Errorf("decode: %w", err))
	}
	if b := img.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		return ports.CleanImage{}, invalidImage(format, fmt.Errorf("header says %dx%d, pixels are %dx%d", cfg.Width, cfg.Height, b.Dx(), b.Dy()))
	}
	return ports.CleanImage{Data: clean, Format: format, Width: cfg.Width, Height: cfg.Height}, nil
}

func (c *Cleaner) checkSize(w, h int) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("empty image %dx%d", w, h)
	}
	if w > c.maxSide || h > c.maxSide {
		return fmt.Errorf("%dx%d has a side over %d", w, h, c.maxSide)
	}
	if int64(w)*int64(h) > int64(c.maxPixels) {
		return fmt.Errorf("%dx%d is over %d pixels", w, h, c.maxPixels)
	}
	return nil
}

// Sniff decides the format from the first bytes only.
func Sniff(data []byte) (ports.ImageFormat, bool) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return ports.ImageJPEG, true
	case bytes.HasPrefix(data, pngSignature):
		return ports.ImagePNG, true
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return ports.ImageWebP, true
	}
	return "", false
}

func prefix(data []byte) []byte { return data[:min(len(data), 16)] }

// imageCodec is what the cleaner does with one format: read the header,
// strip the metadata, decode the pixels.
type imageCodec struct {
	decodeConfig func(io.Reader) (image.Config, error)
	strip        func(data []byte) ([]byte, error)
	decode       func(io.Reader) (image.Image, error)
}

// codecs has one entry for each format Sniff recognises.
var codecs = map[ports.ImageFormat]imageCodec{
	ports.ImageJPEG: {decodeConfig: jpeg.DecodeConfig, strip: stripJPEG, decode: jpeg.Decode},
	ports.ImagePNG:  {decodeConfig: png.DecodeConfig, strip: stripPNG, decode: png.Decode},
	ports.ImageWebP: {decodeConfig: webp.DecodeConfig, strip: stripWebP, decode: webp.Decode},
}
