package domain

import "testing"

// Per-address limits count an IPv4 client by its address and an IPv6 one
// by its /64.
func TestClientNetwork(t *testing.T) {
	for in, want := range map[string]string{
		"198.51.100.7":                   "198.51.100.7",
		"::ffff:198.51.100.7":            "198.51.100.7",
		"2001:db8:7:42::1":               "2001:db8:7:42::/64",
		"2001:db8:7:42:ffff:ffff:ffff:1": "2001:db8:7:42::/64",
		"2001:DB8:7:42::1%eth0":          "2001:db8:7:42::/64",
		"2001:db8:7:43::1":               "2001:db8:7:43::/64",
		"not an address":                 "not an address",
		"":                               "",
	} {
		if got := ClientNetwork(in); got != want {
			t.Errorf("ClientNetwork(%q) = %q, want %q", in, got, want)
		}
	}
}
