// Package app is the weekly e-mail digest: a member's choice (off until
// they turn it on), the week's run that finds who has unread notifications
// since their last digest, the e-mail of one member, and the unsubscribe
// link that works without signing in.
//
// What the digest tells is what the notification list would show: the
// items are read through the notifications feature's own paging use case,
// so blocks, mutes, muted words and suspended senders are decided there,
// once.
package app
