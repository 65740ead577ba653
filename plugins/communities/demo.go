package communities

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
	"social/kit/demo"
	"social/kit/plugin"
	"social/platform/pgkit"
	"social/plugins/communities/app"
	"social/plugins/communities/httpapi"
	"social/plugins/communities/pgstore"
)

// demoCommunity is one community of the demo network: its owner, admins,
// members, pending requests and posts (author, text).
type demoCommunity struct {
	name, about string
	privacy     app.Privacy
	owner       string
	admins      []string
	members     []string
	pending     []string
	posts       [][2]string
	// picture is the theme of its drawn avatar.
	picture demo.CommunityTheme
}

// demoCommunities: open and closed ones; the demo member owns a closed one
// with requests to decide, and waits for an answer from another.
var demoCommunities = []demoCommunity{
	{name: "Designers do Nordeste", about: "Design de produto, interfaces e tipografia feitos no Nordeste. Portfólios, vagas e boas conversas.",
		privacy: app.Closed, owner: demo.MemberHandle, admins: []string{"camila_ux"},
		members: []string{"fernanda_oliveira_albuquerque", "leticia_arte", "bruna_code", "pedro_henrique"},
		pending: []string{"yasmin_moda", "lucas_games", "carol_danca"}, picture: demo.ThemeDesign,
		posts: [][2]string{{demo.MemberHandle, "Bem-vindas e bem-vindos! Apresentem-se: nome, cidade e o projeto de que mais se orgulham. 💛"},
			{"camila_ux", "Compartilhando o roteiro das minhas últimas entrevistas com usuários. Feedback bem-vindo!"},
			{"leticia_arte", "Alguém já usou aquarela digitalizada em interface? Quero testar num app de leitura."}}},
	{name: "Corredores de Rua", about: "Treinos, provas e dicas para correr melhor, do primeiro 5 km à maratona.",
		privacy: app.Open, owner: "joao_pedro", admins: []string{"juliana_fisio"},
		members: []string{"nath_corre", "caio_bike", demo.MemberHandle, "tati_yoga", "andre_futebol", "gabi"}, picture: demo.ThemeRunning,
		posts: [][2]string{{"joao_pedro", "Treino coletivo no sábado às 6h30, saída do parque. Ritmo livre!"},
			{"juliana_fisio", "Lembrete de fisioterapeuta: aumentem o volume no máximo 10% por semana. 🏃"},
			{"nath_corre", "Inscrição feita para a meia maratona! Quem mais vai?"},
			{"caio_bike", "Vou de bicicleta dando apoio com água para quem quiser."}}},
	{name: "Clube do Livro de Quinta", about: "Um livro por mês, encontro toda quinta. Literatura brasileira em primeiro lugar.",
		privacy: app.Open, owner: "isa_le", admins: []string{"ribamar"},
		members: []string{"fernanda_oliveira_albuquerque", "mirela", "otavio_hist", demo.MemberHandle, "priscila_mae", "henrique_prof"},
		picture: demo.ThemeBooks,
		posts: [][2]string{{"isa_le", "Livro de dezembro: \"Quarto de Despejo\", de Carolina Maria de Jesus. Encontro na quinta às 19h."},
			{"ribamar", "Trouxe um cordel sobre Carolina para abrir a conversa. 📖"},
			{"mirela", "Li de madrugada no plantão. Que livro forte."}}},
	{name: "Ciência na Praia", about: "Biologia marinha, oceanografia e divulgação científica à beira-mar.",
		privacy: app.Closed, owner: "larissa_mar", admins: []string{"mariaclara"},
		members: []string{"sofia_bio", "helena_astro", "rodrigo_foto"},
		pending: []string{demo.MemberHandle, "gabi"}, picture: demo.ThemeSea,
		posts: [][2]string{{"larissa_mar", "Relatório da temporada de desova: 212 ninhos monitorados! 🐢"},
			{"mariaclara", "Rascunho da reportagem sobre corais pronto. Quem revisa a parte técnica?"}}},
}

type demoParams struct {
	fx.In
	DB      *bun.DB
	UC      httpapi.UseCases
	Posting demo.Posting
	Run     *demo.Run
	Store   *pgstore.Store
	Clock   ports.Clock
	// Without media storage the communities keep their letters.
	Blobs  ports.BlobStore     `optional:"true"`
	Images ports.ImageCleaner  `optional:"true"`
	Copies ports.ImageVariants `optional:"true"`
}

// newDemoSeeder adds the communities of the demo network with their drawn
// pictures, their members and requests, and their posts (core posts,
// written and liked through the core's posting).
func newDemoSeeder(p demoParams) plugin.DemoSeeder {
	db, uc, posting, run := p.DB, p.UC, p.Posting, p.Run
	var pictures *app.SetPicture
	if p.Blobs != nil && p.Images != nil {
		pictures = &app.SetPicture{Store: p.Store, Blobs: p.Blobs, Images: p.Images, Copies: p.Copies, Clock: p.Clock}
	}
	return plugin.NetworkDemoSeeder(Name, run.Cast, func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
		var has bool
		if err := pgkit.IDB(ctx, db).NewRaw(`SELECT EXISTS (SELECT 1 FROM communities WHERE name = ?)`, demoCommunities[0].name).
			Scan(ctx, &has); err != nil {
			return plugin.DemoSeeded{}, err
		}
		if has {
			return plugin.DemoSeeded{Text: "demo communities already there; nothing changed"}, nil
		}
		s := demoScript{cast: cast, seeding: run, uc: uc, posting: posting, pictures: pictures}
		text, err := s.run(ctx, run.Now)
		if err != nil {
			return plugin.DemoSeeded{}, err
		}
		return plugin.DemoSeeded{Text: text, Created: true}, nil
	})
}

type demoScript struct {
	cast     demo.Cast
	seeding  *demo.Run
	uc       httpapi.UseCases
	posting  demo.Posting
	pictures *app.SetPicture
}

func (s demoScript) run(ctx context.Context, now time.Time) (string, error) {
	joined, pending, written := 0, 0, 0
	for i, d := range demoCommunities {
		at := now.Add(-time.Duration(6-i) * 24 * time.Hour)
		s.seeding.At(at)
		about := d.about
		c, err := s.uc.Create.Handle(ctx, s.cast.Of(d.owner), app.NewCommunity{Name: d.name, Description: &about, Privacy: d.privacy})
		if err != nil {
			return "", fmt.Errorf("community %s: %w", d.name, err)
		}
		if s.pictures != nil {
			if err := s.pictures.Handle(ctx, c.ID, demo.CommunityPicture(d.picture, i)); err != nil {
				return "", err
			}
		}
		// The members of a closed community asked and were approved, so
		// its admins (members first) are members of both kinds.
		for k, h := range append(append([]string{}, d.admins...), d.members...) {
			s.seeding.At(at.Add(time.Duration(k+1) * time.Hour))
			j, err := s.uc.Join.Handle(ctx, s.cast.Of(h), c.ID)
			if err != nil {
				return "", fmt.Errorf("%s joins %s: %w", h, d.name, err)
			}
			if d.privacy == app.Closed {
				if _, err := s.uc.Decide.Approve(ctx, s.cast.Of(d.owner), c.ID, j.Membership.ID); err != nil {
					return "", err
				}
			}
			if k < len(d.admins) {
				if _, err := s.uc.Manage.SetRole(ctx, s.cast.Of(d.owner), c.ID, j.Membership.ID, app.RoleAdmin); err != nil {
					return "", err
				}
			}
			joined++
		}
		for k, h := range d.pending {
			s.seeding.At(now.Add(-time.Duration(k+2) * time.Hour))
			if _, err := s.uc.Join.Handle(ctx, s.cast.Of(h), c.ID); err != nil {
				return "", fmt.Errorf("%s asks to join %s: %w", h, d.name, err)
			}
			pending++
		}
		for k, p := range d.posts {
			s.seeding.At(at.Add(time.Duration(20+k*17) * time.Hour))
			id, err := s.posting.Post(ctx, s.cast.Of(p[0]), domain.AudienceID(c.ID), p[1])
			if err != nil {
				return "", fmt.Errorf("post in %s: %w", d.name, err)
			}
			written++
			// Those who joined before like it, a few each.
			for _, h := range append([]string{d.owner}, d.members...)[:min(3+k, 1+len(d.members))] {
				if h == p[0] {
					continue
				}
				if err := s.posting.Like(ctx, s.cast.Of(h), id); err != nil {
					return "", err
				}
			}
		}
	}
	return fmt.Sprintf("%d communities, %d members joined, %d requests pending, %d posts",
		len(demoCommunities), joined, pending, written), nil
}
