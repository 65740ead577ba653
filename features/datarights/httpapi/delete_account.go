package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	datarights "social/features/datarights/app"
	"social/kit/httpkit"
)

// DeleteAccountInput confirms the deletion.
type DeleteAccountInput struct {
	Body struct {
		Password string `json:"password" maxLength:"1024" doc:"The account's password, to confirm."`
	}
}

func registerDeleteAccount(api huma.API, uc *datarights.DeleteAccount) {
	huma.Register(api, huma.Operation{
		OperationID: "delete-account", Method: http.MethodPost, Path: "/account/delete",
		DefaultStatus: http.StatusNoContent,
		Summary:       "Delete the viewer's account",
		Description: "Confirmed with the password. Every session ends at once and open sockets close; the profile " +
			"is scrubbed, the handle held for data_rights.handle_hold, and posts, comments, likes, follows and the " +
			"features' data are removed by jobs. Messages sent stay in the other members' conversations, shown " +
			"as from 'Conta excluída'.",
		Tags: []string{"account"}, Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(httpkit.Refusals{
			http.StatusUnprocessableEntity: {datarights.CodeWrongPassword, datarights.CodePasswordMissing},
			http.StatusConflict:            {datarights.CodeAccountGone},
			http.StatusTooManyRequests:     {datarights.CodeRateLimited},
		}),
	}, func(ctx context.Context, in *DeleteAccountInput) (*struct{}, error) {
		return httpkit.NoContent(ctx, uc.Handle(ctx, domain.ViewerFrom(ctx), in.Body.Password))
	})
}
