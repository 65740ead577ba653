// Package reliability holds the tests of faults a real deployment meets,
// run against the whole application: the database going away under load,
// and what members see meanwhile.
package reliability
