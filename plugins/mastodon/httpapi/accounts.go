package httpapi

import (
	"net/http"

	"social/core/domain"
	profiles "social/features/profiles/app"
	profilewire "social/features/profiles/wire"
)

// AccountEndpoints are /api/v1/accounts: the member an app acts for,
// members' profiles, and the viewer's relations with them.
func AccountEndpoints(base Base, uc profiles.UseCases, links profilewire.Links) []Endpoint {
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v1/accounts/verify_credentials",
			Scopes: domain.ScopeReadAccounts | domain.ScopeProfile,
			Handle: func(r *Request) (any, error) {
				p, err := uc.GetMine.Handle(r.Context(), r.Viewer)
				if err != nil {
					return nil, err
				}
				return base.CredentialAccount(r.Context(), links, p), nil
			}},
	}
}
