package termtext

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"text/tabwriter"
)

// TestTableAsTabwriter: for text of single-width characters a Table writes tabwriter's bytes,
// left and right aligned, whatever the lines (columns of different lengths, empty cells,
// lines without a tab, text after the last tab, no final newline) and however the text is
// cut into writes: the tables in CLI.md and the tests that compare them stay as they were.
func TestTableAsTabwriter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"", "a", "rank", "Dwarf", "  program", "Imp Gate", "100.0", "-", "Long name of a warrior"}
	for i := range 2000 {
		var text strings.Builder
		for range rng.IntN(8) {
			for range rng.IntN(6) {
				text.WriteString(words[rng.IntN(len(words))])
				text.WriteByte('\t')
			}
			if rng.IntN(2) == 0 {
				text.WriteString(words[rng.IntN(len(words))])
			}
			text.WriteByte('\n')
		}
		if rng.IntN(4) == 0 {
			text.WriteString(words[rng.IntN(len(words))] + "\tend")
		}
		in := text.String()
		for _, align := range []Align{AlignLeft, AlignRight} {
			var flags uint
			if align == AlignRight {
				flags = tabwriter.AlignRight
			}
			var want, got bytes.Buffer
			tw := tabwriter.NewWriter(&want, 0, 0, 2, ' ', flags)
			tb := NewTable(&got, align)
			for rest := in; rest != ""; {
				n := min(len(rest), 1+rng.IntN(20))
				tw.Write([]byte(rest[:n]))
				tb.Write([]byte(rest[:n]))
				rest = rest[n:]
			}
			tw.Flush()
			tb.Flush()
			if got.String() != want.String() {
				t.Fatalf("case %d, align %d: %q\ngot  %q\nwant %q", i, align, in, got.String(), want.String())
			}
		}
	}
}

// TestTableAlignsByWidth: names of wide characters, emoji and combining marks leave the
// columns after them where the other rows have them, on a terminal.
func TestTableAlignsByWidth(t *testing.T) {
	names := []string{"Dwarf", "日本語の戦士", "戦士", "🐉 Dragon", "Ka\u0308sekuchen", "ｗｉｄｅ"}
	for _, c := range []struct {
		align Align
		head  string
		row   string // with %s for the name
	}{
		{AlignLeft, "  #\tprogram\tfile\talive\n", "  1\t%s\tw.red\tyes\n"},
		{AlignRight, "rank\tpoints\t  program\t\n", "1\t10\t  %s\t\n"},
		{AlignRight, "#\tscore\t  name\t  author\tage\t\n", "1\t2.0\t  %s\t  %s\t3\t  <- pushed off\n"},
	} {
		var b bytes.Buffer
		tb := NewTable(&b, c.align)
		tb.Write([]byte(c.head))
		for _, n := range names {
			tb.Write([]byte(strings.ReplaceAll(c.row, "%s", n)))
		}
		tb.Flush()
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		want := cellEdges(lines[0], c.align)
		for _, l := range lines[1:] {
			if got := cellEdges(l, c.align); len(got) < len(want) || !equalInts(got[:len(want)], want) { // (what follows the last tab is in no column)
				t.Errorf("%q: the cells end at columns %v, the head's at %v\n%s", l, got, want, b.String())
			}
		}
	}
}

// cellEdges is the terminal columns (Width) where a laid-out line's cells are aligned: where
// each run of 2 or more spaces ends, left aligned; where each starts, and the line's end,
// right aligned.
func cellEdges(line string, align Align) []int {
	var edges []int
	for i := 0; i < len(line); {
		if !strings.HasPrefix(line[i:], "  ") {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] == ' ' {
			j++
		}
		if align == AlignLeft {
			edges = append(edges, Width(line[:j]))
		} else {
			edges = append(edges, Width(line[:i]))
		}
		i = j
	}
	if align == AlignRight {
		edges = append(edges, Width(line))
	}
	return edges
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
