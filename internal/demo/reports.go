package demo

import (
	"fmt"
	"time"

	moderation "social/features/moderation/app"
	posts "social/features/posts/app"
)

// addReports leaves the moderation queue with work: a spam post reported
// by two members and a rude comment reported by the demo member, both
// open, and an older report the moderator dismissed (in the audit log).
func (r *run) addReports() error {
	why := func(s string) *string { return &s }

	r.at(r.now.Add(-5 * time.Hour))
	spam, err := r.c.post.Handle(r.ctx, r.members["zeh"], posts.NewPost{Text: spamPostText})
	if err != nil {
		return fmt.Errorf("spam post: %w", err)
	}
	r.sum.Posts++
	for i, who := range []string{"joao_pedro", "mariaclara"} {
		r.at(r.now.Add(-4*time.Hour + time.Duration(i)*time.Minute*17))
		if _, err := r.c.reportPost.Handle(r.ctx, r.members[who], spam.Post.ID, why(spamReason)); err != nil {
			return fmt.Errorf("report of the spam post: %w", err)
		}
		r.sum.Reports++
	}

	r.at(r.now.Add(-3 * time.Hour))
	target, err := r.c.post.Handle(r.ctx, r.members[MemberHandle], posts.NewPost{
		Text: "Compartilhei meu portfólio novo ontem e estou muito feliz com o retorno de vocês! 💛 #design"})
	if err != nil {
		return err
	}
	r.sum.Posts++
	r.at(r.now.Add(-2 * time.Hour))
	rude, err := r.c.comment.Handle(r.ctx, r.members["edu"], target.Post.ID, rudeCommentText)
	if err != nil {
		return fmt.Errorf("rude comment: %w", err)
	}
	r.sum.Comments++
	r.at(r.now.Add(-90 * time.Minute))
	if _, err := r.c.reportCmt.Handle(r.ctx, r.members[MemberHandle], rude.Comment.ID, why(rudeReason)); err != nil {
		return fmt.Errorf("report of the rude comment: %w", err)
	}
	r.sum.Reports++

	r.at(r.now.Add(-3 * 24 * time.Hour))
	heated, err := r.c.post.Handle(r.ctx, r.members["andre_futebol"], posts.NewPost{
		Text: "Juiz de ontem precisa de óculos novos. Só isso que tenho a dizer. ⚽ #futebol"})
	if err != nil {
		return err
	}
	r.sum.Posts++
	filed, err := r.c.reportPost.Handle(r.ctx, r.members["gabi"], heated.Post.ID, why("Ofensivo com o árbitro."))
	if err != nil {
		return err
	}
	r.sum.Reports++
	r.at(r.now.Add(-70 * time.Hour))
	_, err = r.c.resolve.Handle(r.ctx, r.members[ModeratorHandle], filed.Report.ID, moderation.ResolveDismiss,
		"Crítica ao jogo, sem ataque pessoal: segue no ar.")
	if err != nil {
		return fmt.Errorf("dismiss a report: %w", err)
	}
	return nil
}
