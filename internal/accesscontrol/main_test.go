package accesscontrol_test

import (
	"testing"

	"social/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }
