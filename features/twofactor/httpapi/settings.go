package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	twofactor "social/features/twofactor/app"
	"social/kit/httpkit"
)

// PasskeyView is one of the viewer's passkeys.
type PasskeyView struct {
	ID         string     `json:"id" format:"uuid"`
	Name       string     `json:"name"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at" doc:"When it last signed in, or null."`
}

// TwoFactorStatus is the viewer's second step.
type TwoFactorStatus struct {
	TOTPEnabled       bool          `json:"totp_enabled" doc:"The authenticator app is on."`
	RecoveryCodesLeft int           `json:"recovery_codes_left"`
	Passkeys          []PasskeyView `json:"passkeys"`
}

func passkeyView(p twofactor.Passkey) PasskeyView {
	return PasskeyView{ID: p.ID, Name: p.Name, CreatedAt: p.CreatedAt, LastUsedAt: p.LastUsedAt}
}

func registerStatus(api huma.API, uc *twofactor.GetStatus) {
	huma.Register(api, huma.Operation{
		OperationID: "get-two-factor", Method: http.MethodGet, Path: "/auth/two-factor",
		Summary: "The viewer's two-step sign-in", Tags: []string{"auth"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body TwoFactorStatus }, error) {
		s, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := TwoFactorStatus{TOTPEnabled: s.TOTPEnabled, RecoveryCodesLeft: s.RecoveryCodesLeft, Passkeys: []PasskeyView{}}
		for _, p := range s.Passkeys {
			out.Passkeys = append(out.Passkeys, passkeyView(p))
		}
		return &struct{ Body TwoFactorStatus }{Body: out}, nil
	})
}

// TOTPEnrolment is a new authenticator-app secret to confirm.
type TOTPEnrolment struct {
	Secret     string `json:"secret" doc:"The secret in base32, to type into the app."`
	OTPAuthURI string `json:"otpauth_uri" doc:"otpauth:// address for the QR code."`
}

// CodeRequest carries an authenticator-app code.
type CodeRequest struct {
	Code string `json:"code" maxLength:"40" doc:"The app's current 6-digit code (to turn it off, a recovery code also works)."`
}

// RecoveryCodes are new recovery codes, shown this once.
type RecoveryCodes struct {
	RecoveryCodes []string `json:"recovery_codes" doc:"Each works once; shown only now. Empty when the member already had codes."`
}

func registerTOTP(api huma.API, start *twofactor.StartTOTP, confirm *twofactor.ConfirmTOTP, disable *twofactor.DisableTOTP) {
	huma.Register(api, huma.Operation{
		OperationID: "start-totp", Method: http.MethodPost, Path: "/auth/two-factor/totp",
		Summary: "Start turning on the authenticator app", Tags: []string{"auth"},
		Description: "A new secret, unconfirmed until a first valid code (confirm-totp).",
		Security:    httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{409: {twofactor.CodeTOTPAlreadyOn}}),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body TOTPEnrolment }, error) {
		e, err := start.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body TOTPEnrolment }{Body: TOTPEnrolment{Secret: e.Secret, OTPAuthURI: e.URI}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "confirm-totp", Method: http.MethodPost, Path: "/auth/two-factor/totp/confirm",
		Summary: "Turn on the authenticator app with its first code", Tags: []string{"auth"},
		Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(httpkit.Refusals{409: {twofactor.CodeTOTPNotStarted, twofactor.CodeTOTPAlreadyOn},
			422: {twofactor.CodeInvalidCode}}),
	}, func(ctx context.Context, in *struct{ Body CodeRequest }) (*struct{ Body RecoveryCodes }, error) {
		codes, err := confirm.Handle(ctx, domain.ViewerFrom(ctx), in.Body.Code)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body RecoveryCodes }{Body: RecoveryCodes{RecoveryCodes: nonNil(codes)}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "disable-totp", Method: http.MethodPost, Path: "/auth/two-factor/totp/disable",
		DefaultStatus: http.StatusNoContent,
		Summary:       "Turn off the authenticator app", Tags: []string{"auth"},
		Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(httpkit.Refusals{409: {twofactor.CodeTOTPNotOn}, 422: {twofactor.CodeInvalidCode},
			429: {twofactor.CodeRateLimited}}),
	}, func(ctx context.Context, in *struct{ Body CodeRequest }) (*struct{}, error) {
		return httpkit.NoContent(ctx, disable.Handle(ctx, domain.ViewerFrom(ctx), in.Body.Code))
	})
}

func registerRecoveryCodes(api huma.API, uc *twofactor.RegenerateRecoveryCodes) {
	huma.Register(api, huma.Operation{
		OperationID: "regenerate-recovery-codes", Method: http.MethodPost, Path: "/auth/two-factor/recovery-codes",
		Summary: "Make new recovery codes", Tags: []string{"auth"},
		Description: "The old ones stop working; the new ones are shown only in this answer.",
		Security:    httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{409: {twofactor.CodeNoSecondStep}}),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body RecoveryCodes }, error) {
		codes, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body RecoveryCodes }{Body: RecoveryCodes{RecoveryCodes: nonNil(codes)}}, nil
	})
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// AddedPasskey is a new passkey and, for a member who had none, their
// recovery codes.
type AddedPasskey struct {
	PasskeyView
	RecoveryCodes []string `json:"recovery_codes" doc:"New recovery codes, shown only in this answer; empty when the member already had some."`
}

// AddPasskeyRequest is the browser's answer to a registration ceremony.
type AddPasskeyRequest struct {
	Ceremony   string         `json:"ceremony" maxLength:"100" doc:"From passkey-registration-options."`
	Name       string         `json:"name,omitempty" maxLength:"240" doc:"A name to tell it apart, at most 60 characters ('Passkey' when empty)."`
	Credential map[string]any `json:"credential" doc:"The new passkey (PublicKeyCredential as JSON)."`
}

func registerPasskeys(api huma.API, begin *twofactor.BeginPasskeyRegistration, finish *twofactor.FinishPasskeyRegistration,
	remove *twofactor.RemovePasskey) {
	huma.Register(api, huma.Operation{
		OperationID: "passkey-registration-options", Method: http.MethodPost, Path: "/auth/passkeys/registration-options",
		Summary: "Start adding a passkey", Tags: []string{"auth"},
		Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(httpkit.Refusals{409: {twofactor.CodeTooManyPasskeys}, 503: {twofactor.CodePasskeysUnavailable}}),
	}, func(ctx context.Context, _ *struct{}) (*ceremonyOutput, error) {
		c, err := begin.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return ceremony(c), nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "add-passkey", Method: http.MethodPost, Path: "/auth/passkeys", DefaultStatus: http.StatusCreated,
		Summary: "Add a passkey", Tags: []string{"auth"},
		Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(httpkit.Refusals{409: {twofactor.CodeTooManyPasskeys, twofactor.CodePasskeyTaken},
			422: {twofactor.CodePasskeyCeremonyGone, twofactor.CodePasskeyFailed, twofactor.CodePasskeyNameInvalid},
			503: {twofactor.CodePasskeysUnavailable}}),
	}, func(ctx context.Context, in *struct{ Body AddPasskeyRequest }) (*struct{ Body AddedPasskey }, error) {
		a, err := finish.Handle(ctx, domain.ViewerFrom(ctx), twofactor.FinishPasskeyRegistrationInput{
			Ceremony: in.Body.Ceremony, Name: in.Body.Name, Credential: rawJSON(in.Body.Credential)})
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body AddedPasskey }{Body: AddedPasskey{PasskeyView: passkeyView(a.Passkey),
			RecoveryCodes: nonNil(a.RecoveryCodes)}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "remove-passkey", Method: http.MethodDelete, Path: "/auth/passkeys/{id}", DefaultStatus: http.StatusNoContent,
		Summary: "Remove one of the viewer's passkeys", Tags: []string{"auth"},
		Description: "Another member's passkey and an unknown ID answer 404 alike.",
		Security:    httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {twofactor.CodePasskeyNotFound}}),
	}, func(ctx context.Context, in *struct {
		ID string `path:"id" doc:"The passkey's ID."`
	}) (*struct{}, error) {
		return httpkit.NoContent(ctx, remove.Handle(ctx, domain.ViewerFrom(ctx), in.ID))
	})
}
