package app

import (
	"strings"
	"testing"
	"time"

	"social/core/domain"
	notifications "social/features/notifications/app"
)

func item(typ domain.NotificationType, title string) notifications.Listed {
	return notifications.Listed{NotificationItem: domain.NotificationItem{Notification: domain.Notification{Type: typ}}, Title: title}
}

// Counts are in the singular or the plural, a kind without a name of its
// own is an "outro aviso", and past five items the rest are counted.
func TestComposeCountsByKindAndListsTheNewestFive(t *testing.T) {
	items := []notifications.Listed{
		item(domain.NotifyLike, "A curtiu seu post"), item(domain.NotifyLike, "B curtiu seu post"),
		item(domain.NotifyMention, "C mencionou você em um post"), item("system", "Seu arquivo está pronto"),
		item(domain.NotifyFollow, "D começou a seguir você"), item(domain.NotifyFollow, "E começou a seguir você"),
		item(domain.NotifyFollow, "F começou a seguir você"),
	}
	m := compose(Recipient{Email: "ana@example.com", Name: "Ana"}, items, "https://social.example", "tok")
	if m.To != "ana@example.com" || m.Subject != "Seu resumo semanal: 7 notificações não lidas" {
		t.Fatalf("mail = %+v", m)
	}
	for _, want := range []string{"Olá, Ana!", "- 2 curtidas\n- 3 novos seguidores\n- 1 menção\n- 1 outro aviso\n",
		"- A curtiu seu post\n", "- D começou a seguir você\n", "E mais 2 na sua lista.",
		"https://social.example/email/unsubscribe#t=tok\n"} {
		if !strings.Contains(m.BodyText, want) {
			t.Errorf("body lacks %q:\n%s", want, m.BodyText)
		}
	}
	if strings.Contains(m.BodyText, "E começou") {
		t.Errorf("a sixth item is listed:\n%s", m.BodyText)
	}
	one := compose(Recipient{Name: "Ana"}, items[:1], "https://social.example", "tok")
	if one.Subject != "Seu resumo semanal: 1 notificação não lida" || !strings.Contains(one.BodyText, "- 1 curtida\n") {
		t.Errorf("one item: %q\n%s", one.Subject, one.BodyText)
	}
}

func TestWeekOfIsTheMondayUTC(t *testing.T) {
	for in, want := range map[string]string{
		"2026-11-30T00:00:00Z":      "2026-11-30", // a Monday
		"2026-12-06T23:59:59Z":      "2026-11-30", // the Sunday after
		"2026-12-07T01:00:00+03:00": "2026-11-30", // Sunday 22:00 UTC
		"2027-01-01T12:00:00Z":      "2026-12-28",
	} {
		at, _ := time.Parse(time.RFC3339, in)
		if got := WeekOf(at).Format(time.DateOnly); got != want {
			t.Errorf("WeekOf(%s) = %s, want %s", in, got, want)
		}
	}
}
