package domain

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field messages of the sign-up and profile forms, exact pt-BR texts the
// app shows as they are. The server checks every rule whatever the client did.
const (
	MsgEmailInvalid       = "Email inválido"
	MsgEmailTooLong       = "Email muito longo"
	MsgPasswordTooShort   = "Senha deve ter pelo menos 8 caracteres"
	MsgPasswordTooLong    = "Senha deve ter no máximo 128 caracteres"
	MsgPasswordWeak       = "Senha deve conter pelo menos: 1 letra minúscula, 1 maiúscula e 1 número"
	MsgPasswordMismatch   = "As senhas não coincidem."
	MsgDisplayNameEmpty   = "Nome não pode estar vazio após limpeza"
	MsgDisplayNameTooLong = "Nome deve ter no máximo 50 caracteres"
	MsgHandleCharacters   = "Nome de usuário deve conter apenas letras minúsculas, números e _"
	MsgHandleLength       = "Nome de usuário deve ter entre 3 e 30 caracteres"
	MsgBioTooLong         = "Bio deve ter no máximo 500 caracteres"
	MsgLocationTooLong    = "Localização deve ter no máximo 100 caracteres"
	MsgWebsiteNotAllowed  = "URL inválida ou não permitida"
	MsgFileTooLarge       = "Arquivo muito grande. Máximo 5MB."
	MsgFileTypeNotAllowed = "Tipo de arquivo não permitido. Use JPEG, PNG ou WebP."
	MsgFileNameInvalid    = "Nome de arquivo inválido."
	MsgFileMissing        = "Selecione um arquivo."
	MsgProfileNotFound    = "Profile not found"
	MsgProfileNoUser      = "No user found"
)

// Limits of the forms, in characters (Unicode code points).
const (
	MaxEmailLength       = 255
	MinPasswordLength    = 8
	MaxPasswordLength    = 128
	MaxDisplayNameLength = 50
	MinHandleLength      = 3
	MaxHandleLength      = 30
	MaxBioLength         = 500
	MaxLocationLength    = 100
	MaxWebsiteLength     = 2048
)

// emailPattern is the HTML living standard's e-mail grammar, with a dot
// required in the domain (an address on a bare host name is never a
// member's).
var emailPattern = regexp.MustCompile(`^[A-Za-z0-9.!#$%&'*+/=?^_` + "`" + `{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$`)

// EmailProblem is the message for an unusable e-mail address, or "".
func EmailProblem(email string) string {
	email = strings.TrimSpace(email)
	if utf8.RuneCountInString(email) > MaxEmailLength {
		return MsgEmailTooLong
	}
	local, _, _ := strings.Cut(email, "@")
	if !emailPattern.MatchString(email) || strings.HasPrefix(local, ".") ||
		strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
		return MsgEmailInvalid
	}
	return ""
}

// PasswordProblem is the message for a password the rules refuse, or "".
func PasswordProblem(password string) string {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPasswordLength:
		return MsgPasswordTooShort
	case n > MaxPasswordLength:
		return MsgPasswordTooLong
	}
	var lower, upper, digit bool
	for _, r := range password {
		lower = lower || unicode.IsLower(r)
		upper = upper || unicode.IsUpper(r)
		digit = digit || unicode.IsDigit(r)
	}
	if !lower || !upper || !digit {
		return MsgPasswordWeak
	}
	return ""
}

// ConfirmationProblem is the message when the confirmation differs, or "".
func ConfirmationProblem(password, confirmation string) string {
	if password != confirmation {
		return MsgPasswordMismatch
	}
	return ""
}

// CleanText is how free text typed by a member is stored: invalid UTF-8
// dropped, every kind of white space (tabs and line breaks included) turned
// into one space, control and bidirectional-override characters removed,
// then trimmed. Display names, bios and locations all go through it.
func CleanText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r == utf8.RuneError:
			// invalid UTF-8 (or a literal U+FFFD, which is never wanted either)
		case unicode.IsSpace(r):
			space = b.Len() > 0
		case unicode.IsControl(r) || isBidiControl(r):
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isBidiControl reports the invisible characters that reorder text (used to
// disguise names) and the zero-width space; the zero-width joiner stays, as
// emoji sequences need it.
func isBidiControl(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200B, r == 0x200E, r == 0x200F, r == 0x061C, r == 0xFEFF:
		return true
	}
	return false
}

// CleanDisplayName cleans a display name (see CleanName).
func CleanDisplayName(s string) string { return CleanName(s) }

// DisplayNameProblem is the message for a cleaned display name the rules
// refuse, or "".
func DisplayNameProblem(cleaned string) string {
	switch n := utf8.RuneCountInString(cleaned); {
	case n == 0 || !HasVisibleCharacter(cleaned):
		// Only blank-looking characters (U+2800, a lone accent) is empty too.
		return MsgDisplayNameEmpty
	case n > MaxDisplayNameLength:
		return MsgDisplayNameTooLong
	}
	return ""
}

// HandleProblem is the message for a handle the rules refuse, or "". The
// server does not fix handles (the form lowercases and strips as one types).
func HandleProblem(handle string) string {
	if n := utf8.RuneCountInString(handle); n < MinHandleLength || n > MaxHandleLength {
		return MsgHandleLength
	}
	for _, r := range handle {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return MsgHandleCharacters
		}
	}
	return ""
}

// BioProblem is the message for a cleaned bio that is too long, or "".
func BioProblem(cleaned string) string {
	if utf8.RuneCountInString(cleaned) > MaxBioLength {
		return MsgBioTooLong
	}
	return ""
}

// LocationProblem is the message for a cleaned location that is too long, or "".
func LocationProblem(cleaned string) string {
	if utf8.RuneCountInString(cleaned) > MaxLocationLength {
		return MsgLocationTooLong
	}
	return ""
}

// FileNameProblem is the message for an uploaded file's name that tries to
// climb out of a folder, or "".
func FileNameProblem(name string) string {
	if strings.Contains(name, "..") || strings.ContainsAny(name, `/\`) || strings.ContainsRune(name, 0) {
		return MsgFileNameInvalid
	}
	return ""
}
