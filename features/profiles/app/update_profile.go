package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Changes are the profile texts a member may edit; nil leaves a field as it
// is, "" clears a nullable one. The handle, the counts, the verified flag
// and the role are not editable here, by construction.
type Changes struct {
	DisplayName *string
	Bio         *string
	Location    *string
	WebsiteURL  *string
}

// UpdateProfile edits the viewer's own profile texts.
type UpdateProfile struct {
	Profiles ProfileUpdater
	Staff    StaffNames
	Indexer  Indexer
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Limits   Limits
}

// Handle validates, counts the attempt, and stores the cleaned values.
func (uc *UpdateProfile) Handle(ctx context.Context, viewer domain.Viewer, c Changes, clientIP string) (domain.Profile, error) {
	if !viewer.SignedIn() {
		return domain.Profile{}, errs.Unauthenticated(CodeNoUser, domain.MsgProfileNoUser)
	}
	fields := map[string]string{}
	var name string
	if c.DisplayName != nil {
		name = domain.CleanDisplayName(*c.DisplayName)
		addProblem(fields, "display_name", domain.DisplayNameProblem(name))
	}
	var bio, location, website *string
	if c.Bio != nil {
		bio = domain.NullIfEmpty(domain.CleanText(*c.Bio))
		addProblem(fields, "bio", domain.BioProblem(deref(bio)))
	}
	if c.Location != nil {
		location = domain.NullIfEmpty(domain.CleanText(*c.Location))
		addProblem(fields, "location", domain.LocationProblem(deref(location)))
	}
	if c.WebsiteURL != nil {
		website = domain.NullIfEmpty(strings.TrimSpace(*c.WebsiteURL))
		if website != nil {
			addProblem(fields, "website_url", domain.WebsiteProblem(*website))
		}
	}
	if len(fields) > 0 {
		return domain.Profile{}, errs.Invalid(CodeInvalid, errs.MsgFixErrors, fields)
	}
	if c.DisplayName != nil {
		if err := refuseImpersonation(ctx, uc.Staff, viewer, name); err != nil {
			return domain.Profile{}, err
		}
	}
	if err := (writeGuard{Limiter: uc.Limiter, Limits: uc.Limits}).check(ctx, viewer, clientIP); err != nil {
		return domain.Profile{}, err
	}
	p, err := uc.Indexer.update(ctx, uc.Profiles, viewer.UserID, func(p *domain.Profile) error {
		if c.DisplayName != nil {
			p.DisplayName = name
		}
		if c.Bio != nil {
			p.Bio = bio
		}
		if c.Location != nil {
			p.Location = location
		}
		if c.WebsiteURL != nil {
			p.WebsiteURL = website
		}
		p.UpdatedAt = uc.Clock.Now()
		return nil
	})
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Profile{}, errs.NotFound(CodeNotFound, domain.MsgProfileNotFound)
	}
	if err != nil {
		return domain.Profile{}, fmt.Errorf("update profile of %s: %w", viewer.UserID, err)
	}
	return p, nil
}

func addProblem(fields map[string]string, field, msg string) {
	if msg != "" {
		fields[field] = msg
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
