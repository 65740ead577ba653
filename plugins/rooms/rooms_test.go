package rooms_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"social/adapters/realtime"
	"social/config"
	"social/core/domain"
	"social/plugins/rooms"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type room struct {
	ID               string  `json:"id"`
	Name             string  `json:"name"`
	HostID           string  `json:"host_id"`
	TrackSource      string  `json:"track_source"`
	TrackPreviewURL  *string `json:"track_preview_url"`
	IsActive         bool    `json:"is_active"`
	ParticipantCount int     `json:"participant_count"`
	Host             struct {
		Handle string `json:"handle"`
	} `json:"host"`
	Playback *struct {
		IsPlaying       bool    `json:"is_playing"`
		PositionSeconds float64 `json:"position_seconds"`
	} `json:"playback"`
}

// directory is a radio-browser mirror: jazz answers the recorded search,
// any other genre fails.
func directory(t *testing.T) string {
	b, err := os.ReadFile("testdata/search_jazz.json")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/json/stations/search" && r.URL.Query().Get("tag") == "jazz" {
			_, _ = w.Write(b)
			return
		}
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func start(t *testing.T) *at.App {
	mirror := directory(t)
	return at.Start(t, func(c *config.Config) {
		rooms.ConfigOf(c).Radio.Mirrors = []string{mirror}
		rooms.ConfigOf(c).Rooms.PresenceGrace = 300 * time.Millisecond
		rooms.ConfigOf(c).Rooms.SweepEvery = time.Second
		rooms.ConfigOf(c).Rooms.StreamHosts = []string{"audio.example"}
	})
}

// nextEvent reads events until one of type want (skipping others) and
// returns its data.
func nextEvent(t *testing.T, s *at.Socket, want string) map[string]any {
	t.Helper()
	for range 20 {
		msg := s.Next(t)
		if msg.Type == "event" && msg.Event.Type == want {
			return msg.Event.Data
		}
	}
	t.Fatalf("no %s event", want)
	return nil
}

func count(t *testing.T, app *at.App, id string) (column, rows int) {
	t.Helper()
	err := app.DB.NewRaw(`SELECT participant_count, (SELECT count(*) FROM listening_participants WHERE room_id = r.id)
		FROM listening_rooms r WHERE id = ?`, id).Scan(context.Background(), &column, &rows)
	if err != nil {
		t.Fatal(err)
	}
	return column, rows
}

func TestStationsAndCreate(t *testing.T) {
	app := start(t)
	ana := app.Member("ana")
	var st struct {
		Stations []struct {
			ID, Name, Country, StreamURL string
			Tags                         []string
		} `json:"stations"`
		Source string `json:"source"`
	}
	ana.Do(http.MethodGet, "/api/v1/rooms/stations?genre=jazz", nil).Expect(t, http.StatusOK).JSON(t, &st)
	if st.Source != "radio-browser" || len(st.Stations) != 2 || st.Stations[0].Name != "Jazz24" {
		t.Fatalf("jazz %+v", st)
	}
	ana.Do(http.MethodGet, "/api/v1/rooms/stations?genre=rock", nil).Expect(t, http.StatusOK).JSON(t, &st)
	if st.Source != "fallback" || len(st.Stations) != 5 {
		t.Fatalf("rock %+v", st)
	}
	at.ExpectProblem(t, app.Client().Do(http.MethodGet, "/api/v1/rooms/stations", nil), http.StatusUnauthorized, "unauthenticated", "")

	var r room
	ana.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": " Jazz à noite ", "station_id": "96202f73-0601-11e8-ae97-52543be04c81"}).
		Expect(t, http.StatusCreated).JSON(t, &r)
	if r.Name != "Jazz à noite" || r.TrackSource != "radio" || r.TrackPreviewURL == nil ||
		*r.TrackPreviewURL != "https://live.wostreaming.net/direct/ppm-jazz24aac-ibc1" || r.Playback != nil ||
		r.HostID != ana.ID || r.Host.Handle != "ana" || !r.IsActive || r.ParticipantCount != 0 {
		t.Fatalf("room %+v", r)
	}
	var list struct{ Items []room }
	ana.Do(http.MethodGet, "/api/v1/rooms", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 1 || list.Items[0].ID != r.ID {
		t.Fatalf("list %+v", list)
	}
}

// The permission matrix: host, participant, stranger and anonymous on
// every action, then presence, chat, playback and the end over sockets.
func TestPermissionsPresenceAndEnd(t *testing.T) {
	app := start(t)
	host, part, stranger := app.Member("host"), app.Member("part"), app.Member("stranger")
	anon := app.Client()
	var r room
	host.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Prévia", "current_track": "Faixa",
		"current_artist": "Artista", "track_preview_url": "https://audio.example/preview.mp3"}).
		Expect(t, http.StatusCreated).JSON(t, &r)
	if r.TrackSource != "preview" || r.Playback == nil {
		t.Fatalf("room %+v", r)
	}
	base := "/api/v1/rooms/" + r.ID
	topic := "room:" + r.ID

	// The host enters: subscribing joins.
	hs := host.Realtime(t, topic)
	if d := nextEvent(t, hs, "room.participant_joined"); d["user_id"] != host.ID || d["participant_count"] != float64(1) {
		t.Fatalf("joined %v", d)
	}
	// The participant joins over HTTP, twice: harmless, one event.
	for range 2 {
		var c struct {
			ParticipantCount int `json:"participant_count"`
		}
		part.Do(http.MethodPost, base+"/join", nil).Expect(t, http.StatusOK).JSON(t, &c)
		if c.ParticipantCount != 2 {
			t.Fatalf("count %d", c.ParticipantCount)
		}
	}
	if d := nextEvent(t, hs, "room.participant_joined"); d["user_id"] != part.ID {
		t.Fatalf("joined %v", d)
	}
	if c, n := count(t, app, r.ID); c != 2 || n != 2 {
		t.Fatalf("count %d rows %d", c, n)
	}

	// Reads: any member; anonymous 401.
	for _, path := range []string{"", "/participants", "/messages"} {
		for _, m := range []*at.Member{host, part, stranger} {
			m.Do(http.MethodGet, base+path, nil).Expect(t, http.StatusOK)
		}
		at.ExpectProblem(t, anon.Do(http.MethodGet, base+path, nil), http.StatusUnauthorized, "unauthenticated", "")
	}
	// Chat: host and participants; a stranger 403; anonymous 401; blank 422.
	host.Do(http.MethodPost, base+"/messages", map[string]string{"text": " Olá "}).Expect(t, http.StatusCreated)
	if d := nextEvent(t, hs, "room.message"); d["message"].(map[string]any)["text"] != "Olá" {
		t.Fatalf("message %v", d)
	}
	part.Do(http.MethodPost, base+"/messages", map[string]string{"text": "Oi"}).Expect(t, http.StatusCreated)
	nextEvent(t, hs, "room.message")
	at.ExpectProblem(t, stranger.Do(http.MethodPost, base+"/messages", map[string]string{"text": "Eu"}),
		http.StatusForbidden, "room_participants_only", "")
	at.ExpectProblem(t, anon.Do(http.MethodPost, base+"/messages", map[string]string{"text": "Eu"}), http.StatusUnauthorized, "unauthenticated", "")
	at.ExpectProblem(t, part.Do(http.MethodPost, base+"/messages", map[string]string{"text": "   "}), http.StatusUnprocessableEntity, "message_empty", "")
	var msgs struct {
		Items []struct {
			Text   string `json:"text"`
			Author struct {
				Handle string `json:"handle"`
			} `json:"author"`
		} `json:"items"`
	}
	stranger.Do(http.MethodGet, base+"/messages", nil).Expect(t, http.StatusOK).JSON(t, &msgs)
	if len(msgs.Items) != 2 || msgs.Items[0].Text != "Olá" || msgs.Items[1].Author.Handle != "part" {
		t.Fatalf("messages %+v", msgs)
	}

	// Playback: the host only.
	const hostOnly = "Apenas o host pode controlar a reprodução"
	for _, m := range []*at.Member{part, stranger} {
		at.ExpectProblem(t, m.Do(http.MethodPost, base+"/playback", map[string]any{"action": "play", "position_seconds": 3}),
			http.StatusForbidden, "room_host_only", hostOnly)
	}
	at.ExpectProblem(t, anon.Do(http.MethodPost, base+"/playback", map[string]any{"action": "play"}), http.StatusUnauthorized, "unauthenticated", "")
	host.Do(http.MethodPost, base+"/playback", map[string]any{"action": "seek", "position_seconds": 12.5}).Expect(t, http.StatusOK)
	if d := nextEvent(t, hs, "room.playback"); d["action"] != "seek" || d["position_seconds"] != 12.5 || d["at"] == nil {
		t.Fatalf("playback %v", d)
	}
	at.ExpectProblem(t, host.Do(http.MethodPost, base+"/playback", map[string]any{"action": "rewind"}), http.StatusUnprocessableEntity, "invalid_input", "")

	// A stranger's socket joins; closing it abruptly leaves after the grace.
	u := "ws" + strings.TrimPrefix(app.URL, "http") + realtime.Path
	conn, _, err := (&websocket.Dialer{HandshakeTimeout: 5 * time.Second}).Dial(u, realtime.ClientHeader(stranger.Token))
	if err != nil {
		t.Fatal(err)
	}
	_ = conn.WriteJSON(map[string]string{"type": "subscribe", "topic": topic})
	var ack struct{ Type string }
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if err := conn.ReadJSON(&ack); err != nil || ack.Type != "subscribed" {
		t.Fatalf("subscribe: %v %+v", err, ack)
	}
	if d := nextEvent(t, hs, "room.participant_joined"); d["user_id"] != stranger.ID || d["participant_count"] != float64(3) {
		t.Fatalf("joined %v", d)
	}
	closed := time.Now()
	_ = conn.UnderlyingConn().Close()
	d := nextEvent(t, hs, "room.participant_left")
	if time.Since(closed) < 250*time.Millisecond || d["user_id"] != stranger.ID || d["participant_count"] != float64(2) {
		t.Fatalf("left %v after %v", d, time.Since(closed))
	}
	if c, n := count(t, app, r.ID); c != 2 || n != 2 {
		t.Fatalf("count %d rows %d", c, n)
	}

	// Leave: at once; twice is harmless and the count never goes below 0.
	part.Do(http.MethodPost, base+"/leave", nil).Expect(t, http.StatusOK)
	part.Do(http.MethodPost, base+"/leave", nil).Expect(t, http.StatusOK)
	nextEvent(t, hs, "room.participant_left")
	if c, n := count(t, app, r.ID); c != 1 || n != 1 {
		t.Fatalf("count %d rows %d", c, n)
	}

	// End: the host only.
	at.ExpectProblem(t, part.Do(http.MethodPost, base+"/end", nil), http.StatusForbidden, "room_host_only", "")
	at.ExpectProblem(t, stranger.Do(http.MethodPost, base+"/end", nil), http.StatusForbidden, "room_host_only", "")
	at.ExpectProblem(t, anon.Do(http.MethodPost, base+"/end", nil), http.StatusUnauthorized, "unauthenticated", "")
	ps := part.Realtime(t, topic) // joins again
	host.Do(http.MethodPost, base+"/end", nil).Expect(t, http.StatusNoContent)
	if d := nextEvent(t, ps, "room.ended"); d["room_id"] != r.ID {
		t.Fatalf("ended %v", d)
	}
	for _, path := range []string{"", "/participants", "/messages"} {
		at.ExpectProblem(t, host.Do(http.MethodGet, base+path, nil), http.StatusNotFound, "room_not_found", "Sala não encontrada")
	}
	at.ExpectProblem(t, part.Do(http.MethodPost, base+"/join", nil), http.StatusNotFound, "room_not_found", "")
	at.ExpectProblem(t, host.Do(http.MethodPost, base+"/end", nil), http.StatusNotFound, "room_not_found", "")
	if msg := stranger.Realtime(t).Subscribe(t, topic); msg.Type != "error" {
		t.Fatalf("subscribe to an ended room: %+v", msg)
	}
	if c, n := count(t, app, r.ID); c != 0 || n != 0 {
		t.Fatalf("count %d rows %d", c, n)
	}
	at.ExpectProblem(t, host.Do(http.MethodGet, "/api/v1/rooms/nope", nil), http.StatusNotFound, "room_not_found", "")

	// The admin resource lists it.
	var rows []map[string]any
	resp := app.Staff("chefe", domain.RoleAdmin).Do(http.MethodGet, "/api/v1/admin/rooms?range=[0,9]", nil).Expect(t, http.StatusOK)
	resp.JSON(t, &rows)
	if len(rows) != 1 || rows[0]["is_active"] != false || rows[0]["host_handle"] != "host" {
		t.Fatalf("admin %+v", rows)
	}
}

// An empty room idle for rooms.idle_after is ended by the sweep.
func TestIdleRoomsEnd(t *testing.T) {
	app := start(t)
	host := app.Member("host")
	var r room
	host.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Vazia", "station_id": "fallback-pop"}).
		Expect(t, http.StatusCreated).JSON(t, &r)
	app.Clock.Advance(2 * time.Hour)
	// Two hours on, the access token has expired too: sign in again.
	host.Token = host.SignIn(host.Email, at.Password).AccessToken
	deadline := time.Now().Add(15 * time.Second)
	for host.Do(http.MethodGet, "/api/v1/rooms/"+r.ID, nil).Status != http.StatusNotFound {
		if time.Now().After(deadline) {
			t.Fatal("the sweep did not end the idle room")
		}
		time.Sleep(200 * time.Millisecond)
	}
	var rooms struct {
		Items []room `json:"items"`
	}
	host.Do(http.MethodGet, "/api/v1/rooms", nil).Expect(t, http.StatusOK).JSON(t, &rooms)
	if len(rooms.Items) != 0 {
		t.Errorf("an ended room is still listed: %+v", rooms.Items)
	}
}

func TestStaleParticipantsAreSwept(t *testing.T) {
	app := start(t)
	host, ana := app.Member("host"), app.Member("ana")
	var r room
	host.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Quase vazia", "station_id": "fallback-jazz"}).
		Expect(t, http.StatusCreated).JSON(t, &r)
	// A join over HTTP with no socket: nothing keeps it fresh.
	ana.Do(http.MethodPost, "/api/v1/rooms/"+r.ID+"/join", nil).Expect(t, http.StatusOK)
	if column, rows := count(t, app, r.ID); column != 1 || rows != 1 {
		t.Fatalf("after the join: count %d, rows %d", column, rows)
	}
	// Past rooms.presence_stale (but not idle_after), the sweep removes her
	// and the room stays open.
	app.Clock.Advance(10 * time.Minute)
	deadline := time.Now().Add(15 * time.Second)
	for {
		column, rows := count(t, app, r.ID)
		if column == 0 && rows == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("stale participant kept: count %d, rows %d", column, rows)
		}
		time.Sleep(200 * time.Millisecond)
	}
	host.Token = host.SignIn(host.Email, at.Password).AccessToken
	host.Do(http.MethodGet, "/api/v1/rooms/"+r.ID, nil).Expect(t, http.StatusOK)
}

// rooms:list tells every signed-in member on the list when a room opens,
// changes its count and ends; another name under rooms: is refused.
func TestRoomsListIsLive(t *testing.T) {
	app := start(t)
	host, ana := app.Member("host"), app.Member("ana")
	list := ana.Realtime(t, "rooms:list")
	if msg := ana.Realtime(t).Subscribe(t, "rooms:other"); msg.Type != "error" {
		t.Fatalf("rooms:other: %+v", msg)
	}

	var r room
	host.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Ao vivo", "station_id": "fallback-jazz"}).
		Expect(t, http.StatusCreated).JSON(t, &r)
	if d := nextEvent(t, list, "room.created"); d["room_id"] != r.ID {
		t.Fatalf("created %v", d)
	}
	host.Do(http.MethodPost, "/api/v1/rooms/"+r.ID+"/join", nil).Expect(t, http.StatusOK)
	if d := nextEvent(t, list, "room.participant_count"); d["room_id"] != r.ID || d["participant_count"] != float64(1) {
		t.Fatalf("count %v", d)
	}
	host.Do(http.MethodPost, "/api/v1/rooms/"+r.ID+"/end", nil).Expect(t, http.StatusNoContent)
	if d := nextEvent(t, list, "room.ended"); d["room_id"] != r.ID {
		t.Fatalf("ended %v", d)
	}
}

// A member's demo data opens two rooms hosted by them: the built-in jazz
// station and the built-in track, which the server itself serves (with
// byte ranges, so browsers can seek) and whose playback the host leads.
func TestDemoRooms(t *testing.T) {
	app := start(t)
	ana := app.Member("ana")
	ana.Do(http.MethodPost, "/api/v1/demo-data", nil).Expect(t, http.StatusOK)
	var rooms struct {
		Items []room `json:"items"`
	}
	ana.Do(http.MethodGet, "/api/v1/rooms", nil).Expect(t, http.StatusOK).JSON(t, &rooms)
	if len(rooms.Items) != 2 {
		t.Fatalf("rooms %+v", rooms.Items)
	}
	radio, track := rooms.Items[0], rooms.Items[1]
	if radio.Name != "Jazz ao Vivo" || radio.TrackSource != "radio" || radio.Playback != nil || radio.HostID != ana.ID {
		t.Fatalf("radio room %+v", radio)
	}
	if track.Name != "Sessão Acústica" || track.TrackSource != "demo" || track.Playback == nil || track.HostID != ana.ID ||
		track.TrackPreviewURL == nil || *track.TrackPreviewURL != app.Config.HTTP.PublicURL+"/api/v1/rooms/demo-track.wav" {
		t.Fatalf("track room %+v", track)
	}
	// The address works from the server itself (public_url is the test server).
	req, err := http.NewRequest(http.MethodGet, app.URL+"/api/v1/rooms/demo-track.wav", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Range", "bytes=0-43")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusPartialContent || resp.Header.Get("Content-Type") != "audio/wav" {
		t.Fatalf("track: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	// The host leads its playback; another member may not.
	ana.Do(http.MethodPost, "/api/v1/rooms/"+track.ID+"/playback", map[string]any{"action": "seek", "position_seconds": 12}).
		Expect(t, http.StatusOK)
	at.ExpectProblem(t, app.Member("bia").Do(http.MethodPost, "/api/v1/rooms/"+track.ID+"/playback",
		map[string]any{"action": "play", "position_seconds": 0}), http.StatusForbidden, "room_host_only", "")
}

// Clearing a member's demo data ends their demo rooms as the host ending
// them does: whoever is inside hears room.ended, and so does the rooms
// list; then the rooms are gone.
func TestClearedDemoRoomsEnd(t *testing.T) {
	app := start(t)
	ana, bia := app.Member("ana"), app.Member("bia")
	ana.Do(http.MethodPost, "/api/v1/demo-data", nil).Expect(t, http.StatusOK)
	var rooms struct {
		Items []room `json:"items"`
	}
	bia.Do(http.MethodGet, "/api/v1/rooms", nil).Expect(t, http.StatusOK).JSON(t, &rooms)
	if len(rooms.Items) != 2 {
		t.Fatalf("rooms %+v", rooms.Items)
	}
	radio := rooms.Items[0]
	list := bia.Realtime(t, "rooms:list")
	inside := bia.Realtime(t, "room:"+radio.ID)
	if d := nextEvent(t, inside, "room.participant_joined"); d["user_id"] != bia.ID {
		t.Fatalf("joined %v", d)
	}

	ana.Do(http.MethodDelete, "/api/v1/demo-data", nil).Expect(t, http.StatusOK)
	if d := nextEvent(t, inside, "room.ended"); d["room_id"] != radio.ID {
		t.Fatalf("ended %v", d)
	}
	ended := map[any]bool{}
	for range rooms.Items {
		ended[nextEvent(t, list, "room.ended")["room_id"]] = true
	}
	if !ended[rooms.Items[0].ID] || !ended[rooms.Items[1].ID] {
		t.Fatalf("the list heard %v ended", ended)
	}
	var left int
	if err := app.DB.NewRaw(`SELECT count(*) FROM listening_rooms WHERE host_id = ?`, ana.ID).
		Scan(context.Background(), &left); err != nil || left != 0 {
		t.Fatalf("%d rooms left: %v", left, err)
	}
	bia.Do(http.MethodGet, "/api/v1/rooms/"+radio.ID, nil).Expect(t, http.StatusNotFound)
}
