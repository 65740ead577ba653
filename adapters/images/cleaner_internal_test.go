package images

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"testing"
)

// A request that gives up while every decoding slot is taken leaves at once.
func TestWaitingForADecodingSlotHonoursTheContext(t *testing.T) {
	c := New(Options{MaxDecoding: 1})
	c.decoding <- struct{}{} // the one slot is busy
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	onePixel := buf.Bytes()
	if _, err := c.Clean(ctx, onePixel); !errors.Is(err, context.Canceled) {
		t.Fatalf("Clean = %v, want context.Canceled", err)
	}
	<-c.decoding
	if _, err := c.Clean(context.Background(), onePixel); err != nil {
		t.Fatalf("Clean of a 1x1 PNG once the slot is free: %v", err)
	}
}
