package http

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"social/core/errs"
	"social/kit/httpkit"
)

// Keys of huma.Operation.Metadata read when the document is built and by
// the middleware.
const (
	refusalsKey   = httpkit.MetaRefusals
	idempotentKey = httpkit.MetaIdempotent
	staffRoleKey  = "social.staff_role"
)

// Extensions of the document a client may read.
const (
	// extErrorCodes, on an error response: the codes that status may carry.
	extErrorCodes = "x-error-codes"
	// extStaffRole, on an operation: the least role that may call it.
	extStaffRole = "x-staff-role"
	// extPagination, on a paged list: where the cursor goes in and comes out.
	extPagination = "x-pagination"
	// extScopes, on an operation open to apps' OAuth tokens: the scopes
	// that each let a token run it.
	extScopes = "x-oauth-scopes"
)

// staffOnly marks an admin operation: the bearer must belong to a member
// with at least role (moderator or admin); the gate refuses anyone else.
func staffOnly(op *huma.Operation, role string) {
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata[staffRoleKey] = role
	op.Security = httpkit.Bearer
	who := "administrators"
	if role == "moderator" {
		who = "moderators and administrators"
	}
	op.Description = strings.TrimSpace("Staff only: " + who + ". " + op.Description)
	if op.Extensions == nil {
		op.Extensions = map[string]any{}
	}
	op.Extensions[extStaffRole] = role
}

// documentOperation completes each operation's entry in the document as it
// is added: its security stated, every error answer it may give as
// problem+json with the codes listed, the headers of rate-limited and
// idempotent operations, and paging described alike everywhere. An
// operation that states no security or no refusals stops the start.
func documentOperation(_ *huma.OpenAPI, op *huma.Operation) {
	if op.Security == nil {
		panic(fmt.Sprintf("operation %s states no security (httpkit.Bearer, BearerOptional or Public)", op.OperationID))
	}
	declared, ok := op.Metadata[refusalsKey].(httpkit.Refusals)
	if !ok && op.Metadata[refusalsKey] != nil {
		panic(fmt.Sprintf("operation %s: refusals are not httpkit.Refusals", op.OperationID))
	}
	if _, stated := op.Metadata[refusalsKey]; !stated {
		panic(fmt.Sprintf("operation %s states no refusals (Metadata: httpkit.Refuses(...))", op.OperationID))
	}
	refusals := impliedRefusals(op)
	for status, codes := range declared {
		refusals[status] = append(refusals[status], codes...)
	}
	idempotent, _ := op.Metadata[idempotentKey].(bool)
	if idempotent {
		refusals[http.StatusConflict] = append(refusals[http.StatusConflict], CodeIdempotencyInProgress, CodeIdempotencyApplied)
		refusals[http.StatusUnprocessableEntity] = append(refusals[http.StatusUnprocessableEntity],
			CodeIdempotencyKeyInvalid, CodeIdempotencyKeyReused)
		op.Parameters = append(op.Parameters, &huma.Param{Name: "Idempotency-Key", In: "header",
			Description: "Makes the creation safe to retry: a retry with the same key and the same body " +
				"within 24 hours answers the first answer again (with Idempotent-Replayed: true) and " +
				"creates nothing; the same key with another body is refused (422 idempotency_key_reused); " +
				"while the first is still running, 409 idempotency_in_progress; when the first was written " +
				"but its answer was lost (the database or the server went away around it), 409 " +
				"idempotency_already_applied: read the result, do not send it again. Keys are the member's own.",
			Schema: &huma.Schema{Type: "string", MinLength: ptr(1), MaxLength: ptr(httpkit.MaxIdempotencyKey)}})
	}
	if need := httpkit.ScopesOf(op.Metadata); need != 0 {
		refusals[http.StatusForbidden] = append(refusals[http.StatusForbidden], errs.CodeInsufficientScope)
		if op.Extensions == nil {
			op.Extensions = map[string]any{}
		}
		op.Extensions[extScopes] = need.Names()
	}
	limited := len(refusals[http.StatusTooManyRequests]) > 0

	for k := range op.Responses {
		if k == "default" || (len(k) == 3 && k[0] >= '4') {
			delete(op.Responses, k)
		}
	}
	for k, resp := range op.Responses {
		if limited {
			addHeaders(resp, rateLimitHeaders())
		}
		if idempotent && strings.HasPrefix(k, "2") {
			addHeaders(resp, map[string]*huma.Param{"Idempotent-Replayed": {
				Description: "true when this is the stored answer to an earlier request with the same Idempotency-Key.",
				Schema:      &huma.Schema{Type: "string", Enum: []any{"true"}}}})
		}
	}
	for status, codes := range refusals {
		op.Responses[strconv.Itoa(status)] = problemResponse(status, codes, limited)
	}
	for _, p := range op.Parameters {
		if p.In == "query" && p.Name == "cursor" {
			p.Description = "Opaque cursor of the next page: the next_cursor of the previous answer. Absent for the first page."
			if op.Extensions == nil {
				op.Extensions = map[string]any{}
			}
			op.Extensions[extPagination] = map[string]string{"cursor": "cursor", "next_cursor": "next_cursor"}
		}
	}
}

// impliedRefusals are the answers an operation of this shape may give
// whatever its use case: from the middleware (origin check, text
// PostgreSQL cannot store), from Huma (a body or parameter that does not
// fit), from the session check and from the database being unreachable.
func impliedRefusals(op *huma.Operation) httpkit.Refusals {
	r := httpkit.Refusals{
		http.StatusInternalServerError: {"internal"},
		http.StatusServiceUnavailable:  {codeDatabaseDown},
		http.StatusUnprocessableEntity: {httpkit.CodeUnstorableText},
	}
	if requiresBearer(op) {
		r[http.StatusUnauthorized] = []string{"unauthenticated"}
	}
	if role, _ := op.Metadata[staffRoleKey].(string); role != "" {
		r[http.StatusForbidden] = append(r[http.StatusForbidden], CodeAdminClosed, CodeSecondStepRequired)
		if role == "admin" {
			r[http.StatusForbidden] = append(r[http.StatusForbidden], CodeAdminOnly)
		}
	}
	if len(op.Parameters) > 0 || op.RequestBody != nil {
		r[http.StatusUnprocessableEntity] = append(r[http.StatusUnprocessableEntity], "invalid_input")
	}
	if op.RequestBody != nil {
		r[http.StatusBadRequest] = []string{"bad_request"}
		r[http.StatusRequestEntityTooLarge] = []string{"too_large"}
		r[http.StatusUnsupportedMediaType] = []string{"unsupported_media_type"}
	}
	switch op.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		r[http.StatusForbidden] = append(r[http.StatusForbidden], "origin_not_allowed")
	}
	return r
}

func requiresBearer(op *huma.Operation) bool {
	if len(op.Security) == 0 {
		return false
	}
	for _, req := range op.Security {
		if len(req) == 0 {
			return false // one way in needs nothing
		}
	}
	return true
}

// problemResponse is one error status of an operation: problem+json with
// the codes it may carry, listed in the description and in x-error-codes.
func problemResponse(status int, codes []string, limited bool) *huma.Response {
	codes = slices.Compact(sorted(codes))
	quoted := make([]string, len(codes))
	for i, c := range codes {
		quoted[i] = "`" + c + "`"
	}
	resp := &huma.Response{
		Description: http.StatusText(status) + ". Codes: " + strings.Join(quoted, ", ") + ".",
		Content: map[string]*huma.MediaType{"application/problem+json": {
			Schema: &huma.Schema{Ref: "#/components/schemas/Problem"}}},
		Extensions: map[string]any{extErrorCodes: codes},
	}
	switch {
	case status == http.StatusTooManyRequests:
		addHeaders(resp, map[string]*huma.Param{"Retry-After": {
			Description: "Seconds to wait before trying again.", Schema: &huma.Schema{Type: "integer"}}})
		addHeaders(resp, rateLimitHeaders())
	case status == http.StatusServiceUnavailable:
		addHeaders(resp, map[string]*huma.Param{"Retry-After": {
			Description: "Seconds to wait before trying again (when the database is unreachable).",
			Schema:      &huma.Schema{Type: "integer"}}})
	case limited:
		addHeaders(resp, rateLimitHeaders())
	}
	return resp
}

// rateLimitHeaders are the IETF httpapi rate-limit headers
// (draft-ietf-httpapi-ratelimit-headers) a rate-limited operation sends.
func rateLimitHeaders() map[string]*huma.Param {
	return map[string]*huma.Param{
		"RateLimit-Policy": {Description: `The limits this operation counts against, e.g. ` +
			`"comment_create_member";q=20;w=60 (q attempts per w seconds).`, Schema: &huma.Schema{Type: "string"}},
		"RateLimit": {Description: `What is left of each limit, e.g. "comment_create_member";r=19;t=60 ` +
			`(r attempts left, t seconds until one more is allowed).`, Schema: &huma.Schema{Type: "string"}},
	}
}

func addHeaders(resp *huma.Response, h map[string]*huma.Param) {
	if resp.Headers == nil {
		resp.Headers = map[string]*huma.Param{}
	}
	for k, v := range h {
		resp.Headers[k] = v
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

func ptr[T any](v T) *T { return &v }
