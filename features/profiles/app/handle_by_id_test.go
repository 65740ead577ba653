package app

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

type handles map[domain.UserID]string

func (h handles) HandleByID(_ context.Context, id domain.UserID) (string, error) {
	if s, ok := h[id]; ok {
		return s, nil
	}
	return "", domain.ErrNotFound
}

func TestHandleByID(t *testing.T) {
	lia := domain.UserID(uuid.New())
	uc := &HandleByID{Profiles: handles{lia: "lia"}}
	if h, err := uc.Handle(context.Background(), lia.String()); err != nil || h != "lia" {
		t.Fatalf("lia: %q %v", h, err)
	}
	for _, id := range []string{"", "lixo", uuid.NewString()} {
		_, err := uc.Handle(context.Background(), id)
		var e *errs.Error
		if !errors.As(err, &e) || e.Kind != errs.KindNotFound || e.Code != CodeNotFound {
			t.Fatalf("%q: %v", id, err)
		}
	}
}
