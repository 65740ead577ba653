package accesscontrol_test

import (
	"testing"

	"social/tests/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }
