package app

import (
	"context"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// pt-BR texts and codes of profile answers.
const (
	MsgWaitUpdate  = "Aguarde 1 minuto antes de tentar novamente."
	MsgTooMany     = "Muitas tentativas"
	MsgErrorTitle  = "Erro"
	CodeNotFound   = "profile_not_found"
	CodeRateLimit  = "rate_limited"
	CodeNoUser     = "unauthenticated"
	CodeInvalid    = "invalid_input"
	CodeFileLarge  = "file_too_large"
	CodeFileType   = "invalid_file_type"
	CodeFileName   = "invalid_file_name"
	CodeFileAbsent = "file_missing"
	// CodeMediaUnavailable is a server without media storage.
	CodeMediaUnavailable = "media_unavailable"
)

// A display name that passes for the site's or for a moderator's or
// administrator's is refused on its field (422).
const (
	MsgNameReserved  = "Este nome é reservado ou se parece com o nome de alguém da equipe. Escolha outro."
	CodeNameReserved = "name_reserved"
)

// UpdateWindow is the profile-update limit's window; the refusal's text names
// it ("Aguarde 1 minuto..."), so only the counts are configurable.
const UpdateWindow = time.Minute

// Limits are the profile-write counts allowed per UpdateWindow.
type Limits struct {
	PerMember int
	PerIP     int
}

// ProfileReader reads a profile by member.
type ProfileReader interface {
	ByID(ctx context.Context, id domain.UserID) (domain.Profile, error)
}

// ProfileUpdater changes one profile: fn gets the current row (locked until
// the change is stored) and edits it.
type ProfileUpdater interface {
	Update(ctx context.Context, id domain.UserID, fn func(p *domain.Profile) error) (domain.Profile, error)
}

// writeGuard is what every profile write checks first: a signed-in viewer
// within the update limits. It counts the attempt.
type writeGuard struct {
	Limiter ports.RateLimiter
	Limits  Limits
}

func (g writeGuard) check(ctx context.Context, viewer domain.Viewer, clientIP string) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeNoUser, domain.MsgProfileNoUser)
	}
	wait, err := g.Limiter.Take(ctx,
		ports.RateRule{Bucket: "profile_update_member", Key: viewer.UserID.String(), Limit: g.Limits.PerMember, Window: UpdateWindow},
		ports.RateRule{Bucket: "profile_update_ip", Key: domain.ClientNetwork(clientIP), Limit: g.Limits.PerIP, Window: UpdateWindow})
	if err != nil {
		return fmt.Errorf("profile update rate limit: %w", err)
	}
	if wait > 0 {
		return errs.RateLimited(CodeRateLimit, MsgTooMany, MsgWaitUpdate, wait)
	}
	return nil
}

const (
	// CodeBadRemoteAccount is a remote account whose name or server
	// cannot make a handle, or whose page is no web address.
	CodeBadRemoteAccount = "remote_account_invalid"
	MsgBadRemoteAccount  = "Perfil remoto inválido: nome, servidor ou endereço não reconhecido."
)
