package mail

import (
	"log/slog"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	"social/kit/plugin"
)

// Module provides the outbox (as ports.Outbox), its delivery worker and
// the admin resource.
var Module = fx.Module("mail",
	fx.Provide(fx.Annotate(NewOutbox, fx.As(new(ports.Outbox)))),
	fx.Provide(fx.Private, newSender),
	fx.Provide(
		plugin.AsWorker(newDeliverWorker),
		plugin.AsAdminResource(NewAdminResource),
	),
)

// newSender sends over SMTP when mail.smtp.host is set, else logs.
func newSender(cfg *config.Config, clock ports.Clock, logger *slog.Logger) (Sender, error) {
	if cfg.Mail.SMTP.Host == "" {
		return LogSender{Log: logger.With("component", "mail")}, nil
	}
	return NewSMTPSender(cfg, clock)
}

func newDeliverWorker(db *bun.DB, s Sender, clock ports.Clock, logger *slog.Logger) plugin.Worker {
	return plugin.NewWorker("", &DeliverWorker{DB: db, Sender: s, Clock: clock, Log: logger})
}
