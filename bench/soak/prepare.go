package soak

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"social/bench/bulkseed"
)

// prepare loads members when the cluster has none, signs them in, gives
// each watcher a post of its own to watch and publishes one picture.
func (s *soak) prepare(ctx context.Context) error {
	var have int
	if err := s.db.QueryRow(ctx, "SELECT count(*) FROM profiles WHERE handle LIKE 'membro\\_%'").Scan(&have); err != nil {
		return err
	}
	if have < s.cfg.Members {
		s.cfg.Logf("soak: seeding %d members", s.cfg.Members)
		if err := s.cfg.Cluster(ctx, "social", "seed-demo", "--profiles", fmt.Sprint(s.cfg.Members),
			"--posts", fmt.Sprint(s.cfg.Members*20), "--follows-per-profile", "10"); err != nil {
			return err
		}
	}
	for n := 1; n <= s.cfg.Members; n++ {
		var out struct {
			AccessToken string `json:"access_token"`
			User        struct{ ID string }
		}
		email := fmt.Sprintf("membro_%06d@exemplo.com.br", n)
		if err := s.api.Do(ctx, "", http.MethodPost, "/auth/sign-in", map[string]string{"email": email, "password": bulkseed.Password}, &out); err != nil {
			return fmt.Errorf("sign in %s: %w", email, err)
		}
		s.members = append(s.members, &member{n: n, id: out.User.ID, token: out.AccessToken})
	}
	for i := 0; i < s.cfg.Watchers && i < len(s.members); i++ {
		m := s.members[i]
		var post struct{ ID string }
		if err := s.api.Do(ctx, m.token, http.MethodPost, "/posts", map[string]string{"text_content": "Quem comenta aqui? #soak"}, &post); err != nil {
			return err
		}
		s.watchers = append(s.watchers, &watcher{m: m, post: post.ID, seen: map[string]bool{}})
	}
	id, err := s.postPicture(ctx, s.members[0])
	if err != nil {
		return fmt.Errorf("picture post: %w", err)
	}
	s.picture = id
	return nil
}

func (s *soak) postPicture(ctx context.Context, m *member) (string, error) {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := range 64 {
		for y := range 48 {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 90, 255})
		}
	}
	var pic, body bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		return "", err
	}
	w := multipart.NewWriter(&body)
	_ = w.WriteField("text_content", "Foto lida de todos os nós")
	fw, _ := w.CreateFormFile("file", "soak.png")
	_, _ = fw.Write(pic.Bytes())
	_ = w.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.BaseURL+"/api/v1/posts/media", &body)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+m.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("%d %s", resp.StatusCode, raw)
	}
	var out struct{ ID string }
	return out.ID, json.Unmarshal(raw, &out)
}

// mediaFromEveryNode asks each node for the picture post and fetches the
// link it gives: every node must hand out a link that works.
func (s *soak) mediaFromEveryNode(ctx context.Context) map[string]string {
	out := map[string]string{}
	for _, node := range s.cfg.Nodes {
		out[node] = s.mediaFrom(ctx, node)
	}
	return out
}

func (s *soak) mediaFrom(ctx context.Context, node string) string {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, node+"/api/v1/posts/"+s.picture, nil)
	req.Header.Set("Authorization", "Bearer "+s.members[1].token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err.Error()
	}
	var post struct {
		MediaURL string `json:"media_url"`
	}
	err = json.NewDecoder(resp.Body).Decode(&post)
	resp.Body.Close()
	if err != nil || post.MediaURL == "" {
		return fmt.Sprintf("post %d without media_url", resp.StatusCode)
	}
	media, err := http.Get(post.MediaURL)
	if err != nil {
		return err.Error()
	}
	defer media.Body.Close()
	n, _ := io.Copy(io.Discard, media.Body)
	if media.StatusCode != http.StatusOK || !strings.HasPrefix(media.Header.Get("Content-Type"), "image/") || n == 0 {
		return fmt.Sprintf("media %d %s (%d bytes)", media.StatusCode, media.Header.Get("Content-Type"), n)
	}
	return "ok"
}
