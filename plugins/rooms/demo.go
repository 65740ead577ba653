package rooms

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/demo"
	"social/kit/plugin"
	"social/plugins/rooms/app"
)

// demoRooms are the listening rooms of the demo network, on built-in
// stations (no directory lookup), each with listeners and a chat.
var demoRooms = []struct {
	name, about, station, host string
	listeners                  []string
	chat                       []string // alternating among host and listeners
}{
	{"Jazz na Varanda", "Jazz para acompanhar o fim de tarde. Chega mais!", "fallback-jazz", "thiago_som",
		[]string{"mariaclara", "diego_cafe", "ribamar", "carol_danca", "otavio_hist"},
		[]string{"Boa tarde, pessoal! Som na caixa. 🎷", "Que solo de sax foi esse?", "Perfeito com um café coado.",
			"Alguém sabe o nome dessa faixa?", "Acho que é do álbum novo, vou procurar.", "Voltei do trabalho direto pra cá 😌"}},
	{"Clássicos para Estudar", "Música clássica e silêncio no chat: foco total.", "fallback-classical", "helena_astro",
		[]string{"sofia_bio", "henrique_prof", "isa_le"},
		[]string{"Sessão de estudos começando. Boa sorte a todos!", "Prova de cálculo amanhã 😅", "Força! Pausa de 5 min a cada hora."}},
	{"Groove da Madrugada", "Eletrônica calma para quem trabalha até tarde.", "fallback-electronic", "bianca_dev",
		[]string{"lucas_games", "mirela", "renato_rpg", "bruna_code"},
		[]string{"Deploy rodando, groove tocando.", "Plantão aqui também 🙋‍♀️", "Essa faixa é muito boa para programar."}},
}

// newDemoSeeder opens the demo rooms with listeners and chat history,
// through the graph's use cases (in seed-demo, on the run's clock and a
// silent broadcaster). Listeners are there as if they had just entered:
// like anyone whose socket closed, they leave at the sweep after
// rooms.presence_stale.
func newDemoSeeder(db *bun.DB, r *app.Rooms, dir app.Directory, run *demo.Run) plugin.DemoSeeder {
	return plugin.NetworkDemoSeeder(Name, run.Cast, func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
		var has bool
		if err := db.NewRaw(`SELECT EXISTS (SELECT 1 FROM listening_rooms WHERE host_id = ? AND name = ?)`,
			uuid.UUID(cast.Of(demoRooms[0].host).UserID), demoRooms[0].name).Scan(ctx, &has); err != nil {
			return plugin.DemoSeeded{}, err
		}
		if has {
			return plugin.DemoSeeded{Text: "demo rooms already there; nothing changed"}, nil
		}
		create, join, send := &app.CreateRoom{Rooms: r, Directory: dir}, &app.JoinRoom{Rooms: r}, &app.SendMessage{Rooms: r}
		now, listeners, lines := run.Now, 0, 0
		err := r.Tx.InTx(ctx, func(ctx context.Context) error {
			for i, d := range demoRooms {
				at := now.Add(-time.Duration(len(demoRooms)-i) * 20 * time.Minute)
				run.At(at)
				about := d.about
				room, err := create.Handle(ctx, cast.Of(d.host), app.NewRoom{Name: d.name, Description: &about, StationID: d.station})
				if err != nil {
					return fmt.Errorf("room %s: %w", d.name, err)
				}
				// Everyone entered a moment ago, so that the room is full when
				// the server starts.
				entered := now.Add(-2 * time.Minute)
				people := append([]string{d.host}, d.listeners...)
				for k, h := range people {
					run.At(entered.Add(time.Duration(k) * time.Second))
					if _, err := join.Handle(ctx, cast.Of(h), room.ID); err != nil {
						return fmt.Errorf("%s joins %s: %w", h, d.name, err)
					}
					listeners++
				}
				for k, text := range d.chat {
					run.At(entered.Add(time.Duration(len(people)+k*10) * time.Second))
					if _, err := send.Handle(ctx, cast.Of(people[k%len(people)]), room.ID, text); err != nil {
						return fmt.Errorf("chat in %s: %w", d.name, err)
					}
					lines++
				}
			}
			return nil
		})
		if err != nil {
			return plugin.DemoSeeded{}, err
		}
		return plugin.DemoSeeded{Text: fmt.Sprintf("%d listening rooms, %d listeners, %d chat messages",
			len(demoRooms), listeners, lines), Created: true}, nil
	})
}
