package httpapi

import "social/platform/jsonwire"

// The timelines answer 20 to 40 statuses, each carrying its account, and
// encoding/json's reflection was a sixth of a page's cost. Status and what
// it carries therefore write themselves (jsonwire.Appender), byte for byte
// as encoding/json writes them: status_json_test.go compares the two over
// random values, so a field added to an entity and forgotten here fails
// there.

// AppendJSON writes the status as encoding/json would (jsonwire).
func (s Status) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = jsonwire.AppendString(b, s.ID)
	b = append(b, `,"uri":`...)
	b = jsonwire.AppendString(b, s.URI)
	b = append(b, `,"url":`...)
	b = jsonwire.AppendString(b, s.URL)
	b = append(b, `,"created_at":`...)
	if b, err = jsonwire.AppendTime(b, s.CreatedAt); err != nil {
		return b, err
	}
	b = append(b, `,"edited_at":`...)
	if s.EditedAt == nil {
		b = append(b, "null"...)
	} else if b, err = jsonwire.AppendTime(b, *s.EditedAt); err != nil {
		return b, err
	}
	b = append(b, `,"account":`...)
	if b, err = s.Account.AppendJSON(b); err != nil {
		return b, err
	}
	b = append(b, `,"content":`...)
	b = jsonwire.AppendString(b, s.Content)
	b = append(b, `,"text":`...)
	b = jsonwire.AppendStringPtr(b, s.Text)
	b = append(b, `,"visibility":`...)
	b = jsonwire.AppendString(b, s.Visibility)
	b = append(b, `,"sensitive":`...)
	b = jsonwire.AppendBool(b, s.Sensitive)
	b = append(b, `,"spoiler_text":`...)
	b = jsonwire.AppendString(b, s.SpoilerText)
	b = append(b, `,"media_attachments":`...)
	if b, err = jsonwire.AppendList(b, s.MediaAttachments); err != nil {
		return b, err
	}
	if s.Application != nil {
		b = append(b, `,"application":`...)
		b, _ = s.Application.AppendJSON(b)
	}
	b = append(b, `,"mentions":`...)
	b, _ = jsonwire.AppendList(b, s.Mentions)
	b = append(b, `,"tags":`...)
	b, _ = jsonwire.AppendList(b, s.Tags)
	b = append(b, `,"emojis":`...)
	b, _ = jsonwire.AppendList(b, s.Emojis)
	b = append(b, `,"reblogs_count":`...)
	b = jsonwire.AppendInt(b, s.ReblogsCount)
	b = append(b, `,"favourites_count":`...)
	b = jsonwire.AppendInt(b, s.FavouritesCount)
	b = append(b, `,"replies_count":`...)
	b = jsonwire.AppendInt(b, s.RepliesCount)
	b = append(b, `,"in_reply_to_id":`...)
	b = jsonwire.AppendStringPtr(b, s.InReplyToID)
	b = append(b, `,"in_reply_to_account_id":`...)
	b = jsonwire.AppendStringPtr(b, s.InReplyToAccountID)
	b = append(b, `,"reblog":`...)
	if s.Reblog == nil {
		b = append(b, "null"...)
	} else if b, err = s.Reblog.AppendJSON(b); err != nil {
		return b, err
	}
	b = append(b, `,"poll":`...)
	if s.Poll == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, "{}"...)
	}
	b = append(b, `,"card":`...)
	if s.Card == nil {
		b = append(b, "null"...)
	} else {
		b, _ = s.Card.AppendJSON(b)
	}
	b = append(b, `,"language":`...)
	b = jsonwire.AppendStringPtr(b, s.Language)
	b = append(b, `,"favourited":`...)
	b = jsonwire.AppendBool(b, s.Favourited)
	b = append(b, `,"reblogged":`...)
	b = jsonwire.AppendBool(b, s.Reblogged)
	b = append(b, `,"muted":`...)
	b = jsonwire.AppendBool(b, s.Muted)
	b = append(b, `,"bookmarked":`...)
	b = jsonwire.AppendBool(b, s.Bookmarked)
	b = append(b, `,"pinned":`...)
	b = jsonwire.AppendBool(b, s.Pinned)
	b = append(b, `,"filtered":`...)
	b = appendEmptyObjects(b, len(s.Filtered), s.Filtered == nil)
	b = append(b, `,"quotes_count":`...)
	b = jsonwire.AppendInt(b, s.QuotesCount)
	b = append(b, `,"quote_approval":`...)
	b, _ = s.QuoteApproval.AppendJSON(b)
	return append(b, '}'), nil
}

// appendEmptyObjects writes a list of empty structs (filters, roles:
// things this server has none of): n times {}, or null for a nil list.
func appendEmptyObjects(b []byte, n int, isNil bool) []byte {
	if isNil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "{}"...)
	}
	return append(b, ']')
}

// nobodyApprovesJSON is nobodyApproves' one answer, written once.
var nobodyApprovesJSON, _ = nobodyApproves{}.MarshalJSON()

// AppendJSON writes the policy as its MarshalJSON does.
func (nobodyApproves) AppendJSON(b []byte) ([]byte, error) {
	return append(b, nobodyApprovesJSON...), nil
}

// AppendJSON writes the app as encoding/json would (jsonwire).
func (a StatusApp) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"name":`...)
	b = jsonwire.AppendString(b, a.Name)
	b = append(b, `,"website":`...)
	b = jsonwire.AppendStringPtr(b, a.Website)
	return append(b, '}'), nil
}

// AppendJSON writes the mention as encoding/json would (jsonwire).
func (m Mention) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = jsonwire.AppendString(b, m.ID)
	b = append(b, `,"username":`...)
	b = jsonwire.AppendString(b, m.Username)
	b = append(b, `,"url":`...)
	b = jsonwire.AppendString(b, m.URL)
	b = append(b, `,"acct":`...)
	b = jsonwire.AppendString(b, m.Acct)
	return append(b, '}'), nil
}

// AppendJSON writes the hashtag as encoding/json would (jsonwire).
func (t Tag) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = jsonwire.AppendString(b, t.ID)
	b = append(b, `,"name":`...)
	b = jsonwire.AppendString(b, t.Name)
	b = append(b, `,"url":`...)
	b = jsonwire.AppendString(b, t.URL)
	return append(b, '}'), nil
}

// AppendJSON writes the attachment as encoding/json would (jsonwire).
func (a MediaAttachment) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = jsonwire.AppendString(b, a.ID)
	b = append(b, `,"type":`...)
	b = jsonwire.AppendString(b, a.Type)
	b = append(b, `,"url":`...)
	b = jsonwire.AppendString(b, a.URL)
	b = append(b, `,"preview_url":`...)
	b = jsonwire.AppendString(b, a.PreviewURL)
	b = append(b, `,"remote_url":`...)
	b = jsonwire.AppendStringPtr(b, a.RemoteURL)
	b = append(b, `,"meta":`...)
	if a.Meta == nil {
		b = append(b, "null"...)
	} else {
		var err error
		if b, err = a.Meta.AppendJSON(b); err != nil {
			return b, err
		}
	}
	b = append(b, `,"description":`...)
	b = jsonwire.AppendStringPtr(b, a.Description)
	b = append(b, `,"blurhash":`...)
	b = jsonwire.AppendStringPtr(b, a.Blurhash)
	return append(b, '}'), nil
}

// AppendJSON writes the sizes as encoding/json would (jsonwire): each
// one left out when nil.
func (m MediaMeta) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, '{')
	empty := len(b) // no size written yet while len(b) is this
	if m.Original != nil {
		b = append(b, `"original":`...)
		if b, err = m.Original.AppendJSON(b); err != nil {
			return b, err
		}
	}
	if m.Small != nil {
		if len(b) > empty {
			b = append(b, ',')
		}
		b = append(b, `"small":`...)
		if b, err = m.Small.AppendJSON(b); err != nil {
			return b, err
		}
	}
	if m.Focus != nil {
		if len(b) > empty {
			b = append(b, ',')
		}
		b = append(b, `"focus":{"x":`...)
		if b, err = jsonwire.AppendFloat(b, m.Focus.X); err != nil {
			return b, err
		}
		b = append(b, `,"y":`...)
		if b, err = jsonwire.AppendFloat(b, m.Focus.Y); err != nil {
			return b, err
		}
		b = append(b, '}')
	}
	return append(b, '}'), nil
}

// AppendJSON writes the size as encoding/json would (jsonwire).
func (s MediaSize) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"width":`...)
	b = jsonwire.AppendInt(b, s.Width)
	b = append(b, `,"height":`...)
	b = jsonwire.AppendInt(b, s.Height)
	b = append(b, `,"size":`...)
	b = jsonwire.AppendString(b, s.Size)
	b = append(b, `,"aspect":`...)
	b, err := jsonwire.AppendFloat(b, s.Aspect)
	if err != nil {
		return b, err
	}
	return append(b, '}'), nil
}

// AppendJSON writes the card as encoding/json would (jsonwire).
func (c PreviewCard) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"url":`...)
	b = jsonwire.AppendString(b, c.URL)
	b = append(b, `,"title":`...)
	b = jsonwire.AppendString(b, c.Title)
	b = append(b, `,"description":`...)
	b = jsonwire.AppendString(b, c.Description)
	b = append(b, `,"type":`...)
	b = jsonwire.AppendString(b, c.Type)
	b = append(b, `,"author_name":`...)
	b = jsonwire.AppendString(b, c.AuthorName)
	b = append(b, `,"author_url":`...)
	b = jsonwire.AppendString(b, c.AuthorURL)
	b = append(b, `,"provider_name":`...)
	b = jsonwire.AppendString(b, c.ProviderName)
	b = append(b, `,"provider_url":`...)
	b = jsonwire.AppendString(b, c.ProviderURL)
	b = append(b, `,"html":`...)
	b = jsonwire.AppendString(b, c.HTML)
	b = append(b, `,"width":`...)
	b = jsonwire.AppendInt(b, c.Width)
	b = append(b, `,"height":`...)
	b = jsonwire.AppendInt(b, c.Height)
	b = append(b, `,"image":`...)
	b = jsonwire.AppendStringPtr(b, c.Image)
	b = append(b, `,"embed_url":`...)
	b = jsonwire.AppendString(b, c.EmbedURL)
	b = append(b, `,"blurhash":`...)
	b = jsonwire.AppendStringPtr(b, c.Blurhash)
	return append(b, '}'), nil
}
