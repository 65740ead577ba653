package httpapi

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/errs"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/messages/app"
)

// UseCases are the plugin's operations.
type UseCases struct {
	List     *app.ListConversations
	Start    *app.StartConversation
	Get      *app.GetConversation
	Messages *app.ListMessages
	Send     *app.SendMessage
	Read     *app.MarkRead
	Unread   *app.UnreadCount
	Settings *app.GetSettings
	Update   *app.UpdateSettings
}

var errNotFound = errs.NotFound(app.CodeNotFound, app.MsgNotFound)

// NewRoutes contributes the operations under /api/v1/messages.
func NewRoutes(uc UseCases, media httpkit.MediaLinks) plugin.Routes {
	p := present{media: media}
	return plugin.Routes{Plugin: "messages", Register: func(api huma.API) {
		registerConversations(api, uc, p)
		registerMessages(api, uc)
		registerSettings(api, uc)
	}}
}

// unauthenticatedFirst keeps 401 the answer to anyone signed out, even for
// a malformed ID.
func unauthenticatedFirst(ctx context.Context, err error) error {
	if !domain.ViewerFrom(ctx).SignedIn() {
		return errs.Unauthenticated(app.CodeUnauthenticated, errs.MsgUnauthenticated)
	}
	return err
}
