// Package smtptest is a minimal SMTP server, the outside mail relay the
// SMTP sender is tested against: it keeps every message it accepts and can
// hold one delivery unanswered, as a relay that hangs would.
package smtptest

import (
	"bufio"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// Message is one accepted delivery: its envelope and its data as sent
// (headers and body, without the closing dot).
type Message struct {
	From, To, Data string
}

// Server is the relay. Its listener and connections end with the test.
type Server struct {
	// Port is where it listens, on 127.0.0.1.
	Port int

	hold     string
	mu       sync.Mutex
	held     bool // the held delivery is waiting for its answer
	heldN    int  // held deliveries whose sender went away
	messages []Message
}

// Start listens on a free port and accepts every message at once.
func Start(t *testing.T) *Server { return StartHolding(t, "") }

// StartHolding is Start, except that the first message to hold (an
// address; "" holds none) never has its end of data answered: the server
// waits until the sender goes away and keeps nothing of it.
func StartHolding(t *testing.T, hold string) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Port: ln.Addr().(*net.TCPAddr).Port, hold: hold}
	var conns sync.WaitGroup
	t.Cleanup(func() { ln.Close(); conns.Wait() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			go func() { defer conns.Done(); s.serve(conn) }()
		}
	}()
	return s
}

func (s *Server) serve(conn net.Conn) {
	defer conn.Close()
	// A sender never takes this long; the deadline frees a stray connection.
	_ = conn.SetDeadline(time.Now().Add(2 * time.Minute))
	r := bufio.NewReader(conn)
	say := func(line string) { _, _ = io.WriteString(conn, line+"\r\n") }
	say("220 relay.exemplo.com.br ESMTP")
	var msg Message
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250-relay.exemplo.com.br")
			say("250 8BITMIME")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			msg.From = pathOf(line[10:])
			say("250 ok")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			msg.To = pathOf(line[8:])
			say("250 ok")
		case cmd == "DATA":
			say("354 end with <CRLF>.<CRLF>")
			data, ok := readData(r)
			if !ok {
				return
			}
			msg.Data = data
			if s.takeHold(msg.To) {
				// No answer: wait for the sender to go away.
				_, _ = r.ReadString('\n')
				s.mu.Lock()
				s.held, s.heldN = false, s.heldN+1
				s.mu.Unlock()
				return
			}
			s.mu.Lock()
			s.messages = append(s.messages, msg)
			s.mu.Unlock()
			say("250 queued")
		case cmd == "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

// readData reads a message's lines up to the lone dot; false when the
// connection ends first.
func readData(r *bufio.Reader) (string, bool) {
	var b strings.Builder
	for {
		l, err := r.ReadString('\n')
		if err != nil {
			return "", false
		}
		if l == ".\r\n" {
			return b.String(), true
		}
		b.WriteString(l)
	}
}

// takeHold reports whether a message to addr is the one to hold, marking
// it held: only the first, and never again once one was cut off.
func (s *Server) takeHold(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	first := s.hold != "" && addr == s.hold && !s.held && s.heldN == 0
	s.held = s.held || first
	return first
}

// pathOf reads <address> out of a MAIL or RCPT argument (and its parameters).
func pathOf(arg string) string {
	arg = strings.TrimSpace(arg)
	if i := strings.IndexByte(arg, '>'); i >= 0 {
		arg = arg[:i]
	}
	return strings.TrimPrefix(arg, "<")
}

// Received is every message accepted so far, in order.
func (s *Server) Received() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// To is the data of the messages to addr accepted so far, in order.
func (s *Server) To(addr string) []string {
	var out []string
	for _, m := range s.Received() {
		if m.To == addr {
			out = append(out, m.Data)
		}
	}
	return out
}

// Holding reports whether the held delivery is waiting for its answer.
func (s *Server) Holding() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held
}

// CutOff is how many held deliveries ended with their sender gone.
func (s *Server) CutOff() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.heldN
}
