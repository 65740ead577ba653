package comments

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/features/comments/app"
	"social/kit/demo"
	"social/kit/plugin"
)

// newDemoSeeder contributes the comments of demo.Plan on the posts the
// posts' stage wrote in this run, then the rude comment the moderation
// queue is about (demo.Reported).
func newDemoSeeder(uc app.UseCases, run *demo.Run) plugin.DemoSeeder {
	postsWritten := demo.Need{Written: func(w *demo.Run) bool { return len(w.Posts) > 0 }, Missing: "no demo post written in this run"}
	return plugin.StageDemoSeeder("comments", demo.StageComments, run, postsWritten,
		func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
			for i, pp := range run.Plan.Posts {
				for _, c := range pp.Comments {
					run.At(c.At)
					if _, err := uc.Create.Handle(ctx, cast.Of(c.Who), run.Posts[i], c.Text); err != nil {
						return plugin.DemoSeeded{}, fmt.Errorf("comment by %s: %w", c.Who, err)
					}
					run.Summary.Comments++
				}
			}
			r := demo.Reported
			run.At(run.Now.Add(-demo.RudeCommentAgo))
			rude, err := uc.Create.Handle(ctx, cast.Of(r.RudeComment.Who), domain.PostID(run.Named[r.RudeOn]), r.RudeComment.Text)
			if err != nil {
				return plugin.DemoSeeded{}, fmt.Errorf("rude comment: %w", err)
			}
			run.Named["rude"] = uuid.UUID(rude.Comment.ID)
			run.Summary.Comments++
			return plugin.DemoSeeded{Text: fmt.Sprintf("%d comments", run.Summary.Comments), Created: true}, nil
		})
}
