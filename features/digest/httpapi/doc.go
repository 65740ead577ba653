// Package httpapi is the digest's routes: the signed-in member's choice
// (GET and PUT /notifications/email-digest) and the unsubscribe link's
// public endpoint, which takes the link's token in its body.
package httpapi
