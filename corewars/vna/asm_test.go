package vna

import (
	"strings"
	"testing"
)

var asmCases = []struct{ src, want string }{
	{"COPY 3, 4\nEDITB -1, add(b(-1), 1)\nJUMP -2\nBOMB", "COPY 3, 4\nEDITB -1, add(b(-1),1)\nJUMP -2\nBOMB\n"},
	{"SPLIT -3\nJUMP com(exe(),1,4,1,1)\nMERGE\nEDITA -3, sub(a(-3),2)\nJUMP -4\nCOPY 2, sub(a(-5),7)\nJUMP sub(a(-5),8)\nJUMP 0",
		"SPLIT -3\nJUMP com(exe(),1,4,1,1)\nMERGE\nEDITA -3, sub(a(-3),2)\nJUMP -4\nCOPY 2, sub(a(-5),7)\nJUMP sub(a(-5),8)\nJUMP 0\n"},
	{"; comment\n\n  copy 1 , 2 ; lower case\r\nblank\nBOMB 1, 2, 3\nJUMP\nMERGE 0, 0, 5", "COPY 1, 2\nBLANK\nBOMB 1, 2, 3\nJUMP 0\nMERGE 0, 0, 5\n"},
	{"JUMP +5\nJUMP pow( 2 , 3 )\nJUMP -9223372036854775808", "JUMP 5\nJUMP pow(2,3)\nJUMP -9223372036854775808\n"},
}

func TestAssemble(t *testing.T) {
	for _, tc := range asmCases {
		p, err := Assemble("t.vna", []byte(tc.src))
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if got := p.String(); got != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.src, got, tc.want)
		}
		// What the printer writes assembles to the same program.
		q, err := Assemble("t.vna", []byte(p.String()))
		if err != nil || q.String() != p.String() {
			t.Errorf("round trip of %q: %v %q", tc.src, err, q)
		}
	}
}

var asmErrors = []struct{ src, want string }{
	{"COPPY 1, 2", "1:1: unknown command \"COPPY\""},
	{"CÖPY 1, 2", "1:1: unknown command \"CÖPY\": commands are ASCII letters"},
	{"JUMP 1\n  12", "2:3: unknown command \"12\""},
	{"COPY 1 2", "1:8: expected ',' between values"},
	{"COPY 1,", "1:8: value b is missing after ','"},
	{"COPY 1, 2, 3, 4", "1:13: a node has at most three values"},
	{"BLANK 3", "1:7: BLANK holds no values"},
	{"JUMP foo(1)", "1:6: unknown function \"foo\""},
	{"JUMP add(1)", "1:6: add takes 2 arguments, found 1"},
	{"JUMP exe(1)", "1:6: exe takes 0 arguments, found 1"},
	{"JUMP com(1,2,3,4)", "1:6: com takes 5 arguments, found 4"},
	{"JUMP add 1", "1:10: expected '(' after add"},
	{"JUMP add(1,2", "1:13: expected ')' to close add("},
	{"JUMP add(1;2)", "1:11: expected ')' to close add("},
	{"JUMP add(1 2)", "1:12: expected ',' or ')' in add(...)"},
	{"JUMP 99999999999999999999", "1:6: number 99999999999999999999 is out of range"},
	{"JUMP 12x", "1:6: malformed number \"12x\""},
	{"JUMP -", "1:6: malformed number \"-\""},
	{"JUMP ?", "1:6: expected a value"},
	{"JUMP add(,1)", "1:10: expected a value"},
	{"JUMP " + strings.Repeat("a(", 70) + "0" + strings.Repeat(")", 70), "1:136: functions nested more than 64 deep"},
	{strings.Repeat("JUMP 0\n", 41), "41:1: a program has at most 40 nodes"},
	{"", "1:1: the program has no nodes"},
	{"; nothing\n\n", "1:1: the program has no nodes"},
}

func TestAssembleErrors(t *testing.T) {
	for _, tc := range asmErrors {
		_, err := Assemble("t.vna", []byte(tc.src))
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.src, tc.want)
			continue
		}
		i := strings.Index(tc.want, ": ")
		wantPos, wantMsg := "t.vna:"+tc.want[:i]+": ", tc.want[i+2:]
		if !strings.HasPrefix(err.Error(), wantPos) || !strings.Contains(err.Error(), wantMsg) {
			t.Errorf("%q:\n got %v\nwant %s%s", tc.src, err, wantPos, wantMsg)
		}
	}
}
