package app

// UseCases are the feature's use cases as its routes, its jobs and the
// other drivers of the app (the Mastodon client API) take them. The profile as a viewer sees it
// (with the viewer's follow) is follows' ViewProfile, provided beside them.
type UseCases struct {
	GetMine *GetMyProfile
	// HandleOf names the member behind an ID, for drivers that speak of
	// members by ID (the Mastodon client API).
	HandleOf    *HandleByID
	Update      *UpdateProfile
	SetImage    *SetProfileImage
	DeleteImage *DeleteProfileImage
}
