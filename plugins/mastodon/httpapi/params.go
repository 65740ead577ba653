package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"social/core/errs"
	"social/kit/httpkit"
)

// Params are a request's parameters, from its query string and its body
// (form, multipart or JSON), under Rails' names without the final []:
// media_ids[]=1 and {"media_ids": ["1"]} are both Strings("media_ids"),
// poll[options][]=a and {"poll": {"options": ["a"]}} both
// Strings("poll[options]").
type Params struct {
	values url.Values
	files  map[string][]*multipart.FileHeader
}

// maxFormBytes bounds a body without files; a multipart body (media,
// avatars) is bounded by the upload limits of the adapter in front.
const maxFormBytes = 1 << 20

func readParams(r *http.Request) (Params, error) {
	p := Params{values: url.Values{}}
	addValues(p.values, r.URL.Query())
	if r.Body == nil || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return p, nil
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		var raw any
		err := json.NewDecoder(http.MaxBytesReader(nil, r.Body, maxFormBytes)).Decode(&raw)
		if err != nil && !errors.Is(err, io.EOF) {
			return p, badBody()
		}
		flatten(p.values, "", raw)
	case "application/x-www-form-urlencoded":
		r.Body = http.MaxBytesReader(nil, r.Body, maxFormBytes)
		if err := r.ParseForm(); err != nil {
			return p, badBody()
		}
		addValues(p.values, r.PostForm)
	case "multipart/form-data":
		if err := r.ParseMultipartForm(8 << 20); err != nil {
			return p, httpkit.ProblemFrom(r.Context(), err)
		}
		addValues(p.values, r.MultipartForm.Value)
		p.files = map[string][]*multipart.FileHeader{}
		for k, v := range r.MultipartForm.File {
			p.files[strings.TrimSuffix(k, "[]")] = v
		}
	}
	return p, nil
}

func badBody() error { return errs.Invalid(CodeBadParameter, errs.MsgBadRequest, nil) }

func addValues(dst, src url.Values) {
	for k, v := range src {
		k = strings.TrimSuffix(k, "[]")
		dst[k] = append(dst[k], v...)
	}
}

// flatten puts a JSON value under Rails' names: objects as key[field],
// arrays as repeated values, scalars as their text.
func flatten(dst url.Values, key string, v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			name := k
			if key != "" {
				name = key + "[" + k + "]"
			}
			flatten(dst, name, e)
		}
	case []any:
		for _, e := range v {
			flatten(dst, key, e)
		}
	case string:
		dst.Add(key, v)
	case bool:
		dst.Add(key, strconv.FormatBool(v))
	case float64:
		dst.Add(key, strconv.FormatFloat(v, 'f', -1, 64))
	case json.Number:
		dst.Add(key, v.String())
	case nil:
		// A null is a parameter left out.
	}
}

// String is the parameter's first value, or "".
func (p Params) String(name string) string { return p.values.Get(name) }

// Has tells whether the parameter was sent at all.
func (p Params) Has(name string) bool { _, ok := p.values[name]; return ok }

// Strings are every value of the parameter.
func (p Params) Strings(name string) []string { return p.values[name] }

// File is the first file uploaded under name, or nil.
func (p Params) File(name string) *multipart.FileHeader {
	if f := p.files[name]; len(f) > 0 {
		return f[0]
	}
	return nil
}

// Bool reads a Rails boolean ("true", "1", "on"; "false", "0", "off"),
// or def when the parameter is absent or empty.
func (p Params) Bool(name string, def bool) (bool, error) {
	switch strings.ToLower(p.String(name)) {
	case "":
		return def, nil
	case "true", "1", "on", "t":
		return true, nil
	case "false", "0", "off", "f":
		return false, nil
	}
	return def, invalidParam(name)
}

// Int reads a whole number, def when absent or empty.
func (p Params) Int(name string, def int) (int, error) {
	s := p.String(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return def, invalidParam(name)
	}
	return n, nil
}

// invalidParam refuses a parameter of the wrong type, naming it.
func invalidParam(name string) error {
	return errs.Invalid(CodeBadParameter, errs.MsgFixErrors,
		map[string]string{name: "Valor inválido para " + name + "."})
}
