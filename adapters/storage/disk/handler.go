package disk

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"social/adapters/storage/blobpolicy"
	"social/core/errs"
	"social/core/ports"
	"social/kit/httpkit"
)

// Prefix is the path signed links live under.
const Prefix = "/media/"

// Codes and pt-BR messages of the link errors.
const (
	CodeLinkInvalid = "media_link_invalid"
	MsgLinkInvalid  = "Link de mídia inválido ou expirado."
)

// MediaCSP lets a served file run nothing and load nothing, even when a
// browser is tricked into rendering it as a document.
const MediaCSP = "default-src 'none'; sandbox"

// sign is HMAC-SHA256 over a label, the key and exp, separated by newlines
// (keys cannot hold one), so no other (key, exp) pair shares the message.
func (s *Store) sign(key string, exp int64) string {
	mac := hmac.New(sha256.New, s.secret)
	fmt.Fprintf(mac, "social media link\n%s\n%d", key, exp)
	return hex.EncodeToString(mac.Sum(nil))
}

func (s *Store) verify(key, expParam, sigParam string) (int64, bool) {
	exp, err := strconv.ParseInt(expParam, 10, 64)
	if err != nil || expParam != strconv.FormatInt(exp, 10) {
		return 0, false
	}
	got, err := hex.DecodeString(sigParam)
	if err != nil {
		return 0, false
	}
	want, _ := hex.DecodeString(s.sign(key, exp))
	if !hmac.Equal(got, want) {
		return 0, false
	}
	return exp, s.clock.Now().Unix() <= exp
}

// Handler serves signed links under Prefix: 404 for a malformed or missing
// key, 403 (media_link_invalid) for a bad signature or a past expiry, and
// the file through http.ServeContent (Range, If-Modified-Since, HEAD)
// otherwise, with headers that keep a browser from treating it as a page.
func (s *Store) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpkit.WriteProblem(w, &httpkit.Problem{Title: "Erro", Status: http.StatusMethodNotAllowed,
				Detail: errs.MsgMethod, Code: "method_not_allowed", RequestID: httpkit.RequestID(ctx)})
			return
		}
		key, ok := strings.CutPrefix(r.URL.Path, Prefix)
		if !ok || blobpolicy.CheckKey(key) != nil {
			httpkit.WriteProblem(w, httpkit.ProblemFrom(ctx, errs.NotFound("not_found", errs.MsgNotFound)))
			return
		}
		q := r.URL.Query()
		exp, ok := s.verify(key, q.Get("exp"), q.Get("sig"))
		if !ok {
			httpkit.WriteProblem(w, httpkit.ProblemFrom(ctx, errs.Forbidden(CodeLinkInvalid, MsgLinkInvalid)))
			return
		}
		f, info, err := s.Open(ctx, key)
		if err != nil {
			if errors.Is(err, ports.ErrBlobNotFound) {
				httpkit.WriteProblem(w, httpkit.ProblemFrom(ctx, errs.NotFound("not_found", errs.MsgNotFound)))
				return
			}
			httpkit.WriteProblem(w, httpkit.ProblemFrom(ctx, err))
			return
		}
		defer f.Close()

		h := w.Header()
		served := blobpolicy.ServedType(info.ContentType)
		h.Set("Content-Type", served)
		h.Set("Content-Disposition", blobpolicy.ContentDisposition(key, served))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", MediaCSP)
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		maxAge := max(exp-s.clock.Now().Unix(), 0)
		h.Set("Cache-Control", "private, max-age="+strconv.FormatInt(maxAge, 10))
		// A validator for conditional requests; it changes with every Put
		// (new size or modification time).
		h.Set("ETag", fmt.Sprintf(`"%x-%x"`, info.Size, info.ModTime.UnixNano()))
		http.ServeContent(w, r, "", info.ModTime, f)
	})
}
