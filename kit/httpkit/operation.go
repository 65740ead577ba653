package httpkit

// Security requirements an operation states (huma.Operation.Security); every
// operation names one of them, so a generated client knows when to send the
// access token.
var (
	// Bearer: the operation needs a session's access token.
	Bearer = []map[string][]string{{"bearer": {}}}
	// BearerOptional: anyone may call it; with a token the answer is the
	// viewer's (is_following, say).
	BearerOptional = []map[string][]string{{}, {"bearer": {}}}
	// Public: no token is looked at.
	Public = []map[string][]string{}
)

// Refusals are the error answers an operation gives of its own, by status:
// the stable codes of the problems it may answer. The answers every
// operation of its shape may give (a session missing, a malformed body, the
// database down...) are added to them by the HTTP adapter when the document
// is built, so a registration lists only what its use case returns.
type Refusals map[int][]string

// Keys of huma.Operation.Metadata the HTTP adapter reads when the document
// is built and in its middleware.
const (
	MetaRefusals   = "social.refusals"
	MetaIdempotent = "social.idempotent"
)

// Refuses is the Metadata of an operation that answers r besides the
// refusals its shape implies. Every operation states it, even with nil;
// the server refuses to start otherwise.
func Refuses(r Refusals) map[string]any { return map[string]any{MetaRefusals: r} }

// CreatesOnce is Refuses for an operation that creates something and
// accepts an Idempotency-Key header: a retry with the same key and body
// answers the first answer again and writes nothing.
func CreatesOnce(r Refusals) map[string]any {
	m := Refuses(r)
	m[MetaIdempotent] = true
	return m
}
