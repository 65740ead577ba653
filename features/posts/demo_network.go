package posts

import (
	"bytes"
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/features/posts/app"
	"social/kit/demo"
	"social/kit/plugin"
)

// newDemoSeeder contributes the week of posts of demo.Plan, each followed
// by its likes and shares, then the posts the moderation queue is about
// (demo.Reported). The comments' stage comes after.
func newDemoSeeder(uc app.UseCases, run *demo.Run) plugin.DemoSeeder {
	return plugin.StageDemoSeeder("posts", demo.StagePosts, run, demo.NeedMembers,
		func(ctx context.Context, cast demo.Cast) (plugin.DemoSeeded, error) {
			s := &run.Summary
			for i, pp := range run.Plan.Posts {
				id, err := writeDemoPost(ctx, uc, run, cast.Of(pp.Author), pp)
				if err != nil {
					return plugin.DemoSeeded{}, fmt.Errorf("post of %s: %w", pp.Author, err)
				}
				run.Posts = append(run.Posts, id)
				for _, like := range pp.Likes {
					run.At(like.At)
					if _, err := uc.Like.Handle(ctx, cast.Of(like.Who), id); err != nil {
						return plugin.DemoSeeded{}, fmt.Errorf("like by %s: %w", like.Who, err)
					}
					s.Likes++
				}
				run.At(pp.SharedAt)
				for _, who := range pp.Shares {
					if _, err := uc.Share.Handle(ctx, cast.Of(who), id); err != nil {
						return plugin.DemoSeeded{}, err
					}
					s.Shares++
				}
				run.Tell("posts", i+1, len(run.Plan.Posts))
			}
			for _, rp := range demo.Reported.Posts {
				run.At(run.Now.Add(-rp.Ago))
				created, err := uc.Create.Handle(ctx, cast.Of(rp.Author), app.NewPost{Text: rp.Text})
				if err != nil {
					return plugin.DemoSeeded{}, fmt.Errorf("post %s: %w", rp.Key, err)
				}
				run.Named[rp.Key] = uuid.UUID(created.Post.ID)
				s.Posts++
			}
			return plugin.DemoSeeded{Text: fmt.Sprintf("%d posts (%d with a picture, %d for followers only), %d likes, %d shares",
				s.Posts, s.Images, s.FriendsOnly, s.Likes, s.Shares), Created: true}, nil
		})
}

// writeDemoPost writes one planned post at its time, with its drawn
// picture if it has one.
func writeDemoPost(ctx context.Context, uc app.UseCases, run *demo.Run, v domain.Viewer, pp demo.PlannedPost) (domain.PostID, error) {
	run.At(pp.At)
	var created app.Created
	var err error
	if pp.Photo >= 0 {
		data := run.PhotoOf(pp.Photo)
		created, err = uc.CreateMedia.Handle(ctx, v, app.NewMediaPost{Text: pp.Text, Type: domain.PostImage,
			Visibility: pp.Visibility, File: &app.MediaFile{Body: bytes.NewReader(data), Size: int64(len(data))}})
		run.Summary.Images++
	} else {
		created, err = uc.Create.Handle(ctx, v, app.NewPost{Text: pp.Text, Visibility: pp.Visibility})
	}
	if err != nil {
		return domain.PostID{}, err
	}
	run.Summary.Posts++
	if pp.Visibility == domain.VisibilityFriendsOnly {
		run.Summary.FriendsOnly++
	}
	return created.Post.ID, nil
}

// newDemoPosting lends the post and like use cases to the seeders of the
// features that keep audiences (a community's posts are core posts).
func newDemoPosting(uc app.UseCases) demo.Posting {
	return demo.Posting{
		Post: func(ctx context.Context, author domain.Viewer, audience domain.AudienceID, text string) (domain.PostID, error) {
			created, err := uc.Create.Handle(ctx, author, app.NewPost{Text: text, Audience: audience})
			return created.Post.ID, err
		},
		Like: func(ctx context.Context, who domain.Viewer, post domain.PostID) error {
			_, err := uc.Like.Handle(ctx, who, post)
			return err
		},
	}
}
