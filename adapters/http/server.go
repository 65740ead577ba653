package http

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"

	"social/config"
)

// Server is the process's HTTP server.
type Server struct {
	srv *http.Server
	ln  net.Listener
	log *slog.Logger
}

// Addr is the address the server listens on, once started (useful with port 0).
func (s *Server) Addr() string {
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// NewServer listens on http.addr when the app starts and, on stop, lets
// in-flight requests finish within http.shutdown_timeout.
func NewServer(lc fx.Lifecycle, cfg *config.Config, logger *slog.Logger, handler http.Handler) *Server {
	s := &Server{log: logger, srv: &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: cfg.HTTP.ReadHeaderTimeout,
		ReadTimeout:       cfg.HTTP.ReadTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", cfg.HTTP.Addr)
			if err != nil {
				return fmt.Errorf("http.addr: listen on %s: %w", cfg.HTTP.Addr, err)
			}
			s.ln = ln
			go func() {
				if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					logger.Error("http server stopped", "err", err)
				}
			}()
			logger.Info("serving", "addr", ln.Addr().String(), "url", cfg.HTTP.PublicURL)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			ctx, cancel := context.WithTimeout(ctx, cfg.HTTP.ShutdownTimeout)
			defer cancel()
			logger.Info("http server draining")
			return s.srv.Shutdown(ctx)
		},
	})
	return s
}

// Wrap puts m around the server's handler; call it before the app starts.
// The test rig checks every answer against the OpenAPI document with it.
func (s *Server) Wrap(m func(http.Handler) http.Handler) { s.srv.Handler = m(s.srv.Handler) }
