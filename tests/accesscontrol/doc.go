// Package accesscontrol holds the tests that walk every operation of the
// served OpenAPI document: another member acting on a member's resources is
// refused and changes nothing, and no body can assign roles, badges,
// counters or owners.
package accesscontrol
