package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	profiles "social/features/profiles/wire"
	safety "social/features/safety/app"
	"social/kit/plugin"
)

// NewRoutes contributes the safety operations under /api/v1.
func NewRoutes(uc safety.UseCases, links profiles.Links) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerBlock(api, uc.Block, uc.Unblock)
		registerMute(api, uc.Mute, uc.Unmute)
		registerListMembers(api, uc.ListBlocks, uc.ListMutes, links)
		registerMutedWords(api, uc.ListWords, uc.AddWord, uc.RemoveWord)
		registerDomainBlocks(api, uc.ListDomainBlocks, uc.BlockDomain, uc.UnblockDomain)
	}}
}
