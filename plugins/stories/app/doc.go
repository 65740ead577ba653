// Package app holds the stories' use cases, one per file: text stories that
// live 24 hours, read by their author and the author's followers, each
// viewer's view recorded once (so the author's count is exact), and the
// expiry of dead stories (job stories.expire). Events go out on the
// realtime topic stories:{member id} after the transaction commits.
package app
