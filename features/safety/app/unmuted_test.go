package app

import (
	"context"
	"slices"
	"strings"
	"testing"

	"social/core/domain"
)

// asciiFolding folds ASCII only, as the tests' texts are.
type asciiFolding struct{}

func (asciiFolding) MutedWordsInForce(context.Context, domain.UserID) ([]string, error) {
	return nil, nil
}

func (asciiFolding) FoldCharacters(_ context.Context, chars []rune) ([]string, error) {
	out := make([]string, len(chars))
	for i, c := range chars {
		out[i] = strings.ToLower(string(c))
	}
	return out, nil
}

// listOf reads texts in pages of size after the given row (its index).
func listOf(texts []string, size int, reads *int) func(after *int) ([]int, error) {
	return func(after *int) ([]int, error) {
		*reads++
		from := 0
		if after != nil {
			from = *after + 1
		}
		var page []int
		for i := from; i < len(texts) && len(page) < size; i++ {
			page = append(page, i)
		}
		return page, nil
	}
}

func TestUnmutedKeepsThePageAndSaysWhereTheNextStarts(t *testing.T) {
	texts := []string{"um", "dois gato", "três", "quatro gato", "cinco", "seis"}
	for _, c := range []struct {
		name      string
		words     *MutedWords
		limit     int
		rows      int // rows in the list
		want      []int
		wantLast  int // -1: none
		wantMore  bool
		wantReads int
	}{
		{"no words, a full page", nil, 3, 6, []int{0, 1, 2}, 2, true, 1},
		{"no words, the end of the list", nil, 4, 3, []int{0, 1, 2}, 2, false, 1},
		{"no words, an empty list", nil, 3, 0, nil, -1, false, 1},
		{"words hide rows, read again", NewMutedWords([]string{"gato"}), 3, 6, []int{0, 2, 4}, 4, true, 2},
		{"words hide rows, to the end", NewMutedWords([]string{"gato"}), 5, 6, []int{0, 2, 4, 5}, 5, false, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			reads := 0
			kept, last, more, err := Unmuted(context.Background(), asciiFolding{}, c.words, c.limit,
				listOf(texts[:c.rows], c.limit, &reads), func(i *int) string { return texts[*i] })
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(kept, c.want) || more != c.wantMore || reads != c.wantReads {
				t.Errorf("kept %v more %v after %d reads; want %v, %v, %d", kept, more, reads, c.want, c.wantMore, c.wantReads)
			}
			if (last == nil) != (c.wantLast < 0) || (last != nil && *last != c.wantLast) {
				t.Errorf("last %v, want %d", last, c.wantLast)
			}
		})
	}
}
