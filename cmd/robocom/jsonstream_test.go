package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"
)

// TestJSONStreamIsMarshalIndent: the streamed document is byte for byte what MarshalIndent
// gives for the whole, with no items, one, several, nested values and characters JSON
// escapes.
func TestJSONStreamIsMarshalIndent(t *testing.T) {
	type item struct {
		N    int      `json:"n"`
		S    string   `json:"s"`
		L    []int    `json:"l"`
		P    *string  `json:"p"`
		Subs []string `json:"subs"`
	}
	type head struct {
		Name string `json:"name"`
		Seed int64  `json:"seed"`
	}
	type doc struct {
		Name        string `json:"name"`
		Seed        int64  `json:"seed"`
		Items       []item `json:"items"`
		Totals      []int  `json:"totals"`
		Interrupted bool   `json:"interrupted,omitempty"`
	}
	s := "<&> \"é\"\n"
	for _, items := range [][]item{
		{},
		{{N: 1}},
		{{N: 1, S: s, L: []int{1, 2}, P: &s, Subs: []string{}}, {N: 2, Subs: []string{"a", "b"}}, {}},
	} {
		for _, interrupted := range []bool{false, true} {
			want, _ := json.MarshalIndent(doc{"x" + s, -3, items, []int{4, 5}, interrupted}, "", "  ")
			var b bytes.Buffer
			w := bufio.NewWriter(&b)
			js := startJSONStream(w, head{"x" + s, -3}, "items")
			for _, it := range items {
				js.item(it)
			}
			fields := []field{{"totals", []int{4, 5}}}
			if interrupted {
				fields = append(fields, field{"interrupted", true})
			}
			js.end(fields...)
			w.Flush()
			if got := b.String(); got != string(want)+"\n" {
				t.Errorf("%d items, interrupted %v:\n%s\nwant\n%s", len(items), interrupted, got, want)
			}
		}
	}
}
