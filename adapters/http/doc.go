// Package http serves everything the binary offers over HTTP: the Huma API
// under /api/v1 with its OpenAPI document, problem+json errors, request IDs,
// access logs, security headers, health checks, and the embedded member SPA,
// admin console and API reference.
package http
