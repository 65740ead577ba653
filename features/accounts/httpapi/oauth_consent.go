package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

// AuthorizationParams are an app's /oauth/authorize parameters, as the
// consent screen passes them on (RFC 6749 section 4.1.1, RFC 7636).
type AuthorizationParams struct {
	ResponseType        string `query:"response_type" json:"response_type" maxLength:"64" doc:"Must be code."`
	ClientID            string `query:"client_id" json:"client_id" maxLength:"256"`
	RedirectURI         string `query:"redirect_uri" json:"redirect_uri,omitempty" required:"false" maxLength:"2048" doc:"One of the app's registered redirect URIs; may be left out when it registered one."`
	Scope               string `query:"scope" json:"scope,omitempty" required:"false" maxLength:"2048" doc:"Scopes separated by spaces; read when left out."`
	State               string `query:"state" json:"state,omitempty" required:"false" maxLength:"2048" doc:"Sent back to the app as it came."`
	CodeChallenge       string `query:"code_challenge" json:"code_challenge,omitempty" required:"false" maxLength:"128" doc:"PKCE (RFC 7636)."`
	CodeChallengeMethod string `query:"code_challenge_method" json:"code_challenge_method,omitempty" required:"false" maxLength:"16" doc:"S256 or plain (plain when a challenge comes without it)."`
}

func (p AuthorizationParams) request() accounts.AuthorizationRequest {
	return accounts.AuthorizationRequest{ResponseType: p.ResponseType, ClientID: p.ClientID, RedirectURI: p.RedirectURI,
		Scope: p.Scope, State: p.State, CodeChallenge: p.CodeChallenge, CodeChallengeMethod: p.CodeChallengeMethod}
}

// AuthorizationApp is the app asking.
type AuthorizationApp struct {
	Name    string  `json:"name"`
	Website *string `json:"website" doc:"The site the app registered, or null."`
}

// AuthorizationView is what the consent screen shows.
type AuthorizationView struct {
	App         AuthorizationApp `json:"app"`
	Scopes      []string         `json:"scopes" doc:"The scopes asked, as named by the app (read, write:statuses...)."`
	RedirectURI string           `json:"redirect_uri" doc:"Where the member is sent after deciding."`
	OOB         bool             `json:"oob" doc:"The app takes the code from the member (urn:ietf:wg:oauth:2.0:oob): the screen shows it."`
}

// AuthorizationDecision is where the consent screen sends the member.
type AuthorizationDecision struct {
	RedirectTo *string `json:"redirect_to" doc:"The app's redirect URI with code and state (approved) or error=access_denied and state (denied); null for an OOB app."`
	Code       *string `json:"code" doc:"The authorization code to show the member, for an OOB app approved; else null."`
}

var consentRefusals = httpkit.Refusals{
	http.StatusNotFound:            {accounts.CodeOAuthClientUnknown},
	http.StatusUnprocessableEntity: {accounts.CodeOAuthRedirectInvalid, accounts.CodeOAuthResponseType, accounts.CodeOAuthScopeInvalid, accounts.CodeOAuthChallenge},
}

func registerReadAuthorization(api huma.API, uc *accounts.ReadAuthorization) {
	huma.Register(api, huma.Operation{
		OperationID: "read-authorization", Method: http.MethodGet, Path: "/oauth/authorization",
		Summary:     "Read an app's authorization request for the consent screen",
		Description: "The member app's /oauth/authorize screen asks this with the app's parameters before showing it.",
		Tags:        []string{"oauth"}, Security: httpkit.Bearer, Metadata: httpkit.Refuses(consentRefusals),
	}, func(ctx context.Context, in *AuthorizationParams) (*struct{ Body AuthorizationView }, error) {
		a, err := uc.Handle(ctx, domain.ViewerFrom(ctx), in.request())
		if err != nil {
			return nil, problem(ctx, err)
		}
		view := AuthorizationView{App: AuthorizationApp{Name: a.App.Name}, Scopes: a.Scopes.Names(),
			RedirectURI: a.RedirectURI, OOB: a.RedirectURI == accounts.OOB}
		if a.App.Website != "" {
			site := a.App.Website
			view.App.Website = &site
		}
		return &struct{ Body AuthorizationView }{Body: view}, nil
	})
}

func decision(d accounts.Decision) *struct{ Body AuthorizationDecision } {
	out := &struct{ Body AuthorizationDecision }{}
	if d.RedirectTo != "" {
		out.Body.RedirectTo = &d.RedirectTo
	}
	if d.Code != "" {
		out.Body.Code = &d.Code
	}
	return out
}

func registerApproveAuthorization(api huma.API, uc *accounts.ApproveAuthorization) {
	huma.Register(api, huma.Operation{
		OperationID: "approve-authorization", Method: http.MethodPost, Path: "/oauth/authorization",
		Summary:     "Authorize an app (the consent screen's 'Autorizar')",
		Description: "Makes a one-time authorization code (10 minutes) bound to the app, the redirect URI, the scopes and the PKCE challenge.",
		Tags:        []string{"oauth"}, Security: httpkit.Bearer, Metadata: httpkit.Refuses(consentRefusals),
	}, func(ctx context.Context, in *struct{ Body AuthorizationParams }) (*struct{ Body AuthorizationDecision }, error) {
		d, err := uc.Handle(ctx, domain.ViewerFrom(ctx), in.Body.request())
		if err != nil {
			return nil, problem(ctx, err)
		}
		return decision(d), nil
	})
}

func registerDenyAuthorization(api huma.API, uc *accounts.DenyAuthorization) {
	huma.Register(api, huma.Operation{
		OperationID: "deny-authorization", Method: http.MethodPost, Path: "/oauth/authorization/deny",
		Summary: "Refuse an app (the consent screen's 'Negar')",
		Tags:    []string{"oauth"}, Security: httpkit.Bearer, Metadata: httpkit.Refuses(consentRefusals),
	}, func(ctx context.Context, in *struct{ Body AuthorizationParams }) (*struct{ Body AuthorizationDecision }, error) {
		d, err := uc.Handle(ctx, domain.ViewerFrom(ctx), in.Body.request())
		if err != nil {
			return nil, problem(ctx, err)
		}
		return decision(d), nil
	})
}
