package http_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"social/tests/testkit/apptest"
)

// bodyOperation is one operation of the served API document that takes a body.
type bodyOperation struct {
	method, path, contentType string
	needsSession              bool
}

func (o bodyOperation) String() string { return o.method + " " + o.path }

// bodyOperations reads the document the running server serves: every
// operation with a request body, whether it needs a session (its own
// security, else the document's) and the first media type it accepts.
func bodyOperations(t *testing.T, base string) []bodyOperation {
	t.Helper()
	resp, err := http.Get(base + "/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	type operation struct {
		Security    *[]map[string][]string `json:"security"`
		RequestBody *struct {
			Content map[string]json.RawMessage `json:"content"`
		} `json:"requestBody"`
	}
	var doc struct {
		Security []map[string][]string           `json:"security"`
		Paths    map[string]map[string]operation `json:"paths"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	needs := func(sec []map[string][]string) bool {
		for _, req := range sec {
			if len(req) == 0 {
				return false
			}
		}
		return len(sec) > 0
	}
	var ops []bodyOperation
	for path, methods := range doc.Paths {
		for method, op := range methods {
			if op.RequestBody == nil {
				continue
			}
			sec := doc.Security
			if op.Security != nil {
				sec = *op.Security
			}
			var types []string
			for ct := range op.RequestBody.Content {
				types = append(types, ct)
			}
			sort.Strings(types)
			ct := types[0]
			if ct == "multipart/form-data" {
				ct += "; boundary=xyz"
			}
			ops = append(ops, bodyOperation{method: strings.ToUpper(method), path: path, contentType: ct, needsSession: needs(sec)})
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].String() < ops[j].String() })
	return ops
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// declareHugeBody sends op's head declaring a 10 GB body, then nothing, and
// returns the status answered within wait (0 when none came).
func declareHugeBody(t *testing.T, base string, op bodyOperation, token string, wait time.Duration) (int, string) {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	path := pathParam.ReplaceAllString(op.path, "0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b")
	head := fmt.Sprintf("%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n",
		op.method, path, u.Host, op.contentType, int64(10)<<30)
	if token != "" {
		head += "Authorization: Bearer " + token + "\r\n"
	}
	if _, err := io.WriteString(conn, head+"\r\n"); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 2000))
	if err != nil {
		return 0, err.Error()
	}
	return resp.StatusCode, string(b)
}

// A request declaring a body far over what an operation accepts, then
// sending nothing, used to hold the connection until the read timeout, and a
// session's absence was only noticed after the body. Every operation of the
// served document that takes a body now answers at once, before reading a
// byte: 401 to nobody when it needs a session, else 413.
func TestEveryBodyIsRefusedBeforeItIsRead(t *testing.T) {
	app := apptest.Start(t, nil)
	member := app.Member("ana")
	ops := bodyOperations(t, app.URL)
	if len(ops) < 30 {
		t.Fatalf("only %d operations with a body in the document", len(ops))
	}
	const within = 2 * time.Second
	var mu sync.Mutex
	var wg sync.WaitGroup
	var failures []string
	for _, op := range ops {
		for _, signedIn := range []bool{false, true} {
			wg.Go(func() {
				want, token, who := http.StatusRequestEntityTooLarge, "", "nobody"
				if signedIn {
					token, who = member.Token, "a member"
				} else if op.needsSession {
					want = http.StatusUnauthorized
				}
				start := time.Now()
				got, body := declareHugeBody(t, app.URL, op, token, within)
				if got != want {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("%s as %s, 10 GB declared and none sent: %d after %v, want %d within %v: %s",
						op, who, got, time.Since(start).Round(time.Millisecond), want, within, body))
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	sort.Strings(failures)
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d operations with a body checked", len(ops))
}
