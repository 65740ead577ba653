package config

import (
	"net/mail"
	"net/netip"
	"strings"
)

// validateAccounts checks the keys of accounts, sessions, mail and rate
// limits, naming each key at fault.
func (c *Config) validateAccounts(bad func(key, format string, args ...any), oneOf func(key, value string, allowed ...string)) {
	positive := map[string]int64{
		"auth.access_token_ttl":   int64(c.Auth.AccessTokenTTL),
		"auth.session_max_age":    int64(c.Auth.SessionMaxAge),
		"auth.confirmation_ttl":   int64(c.Auth.ConfirmationTTL),
		"auth.password_reset_ttl": int64(c.Auth.PasswordResetTTL),
	}
	for _, key := range []string{"auth.access_token_ttl", "auth.session_max_age", "auth.confirmation_ttl", "auth.password_reset_ttl"} {
		if positive[key] <= 0 {
			bad(key, "must be positive")
		}
	}
	if c.Auth.AccessTokenTTL > c.Auth.SessionMaxAge {
		bad("auth.access_token_ttl", "must not exceed auth.session_max_age")
	}
	if c.Auth.RefreshReuseGrace < 0 || c.Auth.RefreshReuseGrace > c.Auth.AccessTokenTTL {
		bad("auth.refresh_reuse_grace", "must be between 0 and auth.access_token_ttl")
	}
	for _, p := range c.HTTP.TrustedProxies {
		if _, err := ParseTrustedProxy(p); err != nil {
			bad("http.trusted_proxies", "%q is neither an IP address nor a CIDR range", p)
		}
	}
	if _, err := mail.ParseAddress(c.Mail.From); err != nil {
		bad("mail.from", "not an e-mail address: %v", err)
	}
	if c.Mail.SMTP.Host != "" {
		if p := c.Mail.SMTP.Port; p < 1 || p > 65535 {
			bad("mail.smtp.port", "%d is not a TCP port", p)
		}
	}
	oneOf("mail.smtp.tls", c.Mail.SMTP.TLS, "starttls", "tls", "none")
	limits := map[string]int{
		"rate_limits.sign_up_per_email":         c.Limits.SignUpPerEmail,
		"rate_limits.sign_up_per_ip":            c.Limits.SignUpPerIP,
		"rate_limits.sign_in_per_email":         c.Limits.SignInPerEmail,
		"rate_limits.sign_in_per_ip":            c.Limits.SignInPerIP,
		"rate_limits.sign_in_per_email_all":     c.Limits.SignInPerEmailAll,
		"rate_limits.profile_update_per_member": c.Limits.ProfileUpdatePerMember,
		"rate_limits.profile_update_per_ip":     c.Limits.ProfileUpdatePerIP,
		"rate_limits.oauth_apps_per_ip":         c.Limits.OAuthAppsPerIP,
		"rate_limits.oauth_tokens_per_ip":       c.Limits.OAuthTokensPerIP,
	}
	for _, key := range []string{"rate_limits.sign_up_per_email", "rate_limits.sign_up_per_ip", "rate_limits.sign_in_per_email",
		"rate_limits.sign_in_per_ip", "rate_limits.sign_in_per_email_all", "rate_limits.profile_update_per_member", "rate_limits.profile_update_per_ip",
		"rate_limits.oauth_apps_per_ip", "rate_limits.oauth_tokens_per_ip"} {
		if limits[key] < 1 {
			bad(key, "must be at least 1")
		}
	}
}

// ParseTrustedProxy reads one http.trusted_proxies entry: an address
// (10.0.0.1, ::1) or a range (10.0.0.0/8).
func ParseTrustedProxy(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		return p.Masked(), err
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	return netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()), nil
}
