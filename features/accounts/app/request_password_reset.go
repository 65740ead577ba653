package app

import (
	"context"
	"fmt"
	"strings"

	"social/core/domain"
	"social/core/ports"
)

// RequestPasswordReset mails a password-reset link. The answer is the same
// whether or not the address has an account. Requests are limited per
// client address (429 with an "Aguarde..." text naming the wait), never per
// e-mail: what is limited per e-mail is what is sent (SendPasswordReset),
// so that others' requests cannot keep the owner from a link.
type RequestPasswordReset struct {
	Queue   ResetQueue
	Limiter ports.RateLimiter
}

// ResetQueue enqueues the job that sends a recovery e-mail (SendPasswordReset).
type ResetQueue interface {
	EnqueuePasswordReset(ctx context.Context, email string) error
}

// Handle returns the message to show.
func (uc *RequestPasswordReset) Handle(ctx context.Context, email, clientIP string) (string, error) {
	email = strings.TrimSpace(email)
	if domain.EmailProblem(email) != "" {
		return MsgResetRequested, nil
	}
	wait, err := uc.Limiter.Take(ctx,
		ports.RateRule{Bucket: "password_reset_request_ip", Key: domain.ClientNetwork(clientIP), Limit: ResetPerIP, Window: ResetWindow})
	if err != nil {
		return "", fmt.Errorf("password reset request limit: %w", err)
	}
	if wait > 0 {
		return "", rateLimited(MsgWaitReset, wait)
	}
	// The same work whatever the address: the lookup, the token and the
	// mail happen in a job, so the answer's time tells nothing.
	if err := uc.Queue.EnqueuePasswordReset(ctx, email); err != nil {
		return "", fmt.Errorf("password reset request: %w", err)
	}
	return MsgResetRequested, nil
}
