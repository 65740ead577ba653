package bench

import (
	"fmt"
	"html/template"
	"io"
	"math"
)

// htmlRow is one workload in the page: bars scaled to the widest value.
type htmlRow struct {
	Name, Floor                       string
	API, FloorTPS, Prev               float64
	APIW, FloorW, PrevW               float64
	Ratio, PrevRatio, P50, P99, Bound float64
	Met                               bool
	HasPrev                           bool
}

var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>social benchmark {{.R.StartedAt.Format "2006-01-02 15:04"}}</title>
<style>
body{font:14px system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse}td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:right}
td:first-child,th:first-child{text-align:left}.api{fill:#2563eb}.floor{fill:#9ca3af}.prev{fill:#93c5fd}
.miss{color:#b91c1c}small{color:#666}
</style></head><body>
<h1>social benchmark</h1>
<p>{{.R.StartedAt.Format "2006-01-02 15:04 MST"}} &middot; commit {{.R.Commit}} &middot; {{.R.CPUs}} CPUs (shared) &middot;
{{.R.Data.Profiles}} profiles, {{.R.Data.Posts}} posts, {{.R.Data.Follows}} follows &middot; {{.R.Workers}} workers / pgbench clients &middot; {{.R.StepSeconds}} s steps
{{if .Prev}}<br><small>previous run: {{.Prev.StartedAt.Format "2006-01-02 15:04 MST"}}, commit {{.Prev.Commit}}</small>{{end}}</p>
<svg width="760" height="{{.Height}}" role="img" aria-label="throughput per workload">
{{range $i, $r := .Rows}}<g transform="translate(0,{{call $.Y $i}})">
<text x="0" y="12" font-size="12">{{$r.Name}}</text>
<rect class="api" x="220" y="0" height="8" width="{{$r.APIW}}"/><text x="{{call $.X $r.APIW}}" y="8" font-size="10">API {{printf "%.0f" $r.API}}/s</text>
<rect class="floor" x="220" y="10" height="8" width="{{$r.FloorW}}"/><text x="{{call $.X $r.FloorW}}" y="18" font-size="10">{{$r.Floor}} {{printf "%.0f" $r.FloorTPS}}/s</text>
{{if $r.HasPrev}}<rect class="prev" x="220" y="20" height="6" width="{{$r.PrevW}}"/><text x="{{call $.X $r.PrevW}}" y="27" font-size="10">previous API {{printf "%.0f" $r.Prev}}/s</text>{{end}}
</g>{{end}}
</svg>
<table><tr><th>workload</th><th>API peak/s</th><th>p50 ms</th><th>p99 ms</th><th>bound ms</th><th>floor</th><th>floor tps</th><th>ratio</th>{{if .Prev}}<th>previous ratio</th>{{end}}</tr>
{{range .Rows}}<tr><td>{{.Name}}</td><td>{{printf "%.0f" .API}}</td><td>{{printf "%.1f" .P50}}</td><td{{if not .Met}} class="miss"{{end}}>{{printf "%.1f" .P99}}</td><td>{{printf "%.0f" .Bound}}</td><td>{{.Floor}}</td><td>{{printf "%.0f" .FloorTPS}}</td><td>{{printf "%.2f" .Ratio}}x</td>{{if $.Prev}}<td>{{if .HasPrev}}{{printf "%.2f" .PrevRatio}}x{{end}}</td>{{end}}</tr>
{{end}}</table>
{{with .R.Freshness}}<p>New post in followers' timelines: p50 {{printf "%.1f" .TimelineP50}} ms, p99 {{printf "%.1f" .TimelineP99}} ms; searchable: p50 {{printf "%.1f" .SearchP50}} ms, p99 {{printf "%.1f" .SearchP99}} ms ({{.Posts}} posts, {{.Timeouts}} timeouts){{.TopLine}}.</p>{{end}}
{{with .R.FreshnessUnderLoad}}<p>New post while {{printf "%.0f" .CreateRate}} others a second are created: in followers' timelines p50 {{printf "%.1f" .TimelineP50}} ms, p99 {{printf "%.1f" .TimelineP99}} ms; searchable: p50 {{printf "%.1f" .SearchP50}} ms, p99 {{printf "%.1f" .SearchP99}} ms ({{.Posts}} posts, {{.Timeouts}} timeouts){{.TopLine}}.</p>{{end}}
{{with .R.Realtime}}<p>Realtime: {{.Connected}}/{{.Sockets}} sockets, {{.Published}} events published, {{.Received}}/{{.Expected}} delivered ({{.Lost}} lost), from the commit p50 {{printf "%.1f" .P50FromCommit}} ms, p99 {{printf "%.1f" .P99FromCommit}} ms (from the request's start p50 {{printf "%.1f" .P50}} ms, p99 {{printf "%.1f" .P99}} ms), server RSS {{printf "%.0f" .ServerRSSMB}} MB.{{with .Floor}} Floor (bare WebSocket fan-out, same sockets and events): p50 {{printf "%.1f" .P50}} ms, p99 {{printf "%.1f" .P99}} ms.{{end}}{{if .P99VsFloor}} p99 {{printf "%.2f" .P99VsFloor}}× the floor's.{{end}}</p>{{end}}
{{with .R.Federation}}{{with .Delivery}}<p>{{.Line}}.</p>{{end}}{{with .Inbox}}<p>{{.Line}}.</p>{{end}}{{end}}
<p><small>p50/p99: open loop at the fastest tried rate that kept p99 within the bound (red: none did). Ratio: API peak (closed loop) over the floor's tps at the same concurrency.</small></p>
</body></html>
`))

// writeHTML renders the run (and prev, when not nil) as one page without
// outside resources.
func writeHTML(w io.Writer, r, prev *Report) error {
	prevByName := map[string]WorkloadResult{}
	if prev != nil {
		for _, p := range prev.Workloads {
			prevByName[p.Name] = p
		}
	}
	var rows []htmlRow
	widest := 1.0
	for _, wl := range r.Workloads {
		row := htmlRow{Name: wl.Name, API: wl.API.Peak.Throughput, P50: wl.API.AtBound.P50, P99: wl.API.AtBound.P99,
			Bound: wl.API.BoundMS, Met: wl.API.Met}
		if len(wl.Floors) > 0 {
			row.Floor, row.FloorTPS, row.Ratio = wl.Floors[0].Name, wl.Floors[0].TPS, wl.Floors[0].Ratio
		}
		if p, ok := prevByName[wl.Name]; ok {
			row.HasPrev, row.Prev = true, p.API.Peak.Throughput
			if len(p.Floors) > 0 {
				row.PrevRatio = p.Floors[0].Ratio
			}
		}
		widest = math.Max(widest, math.Max(row.API, math.Max(row.FloorTPS, row.Prev)))
		rows = append(rows, row)
	}
	for i := range rows {
		rows[i].APIW = 400 * rows[i].API / widest
		rows[i].FloorW = 400 * rows[i].FloorTPS / widest
		rows[i].PrevW = 400 * rows[i].Prev / widest
	}
	data := struct {
		R, Prev *Report
		Rows    []htmlRow
		Height  int
		Y       func(int) int
		X       func(float64) string
	}{R: r, Prev: prev, Rows: rows, Height: 34*len(rows) + 10,
		Y: func(i int) int { return 34 * i },
		X: func(w float64) string { return fmt.Sprintf("%.0f", 224+w) }}
	return page.Execute(w, data)
}
