package soak

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
)

// WriteHTML writes the report as one page: the verdict, the figures, the
// failure timeline, and a chart over time per measure (SVG, no script),
// each with the faults marked.
func WriteHTML(w io.Writer, r *Report) error {
	raw, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	charts := []template.HTML{
		chart(r, "Requisições concluídas por segundo (verde) e falhas (vermelho)", func(s Second) float64 { return float64(s.Throughput) },
			func(s Second) float64 { return float64(s.Errors + s.FailedAttempts) }, "/s"),
		chart(r, "p99 da latência por segundo (ms)", func(s Second) float64 { return s.P99MS }, nil, "ms"),
		chart(r, "Atraso p99 dos eventos ao vivo (ms, pelo segundo do envio)", func(s Second) float64 { return s.EventDelayMS }, nil, "ms"),
		chart(r, "Atraso da réplica (ms; vermelho: réplica fora)", func(s Second) float64 { return max(0, s.ReplicaLagMS) },
			func(s Second) float64 {
				if s.ReplicaLagMS < 0 {
					return 1
				}
				return 0
			}, "ms"),
	}
	return page.Execute(w, map[string]any{"R": r, "Charts": charts, "JSON": string(raw), "Passed": len(r.Failures) == 0})
}

const width, height, pad = 900.0, 160.0, 36.0

// chart draws main as a green line and, when given, extra as red bars
// (scaled to their own maximum), with a dashed line at each fault.
func chart(r *Report, title string, main, extra func(Second) float64, unit string) template.HTML {
	n := len(r.Timeline)
	if n == 0 {
		return ""
	}
	top := 1.0
	for _, s := range r.Timeline {
		top = max(top, main(s))
	}
	x := func(i float64) float64 { return pad + i*(width-2*pad)/float64(max(n-1, 1)) }
	y := func(v, of float64) float64 { return height - pad + -v/of*(height-2*pad) }
	var b strings.Builder
	fmt.Fprintf(&b, `<figure><figcaption>%s</figcaption><svg viewBox="0 0 %.0f %.0f" role="img" aria-label="%s">`,
		template.HTMLEscapeString(title), width, height, template.HTMLEscapeString(title))
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="#999"/>`, pad, height-pad, width-pad, height-pad)
	fmt.Fprintf(&b, `<text x="2" y="%.0f" font-size="10">%.0f %s</text><text x="2" y="%.0f" font-size="10">0</text>`, pad, top, unit, height-pad)
	if extra != nil {
		etop := 1.0
		for _, s := range r.Timeline {
			etop = max(etop, extra(s))
		}
		for i, s := range r.Timeline {
			if v := extra(s); v > 0 {
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#d33" opacity="0.6"/>`,
					x(float64(i)), y(v, etop), max(1, (width-2*pad)/float64(n)), height-pad-y(v, etop))
			}
		}
	}
	var pts []string
	for i, s := range r.Timeline {
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(float64(i)), y(main(s), top)))
	}
	fmt.Fprintf(&b, `<polyline fill="none" stroke="#2a7" stroke-width="1.5" points="%s"/>`, strings.Join(pts, " "))
	for i, f := range r.Faults {
		// Labels on alternating rows: a fault and its repair are close.
		fx := x(f.AtS)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#36c" stroke-dasharray="3,3"/><text x="%.1f" y="%d" font-size="9" fill="#36c">%s</text>`,
			fx, pad/2, fx, height-pad, fx+2, 9+(i%2)*10, template.HTMLEscapeString(f.Action))
	}
	for t := 0; t < n; t += max(1, n/10) {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" font-size="9">%ds</text>`, x(float64(t)), height-pad+12, t)
	}
	b.WriteString(`</svg></figure>`)
	return template.HTML(b.String())
}

var page = template.Must(template.New("soak").Parse(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Soak do cluster — {{.R.StartedAt.Format "2006-01-02 15:04"}} UTC</title>
<style>body{font:14px/1.4 system-ui,sans-serif;max-width:960px;margin:1em auto;padding:0 1em}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}
figure{margin:1em 0}svg{width:100%;height:auto;background:#fafafa}.ok{color:#185}.bad{color:#b00}</style></head>
<body>
<h1>Soak do cluster: {{if .Passed}}<span class="ok">passou</span>{{else}}<span class="bad">falhou</span>{{end}}</h1>
<p>{{.R.DurationS}} s de carga mista (60 % feed Seguindo, 30 % posts de um perfil, 10 % novos posts) a {{.R.Rate}} req/s
por HAProxy, {{.R.Members}} membros, {{.R.Watchers}} com WebSocket. Iniciado {{.R.StartedAt.Format "2006-01-02 15:04:05"}} UTC.</p>
{{if not .Passed}}<ul class="bad">{{range .R.Failures}}<li>{{.}}</li>{{end}}</ul>{{end}}
<table>
<tr><th>escritas confirmadas</th><td>{{.R.AckedWrites}}</td><th>perdidas</th><td>{{len .R.LostWrites}}</td></tr>
<tr><th>posts duplicados</th><td>{{.R.Duplicates}}</td><th>em dúvida (chave presa; gravados)</th><td>{{.R.InDoubt}} ({{.R.InDoubtStored}})</td></tr>
<tr><th>já realizados, resposta perdida (gravados)</th><td>{{.R.Applied}} ({{.R.AppliedStored}})</td><th></th><td></td></tr>
<tr><th>requisições (vazão)</th><td>{{.R.Load.Requests}} ({{printf "%.1f" .R.Load.Throughput}}/s)</th><th>p99 geral</th><td>{{.R.Load.P99}} ms</td></tr>
<tr><th>tentativas falhas, por motivo</th><td colspan="3">{{range $k, $v := .R.FailedAttempts}}{{$k}}: {{$v}}; {{end}}</td></tr>
<tr><th>bem-sucedidas após nova tentativa</th><td>{{.R.RetriedOK}}</td><th>falhas definitivas</th><td>{{range $k, $v := .R.FailedRequests}}{{$k}}: {{$v}}; {{end}}</td></tr>
<tr><th>sockets reconectados</th><td>{{.R.Reconnects}} (mediana {{.R.ReconnectP50S}} s, máx. {{.R.ReconnectMaxS}} s)</td>
<th>eventos ao vivo enviados / vistos ao vivo / perdidos</th><td>{{.R.EventsSent}} / {{.R.EventsLive}} / {{.R.EventsMissed}}</td></tr>
<tr><th>atraso dos eventos p50 / p99</th><td>{{.R.EventDelayP50MS}} / {{.R.EventDelayP99MS}} ms</td><th>atraso máx. da réplica</th><td>{{.R.MaxReplicaLag}} ms</td></tr>
<tr><th>jobs periódicos executados duas vezes</th><td>{{.R.PeriodicTwice}} (de {{len .R.PeriodicJobs}})</td>
<th>mídia lida por nó</th><td>{{range $k, $v := .R.MediaFromNodes}}{{$k}}: {{$v}}; {{end}}</td></tr>
</table>
<h2>Falhas provocadas</h2>
<table><tr><th>s</th><th>ação</th><th>duração</th><th>erro</th></tr>
{{range .R.Faults}}<tr><td>{{.AtS}}</td><td>{{.Action}}</td><td>{{.TookS}} s</td><td>{{.Error}}</td></tr>{{end}}</table>
{{if .R.MissedEvents}}<h2>Eventos ao vivo perdidos</h2>
<table><tr><th>s</th><th>hora (UTC)</th><th>tipo</th><th>comentário</th><th>post</th><th>nó do socket</th><th>falha mais próxima</th></tr>
{{range .R.MissedEvents}}<tr><td>{{.AtS}}</td><td>{{.At.Format "15:04:05.000"}}</td><td>{{.Kind}}</td><td>{{.CommentID}}</td><td>{{.PostID}}</td><td>{{.Node}}</td><td>{{.NearestFault}} ({{printf "%+.1f" .FromFaultS}} s)</td></tr>{{end}}</table>{{end}}
<h2>Ao longo do tempo</h2>
{{range .Charts}}{{.}}{{end}}
<details><summary>JSON</summary><pre>{{.JSON}}</pre></details>
</body></html>
`))
