package app

// UseCases are the feature's use cases as its routes, its jobs and the
// other drivers of the app (the Mastodon client API) take them.
type UseCases struct {
	Block      *BlockMember
	Unblock    *UnblockMember
	ListBlocks *ListBlocks
	// Domain blocks: a member's blocks of whole servers.
	BlockDomain      *BlockDomain
	UnblockDomain    *UnblockDomain
	ListDomainBlocks *ListDomainBlocks
	Mute             *MuteMember
	Unmute           *UnmuteMember
	ListMutes        *ListMutes
	AddWord          *AddMutedWord
	RemoveWord       *RemoveMutedWord
	ListWords        *ListMutedWords
}
