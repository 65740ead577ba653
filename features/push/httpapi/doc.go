// Package httpapi is the push feature's routes under /api/v1/push: the
// current session's device subscription, in a shape that Mastodon's
// (subscription[endpoint], subscription[keys], data[alerts], data[policy])
// fits, and the server's VAPID public key.
package httpapi
