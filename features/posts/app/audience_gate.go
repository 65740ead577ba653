package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// AudienceGate is what the feature keeping audiences answers, beyond
// ports.Audiences, when a member names an audience on the posts routes:
// its own refusal (an unknown audience, a viewer who is not a member) with
// its own code and text, and the news of a post written there.
type AudienceGate interface {
	// Refusal is nil when member may read and write the posts of
	// audience, else the keeper's refusal (an errs.Error). It is asked
	// outside any transaction, before the form is looked at; the core's
	// ports.Audiences.Writes checks again in the post's transaction.
	Refusal(ctx context.Context, audience domain.AudienceID, member domain.UserID) error
	// Posted tells the audience of a new post, after its commit; a failure
	// is the keeper's to log.
	Posted(ctx context.Context, p domain.Post)
	// Refusals are the codes Refusal may answer, by HTTP status, for the
	// API document.
	Refusals() map[int][]string
}

// AudienceRefusals are the codes, by HTTP status, an operation naming an
// audience may answer through gate (nil without a keeper): the core's
// audience_not_found and the keeper's own.
func AudienceRefusals(gate AudienceGate) map[int][]string {
	out := map[int][]string{404: {CodeAudienceNotFound}}
	if gate == nil {
		return out
	}
	for status, codes := range gate.Refusals() {
		out[status] = append(out[status], codes...)
	}
	return out
}

// admitted is nil when viewer may use audience's posts as far as gate
// tells. Without any keeper of audiences (neither gate nor audiences) no
// audience exists; without a gate (a demo seeding's own use cases) the
// port's answer in the post's transaction is the only check.
func admitted(ctx context.Context, gate AudienceGate, audiences ports.Audiences, audience domain.AudienceID, viewer domain.UserID) error {
	if gate == nil && audiences == nil {
		return errs.NotFound(CodeAudienceNotFound, MsgAudienceNotFound)
	}
	if gate == nil {
		return nil
	}
	if err := gate.Refusal(ctx, audience, viewer); err != nil {
		if _, ok := errs.As(err); ok {
			return err
		}
		return fmt.Errorf("audience %s of %s: %w", audience, viewer, err)
	}
	return nil
}
