// Package app holds the use cases of what only federation keeps: the
// members as the social web finds them (a local member by handle or ID,
// never a suspended or deleted one), each member's signing key (made on
// first need, rotatable) and the network's figures NodeInfo publishes.
// Profiles, posts and follows are read through the core features' use
// cases.
package app
