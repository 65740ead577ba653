// Package logging builds the process logger: text in development, JSON in production.
package logging

import (
	"io"
	"log/slog"
	"strings"

	"social/config"
)

// New returns the logger the whole process shares.
func New(cfg *config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level(cfg.Log.Level)}
	format := cfg.Log.Format
	if format == "auto" {
		format = "text"
		if cfg.Mode == config.ModeProduction {
			format = "json"
		}
	}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func level(name string) slog.Level {
	switch strings.ToLower(name) {
	case "debug":
		return slog.LevelDebug
	case "warn":
		return slog.LevelWarn
	case "error":
		return slog.LevelError
	}
	return slog.LevelInfo
}
