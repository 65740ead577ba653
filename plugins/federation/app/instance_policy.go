package app

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// InstancePolicy is what the operators decided about another server, by
// its domain: Suspend (nothing taken from it nor sent to it, its accounts
// removed here), Silence (its accounts' posts reach their followers only)
// and RejectMedia (none of its pictures or videos copied here).
type InstancePolicy struct {
	ID          uuid.UUID
	Domain      string
	Suspend     bool
	Silence     bool
	RejectMedia bool
	Reason      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// ErrPolicyExists is an insert of a domain that has a policy.
var ErrPolicyExists = errors.New("federation: domain has a policy")

// PolicyStore keeps the instance policies.
type PolicyStore interface {
	// PolicyByDomain reads the policy of domain; domain.ErrNotFound
	// when it has none.
	PolicyByDomain(ctx context.Context, domain string) (InstancePolicy, error)
	// LockPolicy reads the policy id and holds its row until the
	// transaction of ctx ends; domain.ErrNotFound when there is none.
	LockPolicy(ctx context.Context, id uuid.UUID) (InstancePolicy, error)
	// InsertPolicy stores a new policy; ErrPolicyExists when its domain
	// has one.
	InsertPolicy(ctx context.Context, p InstancePolicy) error
	UpdatePolicy(ctx context.Context, p InstancePolicy) error
	DeletePolicy(ctx context.Context, id uuid.UUID) error
}

// DomainPurger queues, in the transaction of ctx, the removal of every
// remote account of a suspended domain.
type DomainPurger interface {
	EnqueuePurge(ctx context.Context, domain string) error
}

// PolicyInput is what a moderator sets on a domain.
type PolicyInput struct {
	Domain      string
	Suspend     bool
	Silence     bool
	RejectMedia bool
	Reason      string
}

// NormalizeDomain is a server's domain as policies name it: lowercase,
// with its port when it has one; ok is false for anything that is not a
// bare host (a scheme, a path, an address with a user, spaces).
func NormalizeDomain(raw string) (string, bool) {
	d := strings.ToLower(strings.TrimSpace(raw))
	if d == "" || len(d) > 253 || strings.ContainsAny(d, "/@?#%\\ \t\n") {
		return "", false
	}
	u, err := url.Parse("https://" + d)
	if err != nil || u.Host != d {
		return "", false
	}
	host := u.Hostname()
	if host == "" || strings.HasPrefix(host, ".") || strings.HasSuffix(host, ".") || strings.Contains(host, "..") ||
		strings.HasPrefix(host, "-") {
		return "", false
	}
	if port := u.Port(); port != "" || strings.HasSuffix(d, ":") {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return "", false
		}
	}
	return d, true
}

// checkPolicy validates in: a domain, at least one measure, a reason.
func checkPolicy(in PolicyInput, reason func(string) (string, error)) (PolicyInput, error) {
	d, ok := NormalizeDomain(in.Domain)
	if !ok {
		return in, errs.Invalid(CodeBadDomain, MsgBadDomain, map[string]string{"domain": MsgBadDomain})
	}
	in.Domain = d
	if !in.Suspend && !in.Silence && !in.RejectMedia {
		return in, errs.Invalid(CodePolicyEmpty, MsgPolicyEmpty, map[string]string{"suspend": MsgPolicyEmpty})
	}
	r, err := reason(in.Reason)
	if err != nil {
		return in, err
	}
	in.Reason = r
	return in, nil
}

// policyDetails are what an audit entry keeps of a policy.
func policyDetails(p InstancePolicy) map[string]any {
	return map[string]any{"domain": p.Domain, "suspend": p.Suspend, "silence": p.Silence, "reject_media": p.RejectMedia}
}

func policyNotFound() error { return errs.NotFound(CodePolicyNotFound, MsgPolicyNotFound) }

// InstancePolicies answers what the policies say of a domain, for the
// inbox, delivery and the copy of remote media. A domain with no policy
// federates freely.
type InstancePolicies struct {
	Store PolicyStore
}

func (uc *InstancePolicies) of(ctx context.Context, host string) (InstancePolicy, error) {
	d, ok := NormalizeDomain(host)
	if !ok {
		return InstancePolicy{}, nil
	}
	p, err := uc.Store.PolicyByDomain(ctx, d)
	if errors.Is(err, domain.ErrNotFound) {
		return InstancePolicy{}, nil
	}
	return p, err
}

// Suspended reports whether host is suspended here.
func (uc *InstancePolicies) Suspended(ctx context.Context, host string) (bool, error) {
	p, err := uc.of(ctx, host)
	return p.Suspend, err
}

// Silenced reports whether host's accounts reach their followers only.
func (uc *InstancePolicies) Silenced(ctx context.Context, host string) (bool, error) {
	p, err := uc.of(ctx, host)
	return p.Silence, err
}

// MediaAllowed reports whether pictures and videos of host may be copied
// here: not when its media are rejected, nor when it is suspended.
func (uc *InstancePolicies) MediaAllowed(ctx context.Context, host string) (bool, error) {
	p, err := uc.of(ctx, host)
	if err != nil {
		return false, err
	}
	return !p.RejectMedia && !p.Suspend, nil
}
