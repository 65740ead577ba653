package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	at "social/tests/testkit/apptest"
)

// soon is well under the gateway's periodic session recheck (a minute by
// default, on the client's pings every 25 s): a socket closed within it
// was closed by the session's end itself.
const soon = 5 * time.Second

// Signing out closes the sockets of that session at once with 1008; a
// socket of the member's other session stays open and usable.
func TestSignOutClosesTheSessionsSocketsAtOnce(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("lia")
	other := anotherSession(app, m)

	signedOut := m.Realtime(t)
	kept := other.Realtime(t)
	m.Do(http.MethodPost, signOutPath, nil).Expect(t, http.StatusNoContent)

	if code := signedOut.CloseCode(t, soon); code != websocket.ClosePolicyViolation {
		t.Fatalf("signed-out socket closed with %d, want 1008", code)
	}
	if msg := kept.Subscribe(t, "user:"+m.ID+":notifications"); msg.Type != "subscribed" {
		t.Fatalf("the other session's socket after the sign-out: %+v", msg)
	}

	// Signing out with the refresh token alone (an expired access token,
	// say) closes that session's sockets just as fast.
	third := anotherSession(app, m)
	// A sign-in from a new device: the member's open list hears of its
	// notice at once.
	kept.Event(t, "notification.created")
	thirdSocket := third.Realtime(t)
	app.Client().Do(http.MethodPost, signOutPath, map[string]string{"refresh_token": third.Session.RefreshToken}).
		Expect(t, http.StatusNoContent)
	if code := thirdSocket.CloseCode(t, soon); code != websocket.ClosePolicyViolation {
		t.Fatalf("socket of a session signed out by its refresh token closed with %d, want 1008", code)
	}
	if msg := kept.Subscribe(t, "feed:public"); msg.Type != "subscribed" {
		t.Fatalf("the other session's socket after the second sign-out: %+v", msg)
	}
}

// A password reset ends every session of the account, and so closes every
// socket of it at once.
func TestPasswordResetClosesEverySocketAtOnce(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	m := app.Member("teo")
	other := anotherSession(app, m)
	sockets := []*at.Socket{m.Realtime(t), other.Realtime(t)}

	c := app.Client()
	c.Do(http.MethodPost, forgotPath, map[string]string{"email": m.Email}).Expect(t, http.StatusAccepted)
	token := app.LatestToken(m.Email, at.ResetSubject)
	c.Do(http.MethodPost, resetPath, map[string]string{"token": token, "password": "NovaSenha1", "password_confirmation": "NovaSenha1"}).
		Expect(t, http.StatusOK)

	for i, s := range sockets {
		if code := s.CloseCode(t, soon); code != websocket.ClosePolicyViolation {
			t.Fatalf("socket %d closed with %d, want 1008", i, code)
		}
	}
}

// anotherSession signs m in again, as from another device.
func anotherSession(app *at.App, m *at.Member) *at.Member {
	s := app.Client().SignIn(m.Email, at.Password)
	other := *m
	other.Client = app.Client()
	other.Token, other.Session = s.AccessToken, s
	return &other
}
