package demo

import (
	"log/slog"

	"github.com/uptrace/bun"

	"social/core/ports"
	notifications "social/features/notifications/app"
	notificationsstore "social/features/notifications/pgstore"
	posts "social/features/posts/app"
	postsstore "social/features/posts/pgstore"
	searchstore "social/features/search/pgstore"
	timelines "social/features/timelines/app"
	timelinesstore "social/features/timelines/pgstore"
	"social/platform/pgkit"
)

// SearchQueue queues search documents on db, in the transaction of the
// context, for a feature's demo seeding (its own kinds of document).
func SearchQueue(db *bun.DB) ports.SearchIndexQueue {
	return searchstore.NewSearchQueue(db)
}

// PostWriting is the core's post writing as a feature's demo seeding uses
// it (seed-demo runs without the serving app): the core's stores on db,
// audiences answering who may write an audience's posts, jobs enqueued in
// the seeding's transaction as the app enqueues them (search documents,
// link previews, timelines), notifications recorded, nothing broadcast.
type PostWriting struct {
	Tx     ports.Transactor
	Search ports.SearchIndexQueue
	Create *posts.CreatePost
	Get    *posts.GetPost
	Like   *posts.LikePost
}

// NewPostWriting builds the core's post use cases for a demo seeding.
func NewPostWriting(db *bun.DB, jobs *pgkit.JobInserter, audiences ports.Audiences, clock *Clock, log *slog.Logger) PostWriting {
	tx := pgkit.NewTransactor(db)
	search := SearchQueue(db)
	store, notes := postsstore.NewPostsFor(db, audiences), notificationsstore.NewNotifications(db)
	recorder := &notifications.Recorder{Store: notes, Clock: clock}
	announcer := &notifications.Announcer{Counts: notes, Broadcaster: Silent{}, Log: log}
	return PostWriting{Tx: tx, Search: search,
		Create: &posts.CreatePost{Tx: tx, Search: search, Posts: store, Audiences: audiences,
			Previews: postsstore.PreviewQueue{Jobs: jobs}, Timelines: &timelines.PlaceNewPost{Store: timelinesstore.NewTimelines(db), Queue: timelinesstore.TimelineQueue{Jobs: jobs}},
			Mentions: store,
			Notices:  recorder, Announcer: announcer, Clock: clock, Broadcaster: Silent{}, Log: log},
		Get: &posts.GetPost{Posts: store},
		Like: &posts.LikePost{Tx: tx, Items: store, Likes: store, Clock: clock, Notices: recorder,
			Announcer: announcer, Broadcaster: Silent{}, Log: log}}
}
