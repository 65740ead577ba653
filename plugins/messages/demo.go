package messages

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/demo"
	"social/kit/plugin"
	"social/plugins/messages/app"
)

// demoLine is one message: from the demo member (me) or the friend.
type demoLine struct {
	me   bool
	text string
}

// demoConversations are the demo member's conversations, oldest first.
// Those that end with the friend's words are unread.
var demoConversations = []struct {
	friend string
	ago    time.Duration
	lines  []demoLine
}{
	{"leticia_arte", 30 * time.Hour, []demoLine{
		{false, "Oi, Bia! Vi teu post sobre o portfólio, ficou lindo."},
		{true, "Obrigada, Lê! Tuas aquarelas me inspiraram nas cores."},
		{false, "Bora fazer uma colaboração? Ilustração + interface."},
		{true, "Bora! Semana que vem te mando umas ideias."},
	}},
	{"joao_pedro", 5 * time.Hour, []demoLine{
		{true, "João, conseguiu ver o protótipo?"},
		{false, "Vi sim! A navegação ficou muito mais clara."},
		{false, "Só achei o botão de enviar meio escondido no celular."},
	}},
	{"mariaclara", 2 * time.Hour, []demoLine{
		{false, "Bia, posso te entrevistar para a matéria sobre design e clima?"},
		{true, "Claro! Quando for bom para você."},
		{false, "Quinta às 15h? Pode ser por vídeo."},
		{false, "Te mando o link na véspera. 😊"},
	}},
	{"thiago_som", 40 * time.Minute, []demoLine{
		{false, "Ensaio aberto hoje! Tá convidada, traz quem quiser. 🎸"},
	}},
}

// newDemoSeeder adds the demo member's conversations, some unread.
func newDemoSeeder(db *bun.DB, m *app.Messages, run *demo.Run) plugin.DemoSeeder {
	return plugin.NetworkDemoSeeder(Name, run.Cast, func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
		me := cast.Of(demo.MemberHandle)
		var has bool
		if err := db.NewRaw(`SELECT EXISTS (SELECT 1 FROM conversation_members WHERE user_id = ?)`, uuid.UUID(me.UserID)).
			Scan(ctx, &has); err != nil {
			return plugin.DemoSeeded{}, err
		}
		if has {
			return plugin.DemoSeeded{Text: "demo conversations already there; nothing changed"}, nil
		}
		start, send := &app.StartConversation{Messages: m}, &app.SendMessage{Messages: m}
		now, sent := run.Now, 0
		err := m.Tx.InTx(ctx, func(ctx context.Context) error {
			for _, c := range demoConversations {
				run.At(now.Add(-c.ago))
				conv, _, err := start.Handle(ctx, me, c.friend)
				if err != nil {
					return fmt.Errorf("conversation with %s: %w", c.friend, err)
				}
				for i, l := range c.lines {
					run.At(now.Add(-c.ago + time.Duration(i)*7*time.Minute))
					who := cast.Of(c.friend)
					if l.me {
						who = me
					}
					if _, err := send.Handle(ctx, who, conv.ID, l.text); err != nil {
						return fmt.Errorf("message to %s: %w", c.friend, err)
					}
					sent++
				}
			}
			return nil
		})
		if err != nil {
			return plugin.DemoSeeded{}, err
		}
		return plugin.DemoSeeded{Text: fmt.Sprintf("%d conversations of the demo member, %d messages",
			len(demoConversations), sent), Created: true}, nil
	})
}
