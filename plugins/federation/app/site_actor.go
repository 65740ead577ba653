package app

import "social/core/domain"

// SiteActorID stands for the site actor wherever a member's ID names a
// signer or a key's owner (the delivery queue's signer, MemberKey,
// RotateKey's store): the server itself, an Application actor as
// Mastodon's instance actor is, which signs what no member sends (a
// report forwarded to another server). No profile has this ID (the nil
// UUID), so it never stands for a member.
var SiteActorID = domain.UserID{}
