// Package httpapi serves federation's protocol endpoints: discovery
// (WebFinger, host-meta, NodeInfo), each member's actor and collections,
// and their public posts as Notes. They are plain handlers mounted beside
// the API (the social web's paths are fixed by its protocols, not ours),
// open to any origin and without a session: everything they answer is
// public.
package httpapi

import "social/plugins/federation/activity"

// Site is where the network federates from (activity.Site: delivery
// writes the same addresses).
type Site = activity.Site

// Paths of the member app's pages and of the actors (activity's).
const (
	profilePagePath = activity.ProfilePagePath
	postPagePath    = activity.PostPagePath
	actorsPath      = activity.ActorsPath
	notesPath       = activity.NotesPath
	commentsPath    = activity.CommentsPath
	sharedInboxPath = activity.SharedInboxPath
	siteActorPath   = activity.SiteActorPath
)
