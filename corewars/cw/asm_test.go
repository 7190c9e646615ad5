package cw

import (
	"strings"
	"testing"
)

var asmCases = []struct {
	src   string
	cells []string // Instr.String() of each cell
	start int
	name  string
}{
	{src: "title Little one\nl: jump l", cells: []string{"jump @+0"}, name: "Little one"},
	{src: "  # only a comment\n\nstart:\n  MOVE 1, x   # keywords in any case\nx: data 0\n", cells: []string{"move 1, @+1", "data 0"}, name: "t"},
	{src: "p: data &t\nd: data -5\nl: jump [p]\nt: data +7", cells: []string{"data 3", "data -5", "jump [@-2]", "data 7"}, start: 2, name: "t"},
	{src: "a: movei a1, b1\nloop [c], a\nfork a\nown [c]\nequal &a, a\nless 1, -2\ninfo 2, [c]\nsystem 0, 0\na1: data 0\nb1: data 0\nc: data 0",
		cells: []string{"movei @+8, @+9", "loop [@+9], @-1", "fork @-2", "own [@+7]", "equal -4, @-4", "less 1, -2", "info 2, [@+4]", "system 0, 0", "data 0", "data 0", "data 0"}, name: "t"},
	{src: "l: jump l\r\nm: jump m\r\n", cells: []string{"jump @+0", "jump @+0"}, name: "t"},
	{src: "x:\ny:\n  neg x, y", cells: []string{"neg @+0, @+0"}, name: "t"},
	{src: "add 2147483647, x\nmul -2147483648, x\nx: jump x", cells: []string{"add 2147483647, @+2", "mul -2147483648, @+1", "jump @+0"}, name: "t"},
}

func TestAssemble(t *testing.T) {
	for _, tc := range asmCases {
		p, err := Assemble("t.cw", []byte(tc.src))
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		var got []string
		for _, in := range p.Code {
			got = append(got, in.String())
		}
		if strings.Join(got, "|") != strings.Join(tc.cells, "|") {
			t.Errorf("%q:\n got %q\nwant %q", tc.src, got, tc.cells)
		}
		if p.Start != tc.start || p.Name != tc.name {
			t.Errorf("%q: start %d name %q, want %d %q", tc.src, p.Start, p.Name, tc.start, tc.name)
		}
	}
}

// Each source has one error (the test checks that); want is "line:col: text" where text must appear in the message.
var asmErrors = []struct{ src, want string }{
	{"l: jmp l", "1:4: unknown instruction \"jmp\""},
	{"möve 1, l\nl: jump l", "1:1: unknown instruction \"möve\": instructions and labels are ASCII letters"},
	{"lääp: jump lääp", "1:1: unknown instruction \"lääp\": instructions and labels are ASCII letters"},
	{"l: jump m", "1:9: undefined label \"m\""},
	{"l: jump l\nl: jump l", "2:1: label \"l\" is already defined on line 1"},
	{"move 1\nl: jump l", "1:7: move needs 2 operands, found 1"},
	{"move\nl: jump l", "1:5: move needs 2 operands"},
	{"l: jump l, l", "1:10: jump takes 1 operand, found more"},
	{"move 1, 2\nl: jump l", "1:9: move: operand 2 must be a label or [label]"},
	{"move 1, &l\nl: jump l", "1:9: move: operand 2 must be a label or [label]"},
	{"jump 5", "1:6: jump: operand 1 must be a label or [label]"},
	{"l: movei [l], l", "1:10: movei: operand 1 must be a plain label"},
	{"data x\nl: jump l", "1:6: data: operand 1 must be an integer or &label"},
	{"data [x]\nx: jump x", "1:6: data: operand 1 must be an integer or &label"},
	{"x: data 2147483648\nl: jump l", "1:9: number 2147483648 is out of range"},
	{"x: data 12ab\nl: jump l", "1:9: malformed number \"12ab\""},
	{"x: data -\nl: jump l", "1:9: malformed number \"-\""},
	{"l: jump [l\n", "1:11: expected ']' to close [l"},
	{"l: jump []\n", "1:10: expected a label inside [ ]"},
	{"move &, x\nx: jump x", "1:7: expected a label after '&'"},
	{"l: jump l extra", "1:11: unexpected \"extra\" after the operands"},
	{"move 1 x\nx: jump x", "1:8: expected ',' before operand 2"},
	{"move 1,\nx: jump x", "1:8: operand 2 is missing after ','"},
	{"l: jump ?", "1:9: expected an operand"},
	{"l: title x\nm: jump m", "1:1: title must not have a label"},
	{"title a\ntitle b\nm: jump m", "2:1: a second title (the first is on line 1)"},
	{"title   \nm: jump m", "1:6: title needs a text"},
	{"3: jump l", "1:1: expected an instruction keyword"},
	{"", "1:1: the program has no instructions"},
	{"# nothing\n", "1:1: the program has no instructions"},
	{"data 1\ndata 2", "1:1: the program has only data cells"},
	{"l: jump l\nend:", "2:1: label \"end\" labels no instruction"},
	// A label-only line before a line that fails labels that line: its error alone is told.
	{"l: jump x\nx:\n move 1, 2\n", "3:10: move: operand 2 must be a label or [label]"},
	{"l: jump x\nx:\n bogus 1\n", "3:2: unknown instruction \"bogus\""},
	{"l: jump x\nx:\n3\n", "3:1: expected an instruction keyword"},
	{"l: jump x\nx:\ny:\nl: jump l\n", "4:1: label \"l\" is already defined on line 1"},
}

func TestAssembleErrors(t *testing.T) {
	for _, tc := range asmErrors {
		_, err := Assemble("t.cw", []byte(tc.src))
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.src, tc.want)
			continue
		}
		i := strings.Index(tc.want, ": ")
		wantPos, wantMsg := "t.cw:"+tc.want[:i]+": ", tc.want[i+2:]
		if !strings.HasPrefix(err.Error(), wantPos) || !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("%q:\n got %v\nwant %s%s", tc.src, err, wantPos, wantMsg)
		}
		if n := strings.Count(err.Error(), "\n") + 1; n != 1 {
			t.Errorf("%q: %d errors, want 1:\n%v", tc.src, n, err)
		}
	}
}

func TestAssembleManyErrors(t *testing.T) {
	src := strings.Repeat("bogus\n", 30)
	_, err := Assemble("t.cw", []byte(src))
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 11 || !strings.Contains(lines[10], "too many errors") {
		t.Errorf("got %d lines, last %q; want 10 errors and a 'too many errors' line", len(lines), lines[len(lines)-1])
	}
}
