package httpapi

import (
	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// The audience a post is written for or a feed page is read from
// (audience_id): a community, when the communities plugin is on.

// audienceDoc describes audience_id wherever it is taken.
const audienceDoc = "Optional: the audience (a community's ID) the post is written for, or whose posts are listed. " +
	"Only its members may; the post is then for them alone (members_only)."

// parseAudience reads the optional audience_id ("" is none).
func parseAudience(s string) (domain.AudienceID, error) {
	if s == "" {
		return domain.AudienceID{}, nil
	}
	id, err := domain.ParseAudienceID(s)
	if err != nil {
		return domain.AudienceID{}, errs.Invalid(posts.CodeInvalid, posts.MsgFixErrors,
			map[string]string{"audience_id": posts.MsgAudienceNotFound})
	}
	return id, nil
}

// withAudience adds to r what an operation naming an audience may answer
// besides (the keeper's refusals through gate, and the core's).
func withAudience(r httpkit.Refusals, gate posts.AudienceGate) httpkit.Refusals {
	out := httpkit.Refusals{}
	for status, codes := range r {
		out[status] = append(out[status], codes...)
	}
	for status, codes := range posts.AudienceRefusals(gate) {
		out[status] = append(out[status], codes...)
	}
	out[403] = append(out[403], posts.CodeAudienceClosed)
	return out
}
