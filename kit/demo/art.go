package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"runtime"
)

// Pictures are drawn, not shipped: each one comes from its seed, so every
// member's avatar and banner differs and the repository holds no images.

// Avatar draws a 256x256 avatar: a two-colour gradient under one of four
// patterns, its colours and shapes picked by seed.
func Avatar(seed int) []byte {
	const side = 256
	r := rand.New(rand.NewPCG(uint64(seed), 0xA7A7))
	hue := math.Mod(float64(seed)*0.618033988749895, 1)
	a, b := hsv(hue, 0.55, 0.95), hsv(math.Mod(hue+0.25+r.Float64()*0.2, 1), 0.7, 0.6)
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			img.SetRGBA(x, y, mix(a, b, float64(x+y)/(2*side)))
		}
	}
	ink := hsv(math.Mod(hue+0.5, 1), 0.35, 1)
	switch seed % 4 {
	case 0: // rings around an off-centre point
		cx, cy, step := 60+r.Float64()*136, 60+r.Float64()*136, 14+r.Float64()*14
		eachPixel(img, func(x, y float64) bool { return int(math.Hypot(x-cx, y-cy)/step)%2 == 0 }, ink, 0.45)
	case 1: // diagonal stripes
		w, k := 12+r.Float64()*20, 0.5+r.Float64()
		eachPixel(img, func(x, y float64) bool { return int((x+k*y)/w)%2 == 0 }, ink, 0.35)
	case 2: // scattered discs
		for i := 0; i < 7+r.IntN(6); i++ {
			cx, cy, rad := r.Float64()*side, r.Float64()*side, 12+r.Float64()*40
			eachPixel(img, func(x, y float64) bool { return math.Hypot(x-cx, y-cy) < rad }, ink, 0.3+r.Float64()*0.4)
		}
	default: // a wave across the middle
		amp, freq, phase := 20+r.Float64()*30, 0.02+r.Float64()*0.03, r.Float64()*6
		eachPixel(img, func(x, y float64) bool { return y > side/2+amp*math.Sin(x*freq+phase) }, ink, 0.5)
	}
	// A face-like disc in the middle reads as an avatar at small sizes.
	head := hsv(math.Mod(hue+0.08, 1), 0.25, 1)
	eachPixel(img, func(x, y float64) bool { return math.Hypot(x-128, y-104) < 44 }, head, 0.9)
	eachPixel(img, func(x, y float64) bool { return math.Hypot(x-128, y-250) < 92 && y < side }, head, 0.9)
	return encode(img)
}

// Banner draws a 1500x500 landscape: a sky at one hour of the day, a sun or
// moon, and three ridges of hills.
func Banner(seed int) []byte {
	return landscape(seed, 1500, 500)
}

// Photo draws a 1080x720 picture for a post: a landscape like Banner's or a
// city skyline, by seed.
func Photo(seed int) []byte {
	if seed%3 == 2 {
		return skyline(seed, 1080, 720)
	}
	return landscape(seed+1000, 1080, 720)
}

func landscape(seed, w, h int) []byte {
	r := rand.New(rand.NewPCG(uint64(seed), 0x5EED))
	hour := r.Float64() // 0 night ... 1 bright day
	top := mix(color.RGBA{12, 20, 60, 255}, color.RGBA{70, 150, 230, 255}, hour)
	bottom := mix(color.RGBA{250, 140, 80, 255}, color.RGBA{200, 230, 250, 255}, hour)
	sx, sy, sr := float64(w)*(0.15+0.7*r.Float64()), float64(h)*(0.15+0.25*r.Float64()), float64(h)*(0.06+0.06*r.Float64())
	sun := mix(color.RGBA{240, 240, 255, 255}, color.RGBA{255, 220, 90, 255}, hour)
	type ridge struct {
		base, amp, freq, phase float64
		c                      color.RGBA
	}
	hue := r.Float64()
	ridges := make([]ridge, 3)
	for i := range ridges {
		ridges[i] = ridge{base: float64(h) * (0.5 + 0.15*float64(i)), amp: float64(h) * (0.05 + 0.08*r.Float64()),
			freq: (1.5 + 3*r.Float64()) / float64(w) * math.Pi, phase: r.Float64() * 6,
			c: hsv(math.Mod(hue+0.05*float64(i), 1), 0.45, 0.55-0.15*float64(i))}
	}
	// One pass, column by column: the sky's row colour, the sun over it,
	// and the nearest ridge whose crest is above the pixel.
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	sky := make([]color.RGBA, h)
	for y := range sky {
		sky[y] = mix(top, bottom, float64(y)/float64(h))
	}
	crest := make([]float64, len(ridges))
	for x := 0; x < w; x++ {
		fx := float64(x)
		for i, rd := range ridges {
			crest[i] = rd.base + rd.amp*math.Sin(fx*rd.freq+rd.phase) + rd.amp*0.4*math.Sin(fx*rd.freq*3.1+rd.phase*2)
		}
		for y := 0; y < h; y++ {
			fy := float64(y)
			c := sky[y]
			if math.Abs(fx-sx) < sr && math.Abs(fy-sy) < sr && math.Hypot(fx-sx, fy-sy) < sr {
				c = mix(c, sun, 0.95)
			}
			for i := len(ridges) - 1; i >= 0; i-- {
				if fy > crest[i] {
					c = ridges[i].c
					break
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return encode(img)
}

func skyline(seed, w, h int) []byte {
	r := rand.New(rand.NewPCG(uint64(seed), 0xC17E))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	top, bottom := hsv(r.Float64(), 0.5, 0.35), hsv(r.Float64(), 0.6, 0.95)
	for y := 0; y < h; y++ {
		c := mix(top, bottom, float64(y)/float64(h))
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, c)
		}
	}
	building := color.RGBA{25, 25, 40, 255}
	window := color.RGBA{255, 214, 120, 255}
	for x := 0; x < w; {
		bw, bh := 40+r.IntN(90), h/4+r.IntN(h/2)
		for y := h - bh; y < h; y++ {
			for xx := x; xx < x+bw && xx < w; xx++ {
				lit := (xx-x)%14 > 4 && (y-(h-bh))%20 > 8 && (xx/14+y/20+seed)%3 == 0
				if lit {
					img.SetRGBA(xx, y, window)
				} else {
					img.SetRGBA(xx, y, building)
				}
			}
		}
		x += bw + r.IntN(12)
	}
	return encode(img)
}

// eachPixel blends c over every pixel where inside holds.
func eachPixel(img *image.RGBA, inside func(x, y float64) bool, c color.RGBA, alpha float64) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if inside(float64(x), float64(y)) {
				img.SetRGBA(x, y, mix(img.RGBAAt(x, y), c, alpha))
			}
		}
	}
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

// hsv turns hue, saturation and value (0 to 1) into a colour.
func hsv(h, s, v float64) color.RGBA {
	i := math.Floor(h * 6)
	f := h*6 - i
	p, q, t := v*(1-s), v*(1-f*s), v*(1-(1-f)*s)
	var r, g, b float64
	switch int(i) % 6 {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return color.RGBA{uint8(r * 255), uint8(g * 255), uint8(b * 255), 255}
}

func encode(img image.Image) []byte {
	var buf bytes.Buffer
	// Encoding an in-memory RGBA into a buffer cannot fail.
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}

// picture is one drawing under way; wait for its bytes.
type picture struct {
	done chan struct{}
	data []byte
}

func (p *picture) bytes() []byte {
	<-p.done
	return p.data
}

// drawAll draws every picture on all cores in the background, in order,
// while the script writes what needs none: drawing is most of the
// seeding's work.
func drawAll(draws []func() []byte) []*picture {
	out := make([]*picture, len(draws))
	for i := range out {
		out[i] = &picture{done: make(chan struct{})}
	}
	next := make(chan int, len(draws))
	for i := range draws {
		next <- i
	}
	close(next)
	for w := 0; w < max(1, runtime.NumCPU()); w++ {
		go func() {
			for i := range next {
				out[i].data = draws[i]()
				close(out[i].done)
			}
		}()
	}
	return out
}

// CommunityTheme is what a community's drawn picture shows.
type CommunityTheme int

// The themes of the communities' pictures.
const (
	ThemeDesign  CommunityTheme = iota // shapes of a Bauhaus poster
	ThemeRunning                       // a road running to the horizon
	ThemeBooks                         // a shelf of book spines
	ThemeSea                           // the sun over waves
	ThemeCoffee                        // a steaming cup
)

// CommunityPicture draws a 256x256 picture of theme; seed varies its
// colours, so two communities of one theme differ.
func CommunityPicture(theme CommunityTheme, seed int) []byte {
	const side = 256
	r := rand.New(rand.NewPCG(uint64(seed), uint64(theme)+0xC0))
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	fill := func(c color.RGBA) { eachPixel(img, func(x, y float64) bool { return true }, c, 1) }
	switch theme {
	case ThemeDesign:
		fill(color.RGBA{245, 238, 225, 255})
		hue := r.Float64()
		eachPixel(img, func(x, y float64) bool { return math.Hypot(x-100, y-110) < 70 }, hsv(hue, 0.75, 0.9), 1)
		eachPixel(img, func(x, y float64) bool { return x > 120 && x < 220 && y > 120 && y < 220 }, hsv(math.Mod(hue+0.33, 1), 0.7, 0.75), 0.85)
		eachPixel(img, func(x, y float64) bool { return y > 40 && y < 120 && math.Abs(x-190) < (y-40)*0.6 }, hsv(math.Mod(hue+0.66, 1), 0.8, 0.85), 0.9)
		eachPixel(img, func(x, y float64) bool { return y > 228 && y < 238 && x > 30 && x < 226 }, color.RGBA{30, 30, 30, 255}, 1)
	case ThemeRunning:
		for y := 0; y < side; y++ {
			c := mix(color.RGBA{255, 170, 90, 255}, color.RGBA{255, 230, 170, 255}, float64(y)/110)
			for x := 0; x < side; x++ {
				img.SetRGBA(x, y, c)
			}
		}
		eachPixel(img, func(x, y float64) bool { return math.Hypot(x-128, y-110) < 34 }, color.RGBA{255, 250, 220, 255}, 0.9)
		eachPixel(img, func(x, y float64) bool { return y >= 120 }, hsv(0.3+0.05*r.Float64(), 0.5, 0.55), 1)
		// The road narrows to the horizon; its middle line is dashed.
		eachPixel(img, func(x, y float64) bool { return y >= 120 && math.Abs(x-128) < 4+(y-120)*0.85 }, color.RGBA{70, 70, 80, 255}, 1)
		eachPixel(img, func(x, y float64) bool {
			return y >= 130 && math.Abs(x-128) < 1+(y-120)*0.04 && int(math.Sqrt(y-120)*3)%2 == 0
		}, color.RGBA{255, 255, 255, 255}, 1)
	case ThemeBooks:
		fill(color.RGBA{92, 64, 45, 255})
		for _, shelf := range []float64{118, 236} {
			eachPixel(img, func(x, y float64) bool { return y > shelf && y < shelf+10 }, color.RGBA{60, 40, 28, 255}, 1)
			for x := 14.0; x < 240; {
				w, h := 14+r.Float64()*16, 70+r.Float64()*28
				if x+w > 242 {
					break
				}
				c := hsv(r.Float64(), 0.55, 0.6+0.3*r.Float64())
				x0 := x
				eachPixel(img, func(px, py float64) bool { return px >= x0 && px < x0+w && py <= shelf && py > shelf-h }, c, 1)
				eachPixel(img, func(px, py float64) bool { return px >= x0+3 && px < x0+w-3 && math.Abs(py-(shelf-h+14)) < 2 }, color.RGBA{240, 220, 160, 255}, 0.8)
				x += w + 2
			}
		}
	case ThemeCoffee:
		fill(hsv(0.07+0.03*r.Float64(), 0.45, 0.45))
		cup := color.RGBA{250, 246, 238, 255}
		eachPixel(img, func(x, y float64) bool {
			return math.Abs(math.Hypot(x-178, y-150)-24) < 7 // the handle
		}, cup, 1)
		eachPixel(img, func(x, y float64) bool { return y > 110 && y < 200 && math.Abs(x-118) < 62-math.Max(0, y-170)*0.8 }, cup, 1)
		eachPixel(img, func(x, y float64) bool { return math.Abs(y-112) < 6 && math.Abs(x-118) < 56 }, color.RGBA{90, 55, 35, 255}, 1)
		eachPixel(img, func(x, y float64) bool { return math.Abs(y-212) < 6 && math.Abs(x-118) < 84 }, cup, 1)
		for _, sx := range []float64{96, 118, 140} {
			eachPixel(img, func(x, y float64) bool { return y > 40 && y < 96 && math.Abs(x-sx-6*math.Sin(y*0.12+sx)) < 3 }, cup, 0.6)
		}
	default: // ThemeSea
		for y := 0; y < side; y++ {
			c := mix(color.RGBA{120, 200, 240, 255}, color.RGBA{250, 220, 170, 255}, float64(y)/130)
			for x := 0; x < side; x++ {
				img.SetRGBA(x, y, c)
			}
		}
		eachPixel(img, func(x, y float64) bool { return math.Hypot(x-170, y-80) < 30 }, color.RGBA{255, 210, 80, 255}, 1)
		for i := 0; i < 5; i++ {
			base, phase := 130+float64(i)*26, r.Float64()*6
			c := hsv(0.52+0.03*float64(i), 0.7, 0.85-0.1*float64(i))
			eachPixel(img, func(x, y float64) bool { return y > base+8*math.Sin(x*0.05+phase) }, c, 1)
		}
	}
	return encode(img)
}
