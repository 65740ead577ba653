package app

import (
	"fmt"
	"strings"

	"social/core/ports"
	notifications "social/features/notifications/app"
)

// newestShown is how many of the newest items the e-mail lists.
const newestShown = 5

// UnsubscribePath is the member app's page the unsubscribe link opens; the
// token rides in the fragment (#t=...), which browsers never send, so no
// request the server receives or logs carries it. The page posts it in a
// request body.
const UnsubscribePath = "/email/unsubscribe"

// compose writes the digest e-mail of items (newest first) to to.
func compose(to Recipient, items []notifications.Listed, publicURL, token string) ports.Mail {
	n := len(items)
	subject, intro := subjectOne, introOne
	if n != 1 {
		subject, intro = fmt.Sprintf(subjectMany, n), fmt.Sprintf(introMany, n)
	}
	counts := map[string]int{}
	for _, it := range items {
		kind := string(it.Type)
		if _, named := kindNames[kind]; !named {
			kind = otherKind
		}
		counts[kind]++
	}
	var b strings.Builder
	line := func(s string) { b.WriteString(s); b.WriteByte('\n') }
	line(fmt.Sprintf(greeting, to.Name))
	line("")
	line(intro)
	line("")
	for _, kind := range kindOrder {
		c := counts[kind]
		switch {
		case c == 1:
			line("- " + kindNames[kind][0])
		case c > 1:
			line("- " + fmt.Sprintf(kindNames[kind][1], c))
		}
	}
	line("")
	line(newestIntro)
	for _, it := range items[:min(n, newestShown)] {
		s := "- " + it.Title
		if it.Message != nil && *it.Message != "" {
			s += ": “" + oneLine(*it.Message) + "”"
		}
		line(s)
	}
	if n > newestShown {
		line(fmt.Sprintf(moreLine, n-newestShown))
	}
	line("")
	line(fmt.Sprintf(seeAll, publicURL+"/notifications"))
	line("")
	line(fmt.Sprintf(unsubscribe, publicURL+UnsubscribePath+"#t="+token))
	line(settingsHint)
	line("")
	line(signature)
	return ports.Mail{To: to.Email, Subject: subject, BodyText: b.String()}
}

// oneLine keeps an excerpt on its line of the list.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
