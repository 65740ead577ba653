package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Texts of demo seeding.
const (
	MsgNoUserDemo = "Você precisa estar logado para gerar dados de demonstração."
	MsgDemoFailed = "Não foi possível criar os dados de demonstração."
	MsgDemoDone   = "Dados de demonstração criados!"
)

// DemoKindPost is the kind of the demo posts' marks in DemoRows.
const DemoKindPost = "post"

// DemoRows records the rows a member's demo data created, by kind
// (plugin.DemoRows), in the transaction of ctx.
type DemoRows interface {
	Record(ctx context.Context, member domain.UserID, kind string, id uuid.UUID) error
	Take(ctx context.Context, member domain.UserID, kind string) ([]uuid.UUID, error)
}

// DemoTexts are the demo posts, oldest first.
var DemoTexts = []string{
	"Bom dia! Começando a semana com um café bem passado e muita vontade de aprender coisas novas. ☕ #bomdia #segundafeira",
	"Alguém tem dica de trilha perto de São Paulo para o fim de semana? Quero fugir um pouco da cidade. 🌿 #trilha #natureza",
	"Acabei de terminar um livro incrível e já estou com saudade dos personagens. Qual foi a última leitura de vocês? 📚 #leitura",
}

// DemoStore stores demo posts for an author.
type DemoStore interface {
	// LockAuthor locks the author's profile (domain.ErrNotFound without one)
	// so that two seedings of one member run one after the other.
	LockAuthor(ctx context.Context, author domain.UserID) error
	HasPosts(ctx context.Context, author domain.UserID) (bool, error)
	PostCreator
}

// MemberSeed adds another feature's demo data for member (a plugin's
// MemberDemoSeeder) inside the seeding's transaction, and returns a
// one-line summary.
type MemberSeed func(ctx context.Context, member domain.UserID) (string, error)

// SeedDemo creates the demo posts of a member, unless they already have a
// post; then, in the same transaction, each of Extras.
type SeedDemo struct {
	Tx     ports.Transactor
	Search ports.SearchIndexQueue
	Posts  DemoStore
	// Rows marks each demo post, so that ClearDemo finds them.
	Rows  DemoRows
	Clock ports.Clock
	// Extras run only when the posts were created.
	Extras []MemberSeed
}

// Seeded is what one seeding created; Skipped when the member had posts.
// Extras are the summaries of the other features' seeds.
type Seeded struct {
	Posts   []domain.Post
	Skipped bool
	Extras  []string
}

// Handle seeds for the viewer.
func (uc *SeedDemo) Handle(ctx context.Context, viewer domain.Viewer) (Seeded, error) {
	if !viewer.SignedIn() {
		return Seeded{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserDemo)
	}
	return uc.For(ctx, viewer.UserID)
}

// For seeds for member (also `social seed-demo --for`).
func (uc *SeedDemo) For(ctx context.Context, member domain.UserID) (Seeded, error) {
	var out Seeded
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		out = Seeded{}
		if err := uc.Posts.LockAuthor(ctx, member); err != nil {
			return err
		}
		has, err := uc.Posts.HasPosts(ctx, member)
		if err != nil {
			return err
		}
		if has {
			out.Skipped = true
			return nil
		}
		now := uc.Clock.Now()
		for i, text := range DemoTexts {
			at := now.Add(-time.Duration(len(DemoTexts)-1-i) * time.Minute)
			t := text
			p := domain.Post{ID: domain.NewPostID(), AuthorID: member, TextContent: &t, Type: domain.PostText,
				Visibility: domain.VisibilityPublic, CreatedAt: at, UpdatedAt: at}
			if err := uc.Posts.Create(ctx, p); err != nil {
				return err
			}
			if err := uc.Posts.Tag(ctx, p.ID, domain.Hashtags(t)); err != nil {
				return err
			}
			if err := uc.Rows.Record(ctx, member, DemoKindPost, uuid.UUID(p.ID)); err != nil {
				return err
			}
			if err := uc.Search.EnqueueIndex(ctx, ports.SearchPost, p.ID.String()); err != nil {
				return err
			}
			out.Posts = append(out.Posts, p)
		}
		for _, seed := range uc.Extras {
			summary, err := seed(ctx, member)
			if err != nil {
				return err
			}
			out.Extras = append(out.Extras, summary)
		}
		return nil
	})
	if errors.Is(err, domain.ErrNotFound) {
		return Seeded{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	}
	if err != nil {
		return Seeded{}, fmt.Errorf("seed demo posts of %s: %w", member, err)
	}
	return out, nil
}
