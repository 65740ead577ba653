package stories

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/demo"
	"social/kit/plugin"
	"social/plugins/stories/app"
)

// demoStories are the live stories of the demo network: who, how long
// ago, what. The demo member has seen the first two.
var demoStories = []struct {
	handle string
	ago    time.Duration
	text   string
}{
	{"mariaclara", 20 * time.Hour, "Amanhecer no costão. Hoje tem reportagem nova sobre os corais! 🌊"},
	{"thiago_som", 9 * time.Hour, "Ensaio aberto hoje às 20h. Samba-rock até o vizinho reclamar. 🎸"},
	{"leticia_arte", 6 * time.Hour, "Aquarela do dia: um gato dormindo em cima do meu esboço. 🐈"},
	{"joao_pedro", 4 * time.Hour, "15 km no domingo, Thor vai de bicicleta comigo (no cestinho)."},
	{"ana_lu_tech", 3 * time.Hour, "Live às 19h sobre dados abertos de saúde. Tragam perguntas!"},
	{"marcos_vinicius", 2 * time.Hour, "Moqueca saindo. Quem chegar primeiro come. 🍲"},
	{"larissa_mar", 90 * time.Minute, "Filhotes de tartaruga a caminho do mar agora mesmo! 🐢"},
	{"gustavo_eco", 40 * time.Minute, "Gráfico novo no ar: o preço do café em dez anos. ☕📈"},
	{demo.MemberHandle, 30 * time.Minute, "Protótipo novo quase pronto. Amanhã mostro para vocês! ✨"},
}

// newDemoSeeder adds the stories of the demo network. Stories live 24
// hours: a run after they expired opens new ones.
func newDemoSeeder(db *bun.DB, s *app.Stories, run *demo.Run) plugin.DemoSeeder {
	return plugin.NetworkDemoSeeder(Name, run.Cast, func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
		var live bool
		if err := db.NewRaw(`SELECT EXISTS (SELECT 1 FROM stories WHERE author_id = ? AND expires_at > now())`,
			uuid.UUID(cast.Of(demo.MemberHandle).UserID)).Scan(ctx, &live); err != nil {
			return plugin.DemoSeeded{}, err
		}
		if live {
			return plugin.DemoSeeded{Text: "demo stories already live; nothing changed"}, nil
		}
		create, view := &app.CreateStory{Stories: s}, &app.ViewStory{Stories: s}
		now := run.Now
		err := s.Tx.InTx(ctx, func(ctx context.Context) error {
			for i, d := range demoStories {
				run.At(now.Add(-d.ago))
				st, err := create.Handle(ctx, cast.Of(d.handle), d.text)
				if err != nil {
					return fmt.Errorf("story of %s: %w", d.handle, err)
				}
				if i < 2 {
					run.At(now.Add(-d.ago / 2))
					if _, err := view.Handle(ctx, cast.Of(demo.MemberHandle), st.ID); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			return plugin.DemoSeeded{}, err
		}
		return plugin.DemoSeeded{Text: fmt.Sprintf("%d live stories", len(demoStories)), Created: true}, nil
	})
}
