package auth

import (
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"social/config"
	"social/core/domain"
	"social/core/ports"
)

// Audience is the aud claim of every access token.
const Audience = "social"

// Tokens signs and checks access tokens: HS256 JWTs with sub (member),
// sid (session), role, aud "social", iss (the site's public URL), iat and exp.
type Tokens struct {
	secret []byte
	issuer string
	ttl    time.Duration
	clock  ports.Clock
	// verified spares a token already checked the decoding and the HMAC.
	verified *verifiedTokens
}

type accessClaims struct {
	jwt.RegisteredClaims
	SessionID string `json:"sid"`
	Role      string `json:"role"`
}

// NewTokens reads auth.jwt_secret and auth.access_token_ttl. Without a
// secret (development only: configuration refuses it in production) a
// random one is made, so tokens die with the process.
func NewTokens(cfg *config.Config, clock ports.Clock, logger *slog.Logger) (*Tokens, error) {
	secret := []byte(cfg.Auth.JWTSecret)
	if len(secret) == 0 {
		if cfg.Mode == config.ModeProduction {
			return nil, errors.New("auth.jwt_secret: is required in production")
		}
		secret = make([]byte, 32)
		_, _ = rand.Read(secret)
		logger.Warn("auth.jwt_secret is empty: access tokens are signed with a random secret made at start; " +
			"they stop working when the process restarts (set SOCIAL_AUTH_JWT_SECRET to keep them)")
	}
	return NewTokensWith(secret, cfg.HTTP.PublicURL, cfg.Auth.AccessTokenTTL, clock), nil
}

// NewTokensWith makes Tokens from explicit values.
func NewTokensWith(secret []byte, issuer string, ttl time.Duration, clock ports.Clock) *Tokens {
	return &Tokens{secret: secret, issuer: issuer, ttl: ttl, clock: clock, verified: newVerifiedTokens()}
}

// Issue signs an access token for v.
func (t *Tokens) Issue(v domain.Viewer) (string, time.Time, error) {
	now := t.clock.Now()
	exp := now.Add(t.ttl)
	c := accessClaims{
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   v.UserID.String(),
			Audience:  jwt.ClaimStrings{Audience},
			Issuer:    t.issuer,
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(exp),
			ID:        uuid.NewString(),
		},
		SessionID: v.SessionID,
		Role:      string(v.Role),
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("sign access token: %w", err)
	}
	return s, exp.Truncate(time.Second), nil
}

// Parse checks an access token and returns its viewer. Anything but HS256
// with this secret ("none", other algorithms, other keys), an expired
// token, another audience or issuer, or missing claims is refused.
func (t *Tokens) Parse(token string) (domain.Viewer, error) {
	if v, ok := t.verified.lookup(token, t.clock.Now()); ok {
		return v, nil
	}
	var c accessClaims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithAudience(Audience),
		jwt.WithIssuer(t.issuer),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(t.clock.Now),
	)
	if err != nil {
		return domain.Viewer{}, err
	}
	id, err := domain.ParseUserID(c.Subject)
	if err != nil {
		return domain.Viewer{}, err
	}
	role := domain.Role(c.Role)
	if c.SessionID == "" || !domain.ValidRole(role) {
		return domain.Viewer{}, errors.New("access token lacks sid or role")
	}
	v := domain.Viewer{UserID: id, Role: role, SessionID: c.SessionID}
	t.verified.remember(token, v, c.ExpiresAt.Time)
	return v, nil
}
