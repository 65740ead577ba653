package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progressBar shows long work the way operators expect: on a terminal one
// bar rewritten in place with the count and the rate, at most ten times a
// second; elsewhere (logs, pipes) a plain line at every tenth of each
// stage, without carriage returns.
//
//	terminal:  posts       [██████████░░░░░░░░░░]  150/300  50%  812/s
//	otherwise: posts: 150/300 (50%, 812/s)
type progressBar struct {
	w        io.Writer
	terminal bool
	unit     string // "documents", or "" for a bare count
	stage    string
	started  time.Time
	drawn    time.Time
	decile   int
	open     bool // a bar is on screen without its newline
	now      func() time.Time
}

func newProgressBar(w io.Writer, unit string) *progressBar {
	p := &progressBar{w: w, unit: unit, now: time.Now, decile: -1}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

// barWidth is the bar's length in cells.
const barWidth = 20

// report says stage is at done of total.
func (p *progressBar) report(stage string, done, total int) {
	now := p.now()
	if stage != p.stage {
		p.end()
		p.stage, p.started, p.decile, p.drawn = stage, now, -1, time.Time{}
	}
	pct := 100
	if total > 0 {
		pct = done * 100 / total
	}
	count := fmt.Sprintf("%d/%d", done, total)
	if p.unit != "" {
		count += " " + p.unit
	}
	rate := "-"
	if secs := now.Sub(p.started).Seconds(); secs > 0.05 {
		rate = fmt.Sprintf("%.0f/s", float64(done)/secs)
	}
	if !p.terminal {
		if d := pct / 10; d > p.decile {
			p.decile = d
			fmt.Fprintf(p.w, "%s: %s (%d%%, %s)\n", stage, count, pct, rate)
		}
		return
	}
	if done < total && now.Sub(p.drawn) < 100*time.Millisecond {
		return
	}
	p.drawn = now
	filled := barWidth * pct / 100
	bar := strings.Repeat("█", filled) + strings.Repeat("░", barWidth-filled)
	fmt.Fprintf(p.w, "\r%-11s [%s]  %s  %3d%%  %s\033[K", stage, bar, count, pct, rate)
	p.open = true
	if done >= total {
		p.end()
	}
}

// end closes the bar on screen with its newline.
func (p *progressBar) end() {
	if p.open {
		fmt.Fprintln(p.w)
		p.open = false
	}
}
