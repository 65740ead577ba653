package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// MembersByHandle reads the active members whose handles are given, in one
// read.
type MembersByHandle interface {
	MembersByHandle(ctx context.Context, handles []string) ([]domain.MemberCard, error)
}

// MembersNamed resolves the @handles of many texts at once (a page of
// posts shown with their mentions): the handles that are members, as
// their cards, keyed by lower-case handle. Handles of nobody are absent.
type MembersNamed struct {
	Members MembersByHandle
}

// MaxNamedHandles bounds one resolution: a page of 40 posts of 280
// characters names far fewer.
const MaxNamedHandles = 500

// Handle resolves the distinct handles the texts mention.
func (uc *MembersNamed) Handle(ctx context.Context, texts []string) (map[string]domain.MemberCard, error) {
	seen := map[string]bool{}
	var handles []string
	for _, t := range texts {
		for _, h := range domain.Mentions(t) {
			if !seen[h] && len(handles) < MaxNamedHandles {
				seen[h] = true
				handles = append(handles, h)
			}
		}
	}
	out := make(map[string]domain.MemberCard, len(handles))
	if len(handles) == 0 {
		return out, nil
	}
	cards, err := uc.Members.MembersByHandle(ctx, handles)
	if err != nil {
		return nil, fmt.Errorf("members named: %w", err)
	}
	for _, c := range cards {
		out[c.Handle] = c
	}
	return out, nil
}
