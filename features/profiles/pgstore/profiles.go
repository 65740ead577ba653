package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/platform/pgkit"
)

type ProfileRow struct {
	bun.BaseModel  `bun:"table:profiles"`
	ID             uuid.UUID `bun:"id,pk"`
	Handle         string    `bun:"handle"`
	DisplayName    string    `bun:"display_name"`
	Bio            *string   `bun:"bio"`
	Location       *string   `bun:"location"`
	WebsiteURL     *string   `bun:"website_url"`
	AvatarPath     *string   `bun:"avatar_path"`
	BannerPath     *string   `bun:"banner_path"`
	IsVerified     bool      `bun:"is_verified"`
	FollowerCount  int       `bun:"follower_count"`
	FollowingCount int       `bun:"following_count"`
	PostCount      int       `bun:"post_count"`
	CreatedAt      time.Time `bun:"created_at"`
	UpdatedAt      time.Time `bun:"updated_at"`
}

func ProfileRowFrom(p domain.Profile) ProfileRow {
	return ProfileRow{ID: uuid.UUID(p.ID), Handle: p.Handle, DisplayName: p.DisplayName, Bio: p.Bio,
		Location: p.Location, WebsiteURL: p.WebsiteURL, AvatarPath: p.AvatarPath, BannerPath: p.BannerPath,
		IsVerified: p.IsVerified, FollowerCount: p.FollowerCount, FollowingCount: p.FollowingCount,
		PostCount: p.PostCount, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
}

func (r ProfileRow) Domain() domain.Profile {
	return domain.Profile{ID: domain.UserID(r.ID), Handle: r.Handle, DisplayName: r.DisplayName, Bio: r.Bio,
		Location: r.Location, WebsiteURL: r.WebsiteURL, AvatarPath: r.AvatarPath, BannerPath: r.BannerPath,
		IsVerified: r.IsVerified, FollowerCount: r.FollowerCount, FollowingCount: r.FollowingCount,
		PostCount: r.PostCount, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// Profiles stores member profiles.
type Profiles struct{ db *bun.DB }

// NewProfiles makes the profile store.
func NewProfiles(db *bun.DB) *Profiles { return &Profiles{db: db} }

// ByID reads one member's profile.
func (s *Profiles) ByID(ctx context.Context, id domain.UserID) (domain.Profile, error) {
	var row ProfileRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).Scan(ctx)
	return row.Domain(), pgkit.NotFound(err)
}

// Update locks the profile, lets fn edit it and stores the editable columns
// only: texts, pictures and updated_at. The handle, the counts and the
// verified flag are never written here, whatever fn did.
func (s *Profiles) Update(ctx context.Context, id domain.UserID, fn func(p *domain.Profile) error) (domain.Profile, error) {
	var out domain.Profile
	err := pgkit.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, s.db)
		var row ProfileRow
		if err := db.NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).For("UPDATE").Scan(ctx); err != nil {
			return pgkit.NotFound(err)
		}
		p := row.Domain()
		if err := fn(&p); err != nil {
			return err
		}
		next := ProfileRowFrom(p)
		next.ID = row.ID
		_, err := db.NewUpdate().Model(&next).
			Column("display_name", "bio", "location", "website_url", "avatar_path", "banner_path", "updated_at").
			WherePK().Returning("*").Exec(ctx)
		if err != nil {
			return fmt.Errorf("update profile %s: %w", id, err)
		}
		out = next.Domain()
		return nil
	})
	return out, err
}
