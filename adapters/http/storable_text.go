package http

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"social/kit/httpkit"
)

// jsonScanCap is how much of a JSON body is looked at: Huma refuses bodies
// over 1 MiB itself, so a larger one goes on unread and gets its 413 there.
const jsonScanCap = 1 << 20

// withStorableText refuses, before any operation runs, text that PostgreSQL
// cannot store: a NUL character (U+0000) in a JSON string, a query
// parameter or the path. PostgreSQL's text types have no NUL, so such a
// value could only be lost or changed silently; the answer is 422 naming
// the field (body.text_content, query.q, path) so nothing accepted differs
// from what is kept. The body of an API operation is looked at by
// storableBody, after the operation's own checks that need no body (the
// session, the declared length), so that none of them waits for it.
func withStorableText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.ContainsRune(r.URL.Path, 0) {
			refuseUnstorable(w, r, "path")
			return
		}
		if strings.Contains(r.URL.RawQuery, "%00") || strings.ContainsRune(r.URL.RawQuery, 0) {
			if name, found := nulQueryParameter(r.URL.RawQuery); found {
				refuseUnstorable(w, r, "query."+name)
				return
			}
		}
		if !strings.HasPrefix(r.URL.Path, APIPrefix+"/") && refusedUnstorableBody(w, r) {
			return
		}
		next.ServeHTTP(w, r)
	})
}

// storableBody is withStorableText's body check for API operations: it runs
// after refuseBodyEarly.
func storableBody() func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		r, w := humago.Unwrap(ctx)
		if refusedUnstorableBody(w, r) {
			return
		}
		next(ctx)
	}
}

// refusedUnstorableBody answers 422 when r's JSON body holds a NUL in a
// string; otherwise the body is left as it was for the handler to read.
func refusedUnstorableBody(w http.ResponseWriter, r *http.Request) bool {
	if r.Body == nil || !isJSON(r.Header.Get("Content-Type")) {
		return false
	}
	head, err := io.ReadAll(io.LimitReader(r.Body, jsonScanCap+1))
	r.Body = readCloser{io.MultiReader(bytes.NewReader(head), r.Body), r.Body}
	if err != nil {
		// Let the operation meet the same read error and answer it.
		return false
	}
	if len(head) <= jsonScanCap && bytes.Contains(head, []byte(`\u0000`)) {
		if field, found := nulJSONField(head); found {
			refuseUnstorable(w, r, "body"+field)
			return true
		}
	}
	return false
}

type readCloser struct {
	io.Reader
	io.Closer
}

func isJSON(contentType string) bool {
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mediaType == "application/json" || strings.HasSuffix(mediaType, "+json"))
}

func refuseUnstorable(w http.ResponseWriter, r *http.Request, location string) {
	httpkit.RefuseUnstorable(w, r, location)
}

// nulQueryParameter names the first query parameter whose name or value
// holds a NUL.
func nulQueryParameter(rawQuery string) (string, bool) {
	values, _ := url.ParseQuery(rawQuery)
	for name, vs := range values {
		if strings.ContainsRune(name, 0) {
			return strings.ReplaceAll(name, "\x00", ""), true
		}
		for _, v := range vs {
			if strings.ContainsRune(v, 0) {
				return name, true
			}
		}
	}
	return "", false
}

// nulJSONField walks a JSON document and returns the path (".text",
// ".items[2].name") of the first string, or object key, holding a NUL.
// A body that is not valid JSON is left to the operation's own decoding.
func nulJSONField(body []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	type level struct {
		object bool
		key    string
		index  int
		inKey  bool // an object's next string token is a key
	}
	var stack []*level
	path := func() string {
		var b strings.Builder
		for _, l := range stack {
			if l.object {
				b.WriteString("." + l.key)
			} else {
				b.WriteString("[" + strconv.Itoa(l.index) + "]")
			}
		}
		return b.String()
	}
	// afterValue moves the enclosing container past a finished value.
	afterValue := func() {
		if len(stack) == 0 {
			return
		}
		top := stack[len(stack)-1]
		if top.object {
			top.inKey = true
		} else {
			top.index++
		}
	}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) || err != nil {
			return "", false
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &level{object: true, inKey: true})
			case '[':
				stack = append(stack, &level{})
			default:
				stack = stack[:len(stack)-1]
				afterValue()
			}
		case string:
			if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].inKey {
				top := stack[len(stack)-1]
				top.key, top.inKey = t, false
				if strings.ContainsRune(t, 0) {
					top.key = strings.ReplaceAll(t, "\x00", "")
					return path(), true
				}
				continue
			}
			if strings.ContainsRune(t, 0) {
				return path(), true
			}
			afterValue()
		default:
			afterValue()
		}
	}
}
