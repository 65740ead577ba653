package app

// UseCases are the feature's use cases as the other drivers of the app
// (the Mastodon client API) take them; the routes here make their own.
type UseCases struct {
	Page    *PageNotifications
	Get     *GetNotification
	Dismiss *Dismiss
	Clear   *Clear
	Unread  *CountUnread
	// ReadUpTo marks read up to a notification (an app's marker).
	ReadUpTo *MarkReadUpTo
}
