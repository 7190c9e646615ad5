package redcode

import (
	"strings"
	"testing"
)

// listBody assembles src (one warrior, default settings) and returns the
// instruction lines of its listing, trimmed, or the stderr text on failure.
func listBody(t *testing.T, src string, strict bool, warriors int) (string, string) {
	t.Helper()
	cfg := DefaultConfig(warriors)
	cfg.Strict88 = strict
	cfg.InitialRegs['w'-'a'], cfg.InitialRegs['s'-'a'] = int64(warriors), int64(warriors)
	w, diag := Assemble([]byte(src), cfg)
	if w == nil {
		return "", diag.Stderr()
	}
	var lines []string
	for _, l := range strings.Split(w.Listing(8000), "\n")[2:] {
		if l = strings.Join(strings.Fields(l), " "); l != "" && !strings.HasPrefix(l, "ORG") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, " | "), diag.Stderr()
}

// TestAssemblerVectors: PMARS-DETAILS.md section 16 and 9-12.
func TestAssemblerVectors(t *testing.T) {
	tests := []struct {
		src, list, errs string
	}{
		{"x EQU 1+2\nDAT #x*2, #x\n", "DAT.F # 5, # 3", ""},
		{"DAT #1 2, 3 4\n", "DAT.F # 12, $ 34", ""},
		{"i FOR 3\nlab&i dat #i, lab&i\nROF\n", "DAT.F # 1, $ 0 | DAT.F # 2, $ 0 | DAT.F # 3, $ 0", ""},
		{"x dat 0,0\nx dat 1,1\ndat 2,2\n", "DAT.F $ 0, $ 0 | DAT.F $ 2, $ 2", "Ignored, redefinition of label 'x'"},
		{"jmp q\n", "JMP.B $ 0, $ 0", ""},
		{"ORG 0\na dat 0\nb dat 1\nEND b\n", "DAT.F # 0, $ 0 | START DAT.F # 0, $ 1", ""},
		{";assert 1+2*3==7\ndat 0\n", "DAT.F # 0, $ 0", "Invalid ';assert' parameter"},
		{"dat #1+2*3==7, 0\n", "", "Bad expression"},
		{"nop\n", "", "Syntax error"},
		{"jmz 1\n", "", "Incomplete operand at instruction 'JMZ'"},
		{"mac EQU mov 0, 1\n    EQU add #1, 2\n    EQU sub\ntop mac #3, 4\njmp top\n",
			"MOV.I $ 0, $ 1 | ADD.AB # 1, $ 2 | SUB.AB # 3, $ 4 | JMP.B $ -3, $ 0", ""},
		{"DAT #z=3+4, #z*2\n", "DAT.F # 7, # 14", ""},
		{"a EQU b\nb EQU a\ndat a\n", "", "Recursive reference of label"},
		{"for 0\ndat 1\nrof\ndat 2\n", "DAT.F # 0, $ 2", ""},
		{"dat #w, #s\n", "DAT.F # 3, # 3", ""},
		{"rof\n", "", "Unopened FOR"},
		{"dat 1\n;assert 0\n", "", "Assertion in this line fails"},
		{"a b c d e f g h dat 0\n", "", "Too many labels for a declaration (last: 'h')"},
		{"dat #CORESIZE, #MAXLENGTH+VERSION\n", "DAT.F # 0, # 192", ""},
		{"dat #CURLINE\ndat #CURLINE\n", "DAT.F # 0, # 0 | DAT.F # 0, # 1", ""},
		{"x EQU 4\ndat #5 x, #x 5\n", "", "Bad expression"},
		{"dat 0\nlab\n", "DAT.F # 0, $ 0", "Discarding these labels: 'lab'"},
		{"dat 0\nend 5\n", "DAT.F # 0, $ 0", "Execution starts from outside of the program"},
		{"mov.q 0, 1\n", "", "Missing 'modifier'"},
		{"mov 0, 1, 2\n", "", "Improper placement of ','"},
		{"dat 1/0\n", "", "Division by zero"},
		{"mov 0 @1\n", "", "Improper placement of '@'"},
		{"jmp undefinedlabel\n", "", "Undefined label or symbol: 'undefinedlabel'"},
	}
	for _, tc := range tests {
		warriors := 1
		if strings.Contains(tc.src, "#w") {
			warriors = 3
		}
		list, errs := listBody(t, tc.src, false, warriors)
		if tc.list != "" && !strings.Contains(tc.list, "START") && !strings.Contains(tc.errs, "outside") {
			tc.list = "START " + tc.list
		}
		if list != tc.list || (tc.errs != "" && !strings.Contains(errs, tc.errs)) {
			t.Errorf("%q:\n got  %q %q\n want %q %q", tc.src, list, errs, tc.list, tc.errs)
		}
	}
}

func TestStrict88Vectors(t *testing.T) {
	tests := []struct{ src, errs string }{
		{"mov *1, 2\n", "Bad '88 format at token '*'"},
		{"mov 1, >2\n", "Bad '88 format at token '>'"},
		{"mov.i 1, 2\n", "Bad '88 format at token '.'"},
		{"mul 1, 2\n", "Bad '88 format at token 'mul'"},
		{"org 0\ndat #0\n", "Bad '88 format at token 'ORG'"},
		{"dat $1, #1\n", "Invalid '88 format. Proper format: 'DAT [#<] [#<]'"},
		{"add 1, #2\n", "Invalid '88 format. Proper format: 'ADD [#$@<] [$@<]'"},
		{"jmz #1, 2\n", "Invalid '88 format. Proper format: 'JMZ [$@<] [#$@<]'"},
	}
	for _, tc := range tests {
		if _, errs := listBody(t, tc.src, true, 1); !strings.Contains(errs, tc.errs) {
			t.Errorf("-8 %q: %q, want %q", tc.src, errs, tc.errs)
		}
	}
	if list, errs := listBody(t, "slt #1, 2\nstart mov 0, 1\nend start\n", true, 1); list != "SLT # 1, $ 2 | START MOV $ 0, $ 1 | END START" {
		t.Errorf("-8 listing: %q %q", list, errs)
	}
}

// TestPrintfQuirk: a '%' in an echoed line goes through printf in pMARS.
func TestPrintfQuirk(t *testing.T) {
	_, errs := listBody(t, "dat 1 %% 0, 1, 2\n", false, 1)
	if !strings.Contains(errs, "'dat 1 % 0, 1, 2'") {
		t.Errorf("%q", errs)
	}
}
