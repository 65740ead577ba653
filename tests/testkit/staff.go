package testkit

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"

	"social/adapters/argon2id"
	"social/core/domain"
)

// StaffPassword is the password of accounts made by Staff.
const StaffPassword = "Senha1234forte"

// Staff makes a confirmed account with role on app's database, signs it in
// through the API and returns its access token. It writes the rows itself
// (as `social user create` would) so that tests without the accounts
// fixtures can call the admin API.
func Staff(t testing.TB, app *App, handle string, role domain.Role) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", app.Config.Database.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	hash, err := argon2id.New(argon2id.Params{MemoryKiB: 1024, Time: 1, Threads: 1}).Hash(StaffPassword)
	if err != nil {
		t.Fatal(err)
	}
	id, now, email := uuid.Must(uuid.NewV7()), time.Now().UTC(), handle+"@example.com"
	if _, err := db.ExecContext(ctx, `INSERT INTO accounts (id, email, password_hash, role, confirmed_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $5, $5)`, id, email, hash, string(role), now); err != nil {
		t.Fatalf("staff account: %v", err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO profiles (id, handle, display_name, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $4)`, id, handle, handle, now); err != nil {
		t.Fatalf("staff profile: %v", err)
	}
	body, _ := json.Marshal(map[string]string{"email": email, "password": StaffPassword})
	resp, err := http.Post(app.URL+"/api/v1/auth/sign-in", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil || resp.StatusCode != http.StatusOK || s.AccessToken == "" {
		t.Fatalf("staff sign-in: %d %v", resp.StatusCode, err)
	}
	return s.AccessToken
}

// StaffGet is an authorized GET of path on app.
func StaffGet(token, url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("request %s: %w", url, err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	return http.DefaultClient.Do(req)
}
