package metrics

// Texts of the /metrics endpoint's refusals (read by operators).
const (
	codeMetricsClosed       = "metrics_closed"
	msgMetricsClosed        = "Métricas fechadas em produção: defina metrics.token (SOCIAL_METRICS_TOKEN) e envie-o como token Bearer."
	codeMetricsUnauthorized = "metrics_unauthorized"
	msgMetricsUnauthorized  = "Token de métricas ausente ou inválido."
)
