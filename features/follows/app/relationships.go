package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// MaxRelationships is how many members one read of relationships may name.
const MaxRelationships = 100

// RelationStore reads the viewer's relations with many members at once.
type RelationStore interface {
	// RelationsWith answers, for each of members that has a profile and
	// an account not deleted, its relation to viewer (one query).
	RelationsWith(ctx context.Context, viewer domain.UserID, members []domain.UserID) (map[domain.UserID]Relation, error)
}

// Relationship is the viewer's relation with one member.
type Relationship struct {
	Member domain.UserID
	Relation
}

// ReadRelationships tells a viewer where they stand with many members at
// once (an app showing a list of accounts asks for all of them). A member
// who blocks the viewer is left out, as their profile is not found for the
// viewer; so are malformed IDs and IDs of nobody. Oneself is listed with
// no relation.
type ReadRelationships struct {
	Relations RelationStore
}

// Handle answers the relationships with ids, in their order, each once.
func (uc *ReadRelationships) Handle(ctx context.Context, viewer domain.Viewer, ids []string) ([]Relationship, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, errs.MsgUnauthenticated)
	}
	if len(ids) > MaxRelationships {
		return nil, errs.Invalid(CodeInvalid, MsgTooManyRelationships, map[string]string{"id": MsgTooManyRelationships})
	}
	members := make([]domain.UserID, 0, len(ids))
	seen := make(map[domain.UserID]bool, len(ids))
	for _, s := range ids {
		id, err := domain.ParseUserID(s)
		if err != nil || seen[id] {
			continue
		}
		seen[id] = true
		members = append(members, id)
	}
	if len(members) == 0 {
		return []Relationship{}, nil
	}
	rels, err := uc.Relations.RelationsWith(ctx, viewer.UserID, members)
	if err != nil {
		return nil, fmt.Errorf("relationships of %s: %w", viewer.UserID, err)
	}
	out := make([]Relationship, 0, len(members))
	for _, id := range members {
		rel, ok := rels[id]
		if !ok || rel.BlockedBy {
			continue
		}
		if id == viewer.UserID {
			rel = Relation{}
		}
		out = append(out, Relationship{Member: id, Relation: rel})
	}
	return out, nil
}
