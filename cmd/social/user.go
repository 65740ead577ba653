package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/core/domain"
	"social/core/errs"
	moderationfeature "social/features/moderation"
	moderation "social/features/moderation/app"
)

// userCases are the moderation use cases the command line runs as the
// operator, each writing its audit entry; they come from the app's graph.
// Suspensions reach the serving nodes through the database: the member's
// sockets close at once, wherever they are.
type userCases struct {
	fx.In
	ByEmail moderationfeature.AccountByEmail
	Create  *moderation.CreateAccount
	Cases   moderationfeature.AccountCases
}

// userError says a refused use case in one line, with its fields.
func userError(err error) error {
	e, ok := errs.As(err)
	if !ok {
		return err
	}
	msg := e.Message
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		msg += fmt.Sprintf(" %s: %s", k, e.Fields[k])
	}
	return fmt.Errorf("%s (%s)", msg, e.Code)
}

func newUserCommand(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "user",
		Short: "Create members and change their role or suspension (recorded in the audit log)",
		Long: `user creates accounts and changes roles and suspensions from the server's command
line. Every change is recorded in the audit log with the operator as its author.
Roles: member, moderator (reports, posts, profiles, suspensions) and admin
(everything, roles and settings included).`,
	}
	cmd.AddCommand(newUserCreateCommand(g), newUserRoleCommand(g, "promote"), newUserRoleCommand(g, "demote"),
		newUserSuspendCommand(g, true), newUserSuspendCommand(g, false))
	return cmd
}

// runUser runs fn with the use cases on the database.
func runUser(cmd *cobra.Command, g *globals, fn func(ctx context.Context, uc userCases, out io.Writer) error) error {
	var uc userCases
	var m *postgres.Migrator
	return withCommands(cmd.Context(), g, fx.Options(), func(ctx context.Context) error {
		if _, err := m.Up(ctx); err != nil {
			return err
		}
		return fn(ctx, uc, cmd.OutOrStdout())
	}, &uc, &m)
}

func newUserCreateCommand(g *globals) *cobra.Command {
	var in moderation.CreateAccountInput
	var role string
	cmd := &cobra.Command{
		Use:   "create",
		Short: "Create a confirmed account with a role (a password is generated unless --password is given)",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			in.Role = domain.Role(role)
			generated := in.Password == ""
			if generated {
				in.Password = newPassword()
			}
			if in.DisplayName == "" {
				in.DisplayName = in.Handle
			}
			return runUser(cmd, g, func(ctx context.Context, uc userCases, out io.Writer) error {
				acc, err := uc.Create.Handle(ctx, domain.Operator(), in)
				if err != nil {
					return userError(err)
				}
				fmt.Fprintf(out, "created %s (@%s) as %s\n", acc.Email, in.Handle, acc.Role)
				if generated {
					fmt.Fprintf(out, "password: %s\n", in.Password)
				}
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&in.Email, "email", "", "e-mail address (required)")
	cmd.Flags().StringVar(&in.Handle, "handle", "", "handle, 3 to 30 of a-z 0-9 _ (required)")
	cmd.Flags().StringVar(&in.DisplayName, "name", "", "display name (default: the handle)")
	cmd.Flags().StringVar(&in.Password, "password", "", "password (default: a generated one, printed once)")
	cmd.Flags().StringVar(&role, "role", string(domain.RoleMember), "member, moderator or admin")
	_ = cmd.MarkFlagRequired("email")
	_ = cmd.MarkFlagRequired("handle")
	return cmd
}

func newUserRoleCommand(g *globals, verb string) *cobra.Command {
	role := string(domain.RoleAdmin)
	cmd := &cobra.Command{
		Use:   verb + " EMAIL",
		Short: "Make a member an administrator (or --role moderator)",
		Args:  exactArgs(1),
	}
	if verb == "demote" {
		cmd.Short = "Make a moderator or administrator a plain member again"
	}
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		to := domain.Role(role)
		if verb == "demote" {
			to = domain.RoleMember
		} else if to == domain.RoleMember {
			return usageError{errors.New("--role must be moderator or admin")}
		}
		return runUser(cmd, g, func(ctx context.Context, uc userCases, out io.Writer) error {
			acc, err := findAccount(ctx, uc, args[0])
			if err != nil {
				return err
			}
			if _, err := uc.Cases.SetRole.Handle(ctx, domain.Operator(), acc.ID, to); err != nil {
				return userError(err)
			}
			fmt.Fprintf(out, "%s: %s -> %s\n", acc.Email, acc.Role, to)
			return nil
		})
	}
	if verb == "promote" {
		cmd.Flags().StringVar(&role, "role", role, "moderator or admin")
	}
	return cmd
}

func newUserSuspendCommand(g *globals, suspend bool) *cobra.Command {
	var reason string
	use, short := "suspend", "Suspend a member: no sign-in, sessions end, posts hidden from feeds and search"
	if !suspend {
		use, short = "unsuspend", "Lift a member's suspension"
	}
	cmd := &cobra.Command{
		Use:   use + " EMAIL --reason TEXT",
		Short: short,
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runUser(cmd, g, func(ctx context.Context, uc userCases, out io.Writer) error {
				acc, err := findAccount(ctx, uc, args[0])
				if err != nil {
					return err
				}
				if suspend {
					_, err = uc.Cases.Suspend.Handle(ctx, domain.Operator(), acc.ID, reason)
				} else {
					_, err = uc.Cases.Unsuspend.Handle(ctx, domain.Operator(), acc.ID, reason)
				}
				if err != nil {
					return userError(err)
				}
				fmt.Fprintf(out, "%s: %sed\n", acc.Email, use)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why, 1 to 500 characters (kept in the audit log)")
	_ = cmd.MarkFlagRequired("reason")
	return cmd
}

func findAccount(ctx context.Context, uc userCases, email string) (domain.Account, error) {
	acc, err := uc.ByEmail(ctx, strings.TrimSpace(email))
	if errors.Is(err, domain.ErrNotFound) {
		return acc, fmt.Errorf("no account with e-mail %q", email)
	}
	return acc, err
}

func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.ExactArgs(n)(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

// newPassword is 16 random letters and digits: strong enough, easy to type.
func newPassword() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 16)
	for i := range b {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			panic(err) // the system's randomness failing is not recoverable
		}
		b[i] = alphabet[n.Int64()]
	}
	// The password rules want a digit and a letter of each case.
	return string(b[:13]) + "a7Q"
}
