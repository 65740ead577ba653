// Package app is Web Push to members' devices: a device's subscription
// (tied to the session that made it, with the kinds of alert it wants),
// the server's VAPID key, and the delivery of each notification as one
// job per device.
//
// A push is one more delivery of a notification the notifications feature
// recorded: Fanout enqueues the jobs in the transaction that recorded it,
// and Deliver asks that feature, when it sends, whether the list shows the
// notification (blocks, mutes and muted words are decided there, once).
package app
