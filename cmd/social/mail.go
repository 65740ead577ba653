package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/uptrace/bun"

	"social/adapters/mail"
)

func newMailCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mail",
		Short: "Read the mail outbox",
	}
	var to string
	var limit int
	list := &cobra.Command{
		Use:   "list",
		Short: "Print the newest messages of the mail outbox (confirmation and reset links included)",
		Long: `list prints the newest messages of the outbox, the table every e-mail goes
through. With no SMTP server configured (mail.smtp.host) mail is not sent, only
logged: this is where a developer finds the confirmation and password-reset links.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if limit < 1 {
				return usageError{fmt.Errorf("--limit must be at least 1")}
			}
			return withDatabaseValue(cmd.Context(), g, func(ctx context.Context, db *bun.DB) error {
				msgs, total, err := mail.List(ctx, db, mail.Query{To: to, Limit: limit})
				if err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				if len(msgs) == 0 {
					fmt.Fprintln(out, "The outbox is empty.")
					return nil
				}
				for _, m := range msgs {
					sent := "-"
					if m.SentAt != nil {
						sent = m.SentAt.UTC().Format("2006-01-02 15:04:05Z")
					}
					fmt.Fprintf(out, "#%d  %s  %s (sent %s)\nTo: %s\nSubject: %s\n\n%s\n%s\n",
						m.ID, m.CreatedAt.UTC().Format("2006-01-02 15:04:05Z"), m.Status, sent, m.To, m.Subject,
						strings.TrimRight(m.BodyText, "\n"), strings.Repeat("-", 72))
				}
				fmt.Fprintf(out, "%d of %d message(s)\n", len(msgs), total)
				return nil
			})
		},
	}
	list.Flags().StringVar(&to, "to", "", "only messages to this address (any case)")
	list.Flags().IntVar(&limit, "limit", 20, "how many messages, newest first")
	cmd.AddCommand(list)
	return cmd
}
