package plugin

// MediaSources are origins a plugin's screens play audio or video from,
// which the Content-Security-Policy's media-src admits besides the server
// and its media store. Why says, for the reader of the policy's code, why
// those hosts cannot be copied or proxied instead.
type MediaSources struct {
	Plugin  string
	Sources []string
	Why     string
}

// GroupMediaSources collects MediaSources values.
const GroupMediaSources = `group:"csp_media_sources"`

// AsMediaSources contributes the MediaSources returned by constructor.
func AsMediaSources(constructor any) any { return as(constructor, GroupMediaSources) }
