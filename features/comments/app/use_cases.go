package app

// UseCases are the feature's use cases as its routes, its jobs and the
// other drivers of the app (the Mastodon client API) take them.
type UseCases struct {
	Create *CreateComment
	List   *ListComments
	Delete *DeleteComment
	// Get reads one comment (the Mastodon API's status of a comment).
	Get *GetComment
}
