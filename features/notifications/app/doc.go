// Package app records what happens to a member because of another
// (likes, comments, follows, mentions), lists them and marks them read.
//
// Other features call Recorder inside the transaction of the write that
// caused the notification, so both commit or neither does, and Announcer
// after the commit, so the recipient's open tabs learn of it live.
package app
