// Package reliability holds the tests of faults a real deployment meets,
// run against the whole application: the database going away under load,
// and what members see meanwhile. Also fifty members toggling likes,
// follows, community and room membership at once, and a WebSocket client
// too slow to keep up while 1,000 events go out.
package reliability
