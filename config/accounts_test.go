package config_test

import (
	"strings"
	"testing"
	"time"

	"social/config"
)

func TestAccountDefaults(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Auth.AccessTokenTTL != 15*time.Minute || cfg.Auth.SessionMaxAge != 30*24*time.Hour ||
		cfg.Auth.RefreshReuseGrace != 30*time.Second || cfg.Auth.ConfirmationTTL != 24*time.Hour || cfg.Auth.PasswordResetTTL != time.Hour {
		t.Errorf("auth = %+v", cfg.Auth)
	}
	l := cfg.Limits
	if l.SignUpPerEmail != 3 || l.SignInPerEmail != 5 || l.ProfileUpdatePerMember != 3 || l.SignUpPerIP < 1 || l.SignInPerIP < 1 || l.ProfileUpdatePerIP < 1 {
		t.Errorf("rate limits = %+v", l)
	}
	if cfg.Mail.SMTP.Host != "" || cfg.Mail.SMTP.TLS != "starttls" || len(cfg.HTTP.TrustedProxies) != 0 {
		t.Errorf("mail %+v, proxies %v", cfg.Mail, cfg.HTTP.TrustedProxies)
	}
}

func TestTrustedProxiesFromTheEnvironment(t *testing.T) {
	t.Setenv("SOCIAL_HTTP_TRUSTED_PROXIES", "10.0.0.0/8,::1")
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(cfg.HTTP.TrustedProxies, " ") != "10.0.0.0/8 ::1" {
		t.Fatalf("trusted proxies = %q", cfg.HTTP.TrustedProxies)
	}
}

func TestInvalidAccountKeysAreNamed(t *testing.T) {
	for env, wantKey := range map[string]string{
		"SOCIAL_AUTH_ACCESS_TOKEN_TTL=0s":                                "auth.access_token_ttl",
		"SOCIAL_AUTH_SESSION_MAX_AGE=1m":                                 "auth.access_token_ttl: must not exceed auth.session_max_age",
		"SOCIAL_AUTH_REFRESH_REUSE_GRACE=-1s":                            "auth.refresh_reuse_grace",
		"SOCIAL_AUTH_CONFIRMATION_TTL=0s":                                "auth.confirmation_ttl",
		"SOCIAL_AUTH_PASSWORD_RESET_TTL=-1h":                             "auth.password_reset_ttl",
		"SOCIAL_HTTP_TRUSTED_PROXIES=10.0.0.0/8,nonsense":                "http.trusted_proxies",
		"SOCIAL_MAIL_FROM=not an address":                                "mail.from",
		"SOCIAL_MAIL_SMTP_TLS=ssl3":                                      "mail.smtp.tls",
		"SOCIAL_RATE_LIMITS_SIGN_IN_PER_EMAIL=0":                         "rate_limits.sign_in_per_email",
		"SOCIAL_RATE_LIMITS_SIGN_IN_PER_EMAIL_ALL=0":                     "rate_limits.sign_in_per_email_all",
		"SOCIAL_RATE_LIMITS_PROFILE_UPDATE_PER_MEMBER=-1":                "rate_limits.profile_update_per_member",
		"SOCIAL_MAIL_SMTP_HOST=smtp.example.com,SOCIAL_MAIL_SMTP_PORT=0": "mail.smtp.port",
	} {
		t.Run(env, func(t *testing.T) {
			for _, kv := range strings.Split(env, ",SOCIAL_") {
				k, v, _ := strings.Cut(strings.TrimPrefix(kv, "SOCIAL_"), "=")
				t.Setenv("SOCIAL_"+k, v)
			}
			_, err := config.Load("")
			if err == nil || !strings.Contains(err.Error(), "config: "+wantKey) {
				t.Fatalf("err = %v, want one naming %s", err, wantKey)
			}
		})
	}
}

func TestSMTPPasswordIsMasked(t *testing.T) {
	checkPrintMasks(t, map[string]string{"SOCIAL_MAIL_SMTP_PASSWORD": "very-secret-password"},
		[]string{"very-secret-password"}, []string{`password: "********"`})
}
