// Package app holds the use cases that let a member keep others away,
// one per file: block and unblock (both members stop seeing each other and
// cannot interact), mute and unmute (only the muter stops seeing the
// other, who is never told), muted words, and the lists of each. Reads
// elsewhere apply them; these use cases only record them.
package app
