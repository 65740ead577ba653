package main

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"github.com/spf13/cobra"
)

// newPushKeysCommand prints a fresh VAPID key pair for push.vapid_private_key:
// an operator makes it once and gives the same to every node.
func newPushKeysCommand() *cobra.Command {
	return &cobra.Command{
		Use:         "push-keys",
		Short:       "Print a new VAPID key pair for Web Push (push.vapid_private_key)",
		Args:        noArgs,
		Annotations: map[string]string{"config": "none"},
		RunE: func(cmd *cobra.Command, _ []string) error {
			key, err := ecdh.P256().GenerateKey(rand.Reader)
			if err != nil {
				return err
			}
			enc := base64.RawURLEncoding
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "SOCIAL_PUSH_VAPID_PRIVATE_KEY=%s\n# public key (what browsers see): %s\n",
				enc.EncodeToString(key.Bytes()), enc.EncodeToString(key.PublicKey().Bytes()))
			return err
		},
	}
}
