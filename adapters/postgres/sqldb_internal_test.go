package postgres

import (
	"fmt"
	"testing"
)

func TestRecentTextsForgetOnlyWhatTwoGenerationsLeftBehind(t *testing.T) {
	r := newRecentTexts(3)
	if r.again("a") {
		t.Fatal(`"a" seen before it was ever recorded`)
	}
	if !r.again("a") {
		t.Fatal(`"a" not seen the second time`)
	}
	for i := range 3 { // fills the generation holding "a", then starts another
		r.again(fmt.Sprint(i))
	}
	if !r.again("a") {
		t.Fatal(`"a" forgotten one generation later`)
	}
	for i := range 10 {
		r.again(fmt.Sprint("x", i))
	}
	if r.again("0") {
		t.Fatal(`"0" still remembered after two full generations`)
	}
}
