// Package app holds what moderators, administrators and the
// operator's command line do to other members' things: roles, the verified
// flag, suspensions, removing posts and resolving reports. Each use case is
// one file, checks the actor's role itself (the HTTP gate is not the only
// guard) and writes its audit entry in the transaction of its change.
package app
