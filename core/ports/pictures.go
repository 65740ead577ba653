package ports

// PictureCopy is a signed link to a square copy of a stored picture (a
// profile's avatar, for one), made when the picture was stored: a srcset's
// candidate. Use cases that answer with a member's card carry them as
// they come from the media links.
type PictureCopy struct {
	URL    string `json:"url" doc:"Signed link to the copy, a WebP image (valid storage.url_ttl, 1 hour by default)."`
	Width  int    `json:"width" doc:"The copy's width in pixels."`
	Height int    `json:"height" doc:"The copy's height in pixels: the width, the copy being the picture's centre square."`
}
