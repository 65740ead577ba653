package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	push "social/features/push/app"
	"social/kit/plugin"
)

// UseCases are the push operations.
type UseCases struct {
	Subscribe   *push.Subscribe
	Get         *push.GetSubscription
	Update      *push.UpdateSubscription
	Unsubscribe *push.Unsubscribe
	Test        *push.SendTestPush
	Keys        *push.Keys
	Enabled     bool
}

// NewRoutes contributes the push operations under /api/v1.
func NewRoutes(uc UseCases) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerSubscription(api, uc)
		registerKey(api, uc)
		registerTest(api, uc)
	}}
}
