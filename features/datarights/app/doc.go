// Package app holds the use cases of a member's rights over their
// data (LGPD, Lei 13.709/2018 art. 18): asking for an export of everything
// they made and were shown, following it while it is built, downloading it
// through a link that expires; and deleting their account, which ends
// every session at once and removes their content in batched jobs. Each
// use case is one file and declares the small store interfaces it needs;
// each feature's part of a member's data is a ports.MemberData.
package app
