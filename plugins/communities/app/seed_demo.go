package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// DemoCommunity is one demo community.
type DemoCommunity struct {
	Name        string
	Description string
}

// DemoCommunities are the two open communities a member's demo data adds.
var DemoCommunities = []DemoCommunity{
	{Name: "Café e Código", Description: "Para quem programa, aprende e troca ideias sobre tecnologia, sempre com um bom café por perto."},
	{Name: "Trilhas e Natureza", Description: "Dicas de trilhas, parques e passeios ao ar livre pelo Brasil. Compartilhe suas aventuras!"},
}

// DemoKind is the kind of the demo communities' marks in DemoRows.
const DemoKind = "community"

// DemoRows records the rows a member's demo data created, by kind
// (plugin.DemoRows), in the transaction of ctx.
type DemoRows interface {
	Record(ctx context.Context, member domain.UserID, kind string, id uuid.UUID) error
	Take(ctx context.Context, member domain.UserID, kind string) ([]uuid.UUID, error)
}

// demoSuffixes is how many other names are tried when one is taken.
const demoSuffixes = 50

// SeedDemo creates the demo communities of a member, owned by them and
// open. A taken name gets a number ("Café e Código 2"). It joins the
// transaction of ctx (the core's demo seeding).
type SeedDemo struct {
	Tx      ports.Transactor
	Store   CommunityStore
	Members MemberStore
	Search  ports.SearchIndexQueue
	Clock   ports.Clock
	// Rows marks each demo community, so that ClearDemo finds them.
	Rows DemoRows
	// Picture, when set, gives DemoCommunities[i] its picture.
	Picture func(ctx context.Context, id uuid.UUID, i int) error
}

// Handle creates the communities and answers a one-line summary.
func (uc *SeedDemo) Handle(ctx context.Context, member domain.UserID) (string, error) {
	var names []string
	for k, d := range DemoCommunities {
		desc := d.Description
		created := false
		for i := 1; i <= demoSuffixes && !created; i++ {
			name := d.Name
			if i > 1 {
				name = fmt.Sprintf("%s %d", d.Name, i)
			}
			c, err := create(ctx, uc.Tx, uc.Store, uc.Members, uc.Search, uc.Clock, member,
				NewCommunity{Name: name, Description: &desc, Privacy: Open})
			if errors.Is(err, errNameTaken) {
				continue
			}
			if err != nil {
				return "", fmt.Errorf("demo community %q: %w", name, err)
			}
			if err := uc.Rows.Record(ctx, member, DemoKind, c.ID); err != nil {
				return "", err
			}
			if uc.Picture != nil {
				if err := uc.Picture(ctx, c.ID, k); err != nil {
					return "", err
				}
			}
			names = append(names, name)
			created = true
		}
		if !created {
			return "", fmt.Errorf("demo community %q: every name is taken", d.Name)
		}
	}
	return fmt.Sprintf("communities: %d demo communities created (%s)", len(names), strings.Join(names, ", ")), nil
}
