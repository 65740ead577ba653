package moderation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"social/core/domain"
	"social/features/moderation/app"
	"social/features/moderation/httpapi"
	"social/kit/demo"
	"social/kit/plugin"
)

// newDemoMembers contributes the cast of the demo network: an account for
// each of demo.Roster, a month ago, seven hours apart, the verified badges
// and the moderator's role. The whole core network is written in the run
// that writes its members: when they are there, nothing is.
func newDemoMembers(uc httpapi.UseCases, create *app.CreateAccount, run *demo.Run) plugin.DemoSeeder {
	return plugin.DemoSeeder{Name: "members", Stage: demo.StageMembers,
		Seed: func(ctx context.Context) (plugin.DemoSeeded, error) {
			if _, err := run.Cast(ctx); err == nil {
				run.Summary.Skipped = true
				return plugin.DemoSeeded{Text: "demo members already there; nothing changed"}, nil
			} else if !errors.Is(err, demo.ErrNoNetwork) {
				return plugin.DemoSeeded{}, err
			}
			run.StartDrawing()
			cast := demo.Cast{Viewers: map[string]domain.Viewer{}, Created: run.Now}
			joined := run.Now.Add(-30 * 24 * time.Hour)
			for i, p := range demo.Roster {
				run.At(joined.Add(time.Duration(i) * 7 * time.Hour))
				acc, err := create.Handle(ctx, domain.Operator(), app.CreateAccountInput{Email: p.Email(),
					Password: demo.MemberPassword, Handle: p.Handle, DisplayName: p.Name, Role: domain.RoleMember})
				if err != nil {
					return plugin.DemoSeeded{}, fmt.Errorf("member %s: %w", p.Handle, err)
				}
				v := domain.Viewer{UserID: acc.ID, Role: domain.RoleMember}
				if p.Verified {
					if _, err := uc.SetVerified.Handle(ctx, domain.Operator(), acc.ID, true); err != nil {
						return plugin.DemoSeeded{}, err
					}
					run.Summary.Verified++
				}
				if p.Handle == demo.ModeratorHandle {
					if _, err := uc.SetRole.Handle(ctx, domain.Operator(), acc.ID, domain.RoleModerator); err != nil {
						return plugin.DemoSeeded{}, err
					}
					v.Role = domain.RoleModerator
				}
				cast.Viewers[p.Handle] = v
				if p.Handle == demo.MemberHandle {
					cast.Created = acc.CreatedAt
				}
				run.Summary.Members++
				run.Tell("membros", i+1, len(demo.Roster))
			}
			run.SetCast(cast)
			return plugin.DemoSeeded{Text: fmt.Sprintf("%d members (%d verified)", run.Summary.Members,
				run.Summary.Verified), Created: true}, nil
		}}
}
