package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/plugins/federation"
	fedapp "social/plugins/federation/app"
)

func newFederationCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "federation",
		Short: "Operate ActivityPub federation (the federation plugin)",
	}
	var site bool
	rotate := &cobra.Command{
		Use:   "rotate-key HANDLE | rotate-key --site",
		Short: "Give a member (or the site actor) a new signing key pair (the actor shows it at once, under the same key id)",
		Long: `rotate-key replaces a member's RSA key pair, for a key that may have leaked; with
--site, the site actor's (/ap/actor, which signs forwarded reports). The
actor's publicKey shows the new public key at once under the same id
(<actor>#main-key); servers that cached the old one fetch the actor again when
a signature no longer verifies. Only the new public key is printed.`,
		Args: func(cmd *cobra.Command, args []string) error {
			n := 1
			if site {
				n = 0
			}
			if err := cobra.ExactArgs(n)(cmd, args); err != nil {
				return usageError{err}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if !g.cfg.PluginEnabled(federation.Name) {
				return errors.New("federation is off: set plugins.federation.enabled (SOCIAL_PLUGINS_FEDERATION_ENABLED=true)")
			}
			var rotate *fedapp.RotateKey
			var m *postgres.Migrator
			return withCommands(cmd.Context(), g, fx.Options(), func(ctx context.Context) error {
				if _, err := m.Up(ctx); err != nil {
					return err
				}
				if site {
					key, err := rotate.Site(ctx)
					if err != nil {
						return userError(err)
					}
					return printRotated(cmd.OutOrStdout(), fedapp.Member{ID: fedapp.SiteActorID, Handle: "site"}, key)
				}
				member, key, err := rotate.Handle(ctx, args[0])
				if err != nil {
					return userError(err)
				}
				return printRotated(cmd.OutOrStdout(), member, key)
			}, &rotate, &m)
		},
	}
	rotate.Flags().BoolVar(&site, "site", false, "rotate the site actor's key instead of a member's")
	cmd.AddCommand(rotate)
	return cmd
}

func printRotated(out io.Writer, m fedapp.Member, key fedapp.PublicKey) error {
	at := key.RotatedAt
	if at.IsZero() { // the member's first key
		at = key.CreatedAt
	}
	_, err := fmt.Fprintf(out, "@%s (%s): new key made %s\n%s", m.Handle, m.ID, at.Format("2006-01-02 15:04:05Z07:00"), key.PEM)
	return err
}
