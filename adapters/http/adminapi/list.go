package adminapi

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"social/kit/adminkit"
)

// PageInMemory filters, sorts and slices a small list held in memory.
func PageInMemory[T any](resource string, items []T, in adminkit.ListInput) (*adminkit.ListOutput[T], error) {
	rows := make([]map[string]any, len(items))
	for i, it := range items {
		b, err := json.Marshal(it)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &rows[i]); err != nil {
			return nil, err
		}
	}
	idx := make([]int, 0, len(items))
	filter, err := parseFilter(in.Filter)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if matches(rows[i], filter) {
			idx = append(idx, i)
		}
	}
	field, desc, err := parseSort(in.Sort)
	if err != nil {
		return nil, err
	}
	if field != "" {
		sort.SliceStable(idx, func(a, b int) bool {
			c := compare(rows[idx[a]][field], rows[idx[b]][field])
			if desc {
				return c > 0
			}
			return c < 0
		})
	}
	first, last, err := parseRange(in.Range, len(idx))
	if err != nil {
		return nil, err
	}
	page := make([]T, 0, max(0, last-first+1))
	for _, i := range idx[first : last+1] {
		page = append(page, items[i])
	}
	return &adminkit.ListOutput[T]{ContentRange: adminkit.ContentRange(resource, first, len(page), len(idx)), Body: page}, nil
}

func parseSort(raw string) (field string, desc bool, err error) {
	if raw == "" {
		return "", false, nil
	}
	var s []string
	if json.Unmarshal([]byte(raw), &s) != nil || len(s) != 2 {
		return "", false, adminkit.ErrBadList
	}
	return s[0], strings.EqualFold(s[1], "DESC"), nil
}

// parseRange returns an inclusive [first, last] within total items.
func parseRange(raw string, total int) (int, int, error) {
	first, last := 0, adminkit.MaxPage-1
	if raw != "" {
		var r []int
		if json.Unmarshal([]byte(raw), &r) != nil || len(r) != 2 || r[0] < 0 || r[1] < r[0] {
			return 0, 0, adminkit.ErrBadList
		}
		first, last = r[0], min(r[1], r[0]+adminkit.MaxPage-1)
	}
	if first >= total {
		return total, total - 1, nil
	}
	return first, min(last, total-1), nil
}

func parseFilter(raw string) (map[string]any, error) {
	if raw == "" {
		return nil, nil
	}
	var f map[string]any
	if json.Unmarshal([]byte(raw), &f) != nil {
		return nil, adminkit.ErrBadList
	}
	return f, nil
}

func matches(row map[string]any, filter map[string]any) bool {
	for k, want := range filter {
		if k == "q" {
			q := strings.ToLower(fmt.Sprint(want))
			found := false
			for _, v := range row {
				if s, ok := v.(string); ok && strings.Contains(strings.ToLower(s), q) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
			continue
		}
		got := fmt.Sprint(row[k])
		if many, ok := want.([]any); ok {
			hit := false
			for _, w := range many {
				hit = hit || fmt.Sprint(w) == got
			}
			if !hit {
				return false
			}
		} else if fmt.Sprint(want) != got {
			return false
		}
	}
	return true
}

func compare(a, b any) int {
	af, aNum := a.(float64)
	bf, bNum := b.(float64)
	if aNum && bNum {
		switch {
		case af < bf:
			return -1
		case af > bf:
			return 1
		}
		return 0
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}
