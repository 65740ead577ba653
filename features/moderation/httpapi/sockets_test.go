package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

// soon is well under the gateway's periodic session recheck (a minute by
// default): a socket closed within it was closed by the suspension.
const soon = 5 * time.Second

// A suspension, from the profile or from a report, closes every open
// socket of the member at once with 1008; other members' sockets stay.
func TestSuspensionClosesSocketsAtOnce(t *testing.T) {
	app := at.Start(t, nil)
	mod := app.Staff("moderadora", domain.RoleModerator)
	rui, bia, caio := app.Member("rui"), app.Member("bia"), app.Member("caio")
	ruiSocket, biaSocket := rui.Realtime(t), bia.Realtime(t)

	mod.Do(http.MethodPost, "/api/v1/admin/profiles/"+rui.ID+"/suspend", map[string]string{"reason": "Spam"}).Expect(t, http.StatusOK)
	if code := ruiSocket.CloseCode(t, soon); code != websocket.ClosePolicyViolation {
		t.Fatalf("suspended member's socket closed with %d, want 1008", code)
	}
	if msg := biaSocket.Subscribe(t, "user:"+bia.ID+":notifications"); msg.Type != "subscribed" {
		t.Fatalf("another member's socket after the suspension: %+v", msg)
	}

	report := fileReport(t, bia, caio.NewPost(t, "Compre seguidores aqui", ""))
	caioSocket := caio.Realtime(t)
	mod.Do(http.MethodPost, "/api/v1/admin/reports/"+report+"/resolve", map[string]string{"action": "suspend_author"}).Expect(t, http.StatusOK)
	if code := caioSocket.CloseCode(t, soon); code != websocket.ClosePolicyViolation {
		t.Fatalf("socket of the author suspended through a report closed with %d, want 1008", code)
	}
}
