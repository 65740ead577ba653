package s3_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// sigV4Guard puts in front of gofakes3 (which checks no signature) what a
// real service does: every request must carry an AWS Signature V4, in the
// Authorization header or in the query string of a presigned link, made with
// the bucket's secret and not expired. It is written from the AWS
// specification, independently of the client library, so a presigned link
// the adapter makes is checked by a second implementation.
func sigV4Guard(accessKey, secretKey string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := verifySigV4(r, accessKey, secretKey, time.Now()); err != nil {
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprintf(w, "<Error><Code>AccessDenied</Code><Message>%s</Message></Error>", err)
			return
		}
		if strings.Contains(r.Header.Get("Content-Encoding"), "aws-chunked") {
			if err := decodeAWSChunked(r); err != nil {
				w.WriteHeader(http.StatusBadRequest)
				fmt.Fprintf(w, "<Error><Code>IncompleteBody</Code><Message>%s</Message></Error>", err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// decodeAWSChunked unwraps a streaming upload ("<hex size>;chunk-signature=
// <sig>\r\n<data>\r\n" ... "0;...\r\n\r\n") as the real service does:
// gofakes3 decodes it for a plain PUT but stores the framing of a multipart
// part as data.
func decodeAWSChunked(r *http.Request) error {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	var data []byte
	for {
		line, rest, ok := bytes.Cut(raw, []byte("\r\n"))
		if !ok {
			return errors.New("chunk header without CRLF")
		}
		sizeHex, _, _ := bytes.Cut(line, []byte(";"))
		size, err := strconv.ParseInt(string(sizeHex), 16, 64)
		if err != nil || size < 0 || int64(len(rest)) < size+2 {
			return errors.New("bad chunk size")
		}
		data = append(data, rest[:size]...)
		if !bytes.Equal(rest[size:size+2], []byte("\r\n")) {
			return errors.New("chunk without CRLF")
		}
		raw = rest[size+2:]
		if size == 0 {
			break
		}
	}
	if want := r.Header.Get("X-Amz-Decoded-Content-Length"); want != strconv.Itoa(len(data)) {
		return fmt.Errorf("decoded %d bytes, announced %s", len(data), want)
	}
	r.Body = io.NopCloser(bytes.NewReader(data))
	r.ContentLength = int64(len(data))
	r.Header.Set("Content-Length", strconv.Itoa(len(data)))
	r.Header.Set("X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD")
	r.Header.Del("Content-Encoding")
	r.Header.Del("X-Amz-Decoded-Content-Length")
	return nil
}

const (
	amzAlgorithm  = "AWS4-HMAC-SHA256"
	amzTimeFormat = "20060102T150405Z"
)

func verifySigV4(r *http.Request, accessKey, secretKey string, now time.Time) error {
	q := r.URL.Query()
	var credential, signedHeaders, signature, amzDate, payloadHash string
	presigned := q.Has("X-Amz-Signature")
	if presigned {
		if q.Get("X-Amz-Algorithm") != amzAlgorithm {
			return errors.New("unknown algorithm")
		}
		credential, signedHeaders, signature = q.Get("X-Amz-Credential"), q.Get("X-Amz-SignedHeaders"), q.Get("X-Amz-Signature")
		amzDate, payloadHash = q.Get("X-Amz-Date"), "UNSIGNED-PAYLOAD"
	} else {
		auth, ok := strings.CutPrefix(r.Header.Get("Authorization"), amzAlgorithm+" ")
		if !ok {
			return errors.New("anonymous request")
		}
		for part := range strings.SplitSeq(auth, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
			switch k {
			case "Credential":
				credential = v
			case "SignedHeaders":
				signedHeaders = v
			case "Signature":
				signature = v
			}
		}
		amzDate, payloadHash = r.Header.Get("X-Amz-Date"), r.Header.Get("X-Amz-Content-Sha256")
	}

	scope := strings.SplitN(credential, "/", 2)
	if len(scope) != 2 || scope[0] != accessKey {
		return errors.New("unknown access key")
	}
	parts := strings.Split(scope[1], "/") // date/region/s3/aws4_request
	if len(parts) != 4 || parts[2] != "s3" || parts[3] != "aws4_request" {
		return errors.New("bad credential scope")
	}
	signedAt, err := time.Parse(amzTimeFormat, amzDate)
	if err != nil || !strings.HasPrefix(amzDate, parts[0]) {
		return errors.New("bad date")
	}
	if signedAt.After(now.Add(15 * time.Minute)) {
		return errors.New("signed in the future")
	}
	if presigned {
		expires, err := strconv.ParseInt(q.Get("X-Amz-Expires"), 10, 64)
		if err != nil || expires < 1 || expires > 7*24*3600 {
			return errors.New("bad X-Amz-Expires")
		}
		if now.After(signedAt.Add(time.Duration(expires) * time.Second)) {
			return errors.New("request has expired")
		}
	}

	// Canonical request.
	names := strings.Split(signedHeaders, ";")
	if !sort.StringsAreSorted(names) || !containsString(names, "host") {
		return errors.New("bad signed headers")
	}
	var headers strings.Builder
	for _, name := range names {
		value := r.Header.Values(name)
		if name == "host" {
			value = []string{r.Host}
		}
		for i, v := range value {
			value[i] = strings.Join(strings.Fields(v), " ")
		}
		headers.WriteString(name + ":" + strings.Join(value, ",") + "\n")
	}
	var pairs []string
	for k, vs := range q {
		if k == "X-Amz-Signature" {
			continue
		}
		for _, v := range vs {
			pairs = append(pairs, awsEscape(k)+"="+awsEscape(v))
		}
	}
	sort.Strings(pairs)
	canonical := strings.Join([]string{
		r.Method, r.URL.EscapedPath(), strings.Join(pairs, "&"), headers.String(), signedHeaders, payloadHash,
	}, "\n")
	digest := sha256.Sum256([]byte(canonical))
	toSign := strings.Join([]string{amzAlgorithm, amzDate, scope[1], hex.EncodeToString(digest[:])}, "\n")

	key := []byte("AWS4" + secretKey)
	for _, part := range parts {
		key = hmacSHA256(key, part)
	}
	want := hex.EncodeToString(hmacSHA256(key, toSign))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return errors.New("signature does not match")
	}
	return nil
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// awsEscape is RFC 3986 encoding as SigV4 wants it: unreserved characters
// kept, everything else %XX in capitals (so a space is %20, never +).
func awsEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}
