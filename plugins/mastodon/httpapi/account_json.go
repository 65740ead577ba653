package httpapi

import "social/platform/jsonwire"

// Every status carries its author's Account, so the timelines write as
// many accounts as statuses: Account writes itself (jsonwire.Appender), as
// Status does and for the same reason (status_json.go).

// AppendJSON writes the account as encoding/json would (jsonwire).
// CredentialAccount embeds Account and so has this method too; jsonwire
// sees it is not its own and lets encoding/json write it whole.
func (a Account) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = jsonwire.AppendString(b, a.ID)
	b = append(b, `,"username":`...)
	b = jsonwire.AppendString(b, a.Username)
	b = append(b, `,"acct":`...)
	b = jsonwire.AppendString(b, a.Acct)
	b = append(b, `,"display_name":`...)
	b = jsonwire.AppendString(b, a.DisplayName)
	b = append(b, `,"locked":`...)
	b = jsonwire.AppendBool(b, a.Locked)
	b = append(b, `,"bot":`...)
	b = jsonwire.AppendBool(b, a.Bot)
	b = append(b, `,"discoverable":`...)
	b = jsonwire.AppendBool(b, a.Discoverable)
	b = append(b, `,"group":`...)
	b = jsonwire.AppendBool(b, a.Group)
	b = append(b, `,"noindex":`...)
	b = jsonwire.AppendBool(b, a.Noindex)
	b = append(b, `,"created_at":`...)
	if b, err = jsonwire.AppendTime(b, a.CreatedAt); err != nil {
		return b, err
	}
	b = append(b, `,"note":`...)
	b = jsonwire.AppendString(b, a.Note)
	b = append(b, `,"url":`...)
	b = jsonwire.AppendString(b, a.URL)
	b = append(b, `,"avatar":`...)
	b = jsonwire.AppendString(b, a.Avatar)
	b = append(b, `,"avatar_static":`...)
	b = jsonwire.AppendString(b, a.AvatarStatic)
	b = append(b, `,"header":`...)
	b = jsonwire.AppendString(b, a.Header)
	b = append(b, `,"header_static":`...)
	b = jsonwire.AppendString(b, a.HeaderStatic)
	b = append(b, `,"followers_count":`...)
	b = jsonwire.AppendInt(b, a.FollowersCount)
	b = append(b, `,"following_count":`...)
	b = jsonwire.AppendInt(b, a.FollowingCount)
	b = append(b, `,"statuses_count":`...)
	b = jsonwire.AppendInt(b, a.StatusesCount)
	b = append(b, `,"last_status_at":`...)
	b = jsonwire.AppendStringPtr(b, a.LastStatusAt)
	b = append(b, `,"emojis":`...)
	b, _ = jsonwire.AppendList(b, a.Emojis)
	b = append(b, `,"fields":`...)
	b, _ = jsonwire.AppendList(b, a.Fields)
	b = append(b, `,"roles":`...)
	b = appendEmptyObjects(b, len(a.Roles), a.Roles == nil)
	b = append(b, `,"feature_approval":`...)
	b, _ = a.FeatureApproval.AppendJSON(b)
	return append(b, '}'), nil
}

// AppendJSON writes the emoji as encoding/json would (jsonwire).
func (e CustomEmoji) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"shortcode":`...)
	b = jsonwire.AppendString(b, e.Shortcode)
	b = append(b, `,"url":`...)
	b = jsonwire.AppendString(b, e.URL)
	b = append(b, `,"static_url":`...)
	b = jsonwire.AppendString(b, e.StaticURL)
	b = append(b, `,"visible_in_picker":`...)
	b = jsonwire.AppendBool(b, e.VisibleInPicker)
	return append(b, '}'), nil
}

// AppendJSON writes the field as encoding/json would (jsonwire).
func (f Field) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"name":`...)
	b = jsonwire.AppendString(b, f.Name)
	b = append(b, `,"value":`...)
	b = jsonwire.AppendString(b, f.Value)
	b = append(b, `,"verified_at":`...)
	b = jsonwire.AppendStringPtr(b, f.VerifiedAt)
	return append(b, '}'), nil
}
