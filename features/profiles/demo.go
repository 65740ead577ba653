package profiles

import (
	"context"
	"fmt"
	"time"

	"social/core/domain"
	"social/features/profiles/app"
	profiles "social/features/profiles/app"
	"social/kit/demo"
	"social/kit/plugin"
)

// newDemoSeeder contributes the demo members' profiles: bio, place, site
// and the drawn avatar and banner, each dated when the member joined.
func newDemoSeeder(uc app.UseCases, run *demo.Run) plugin.DemoSeeder {
	return plugin.StageDemoSeeder("profiles", demo.StageProfiles, run, demo.NeedMembers,
		func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
			joined, pictures := run.Now.Add(-30*24*time.Hour), 0
			for i, p := range demo.Roster {
				run.At(joined.Add(time.Duration(i) * 7 * time.Hour))
				v := cast.Of(p.Handle)
				ch := profiles.Changes{Bio: optional(p.Bio), Location: optional(p.Location), WebsiteURL: optional(p.Website)}
				if _, err := uc.Update.Handle(ctx, v, ch, ""); err != nil {
					return plugin.DemoSeeded{}, fmt.Errorf("profile of %s: %w", p.Handle, err)
				}
				drawn := map[domain.ProfileImage][]byte{domain.ProfileAvatar: run.AvatarOf(i), domain.ProfileBanner: run.BannerOf(i)}
				for _, kind := range []domain.ProfileImage{domain.ProfileAvatar, domain.ProfileBanner} {
					if drawn[kind] == nil {
						continue
					}
					up := profiles.Upload{FileName: string(kind) + ".jpg", Data: drawn[kind]}
					if _, err := uc.SetImage.Handle(ctx, v, kind, up, ""); err != nil {
						return plugin.DemoSeeded{}, fmt.Errorf("%s of %s: %w", kind, p.Handle, err)
					}
					pictures++
				}
			}
			return plugin.DemoSeeded{Text: fmt.Sprintf("%d profiles, %d pictures", len(demo.Roster), pictures), Created: true}, nil
		})
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
