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
		{"mov *1, 2\n", "Bad '88 format at token '[*{}]'"},
		{"mov 1, >2\n", "Bad '88 format at token '>'"},
		{"mov.i 1, 2\n", "Bad '88 format at token '.'"},
		{"mul 1, 2\n", "Bad '88 format at token 'MUL'"},
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

// TestMessageRules: message rules of pMARS that the stderr corpus pins
// (PMARS-DETAILS.md 13); the whole stderr text is compared.
func TestMessageRules(t *testing.T) {
	const noAssert = "Warning:\n        Missing ';assert'. Warrior may not work with the current setting\n"
	tests := []struct {
		src    string
		strict bool
		want   string
	}{
		// one "Bad '88 format" per line, counted; the Invalid one is a kind of its own
		{";assert 1\nmov.i *1, {2\n", true, "Error in line 2: 'mov.i *1, {2'\n        Bad '88 format at token '[*{}]'\n" +
			"Number of errors: 3\nDuplicate errors/warnings found in line 2 (3)\n\n"},
		{";assert 1\ndat }1, 2\n", true, "Error in line 2: 'dat }1, 2'\n        Bad '88 format at token '[*{}]'\n" +
			"Error in line 2: 'dat }1, 2'\n        Invalid '88 format. Proper format: 'DAT [#<] [#<]'\n" +
			"Number of errors: 2\n\n"},
		// an undefined name in the B operand also leaves the operand incomplete...
		{"mov 0, tt\n", false, noAssert + "Error in line 1: 'mov 0, tt'\n        Undefined label or symbol: 'tt'\n" +
			"Error in line 1: 'mov 0, tt'\n        Incomplete operand at instruction 'MOV'\n" +
			"Number of errors: 2\nNumber of warnings: 1\n\n"},
		// ...but not when the opcode takes one operand or the expression had begun
		{"jmp 0, tt\n", false, noAssert + "Error in line 1: 'jmp 0, tt'\n        Undefined label or symbol: 'tt'\n" +
			"Number of errors: 1\nNumber of warnings: 1\n\n"},
		{"mov 0, #1+tt\n", false, noAssert + "Error in line 1: 'mov 0, #1+tt'\n        Undefined label or symbol: 'tt'\n" +
			"Number of errors: 1\nNumber of warnings: 1\n\n"},
		// a failing assert echoes its whole line
		{";assert CORESIZE == 1 ; why\ndat 0\n", false, "Error in line 1: ';assert CORESIZE == 1 '\n        Assertion in this line fails\n" +
			"Number of errors: 1\n\n"},
		// no instructions: a warning, the warrior is played
		{";assert 1\n", false, "Warning:\n        No instructions\nNumber of warnings: 1\n\n"},
	}
	for _, tc := range tests {
		cfg := DefaultConfig(1)
		cfg.Strict88 = tc.strict
		_, diag := Assemble([]byte(tc.src), cfg)
		if got := diag.Stderr(); got != tc.want {
			t.Errorf("%q (-8 %v):\n got  %q\n want %q", tc.src, tc.strict, got, tc.want)
		}
	}
	// the 9th distinct line message ends the assembly
	src := ";assert 1\n" + strings.Repeat("mov.i 0, 1\n", 12)
	cfg := DefaultConfig(1)
	cfg.Strict88 = true
	w, diag := Assemble([]byte(src), cfg)
	if w != nil || !diag.Aborted || strings.Count(diag.Stderr(), "Error in line") != 9 ||
		!strings.HasSuffix(diag.Stderr(), "\nToo many errors or warnings.\nProgram aborted.\n") {
		t.Errorf("too many errors: %v %q", w, diag.Stderr())
	}
}

// TestPrintfFormats: what glibc's printf made of '%' in pMARS's messages.
func TestPrintfFormats(t *testing.T) {
	tests := []struct {
		in      string
		argZero bool
		want    string
	}{
		{"a %% b", true, "a % b"},
		{"2%0'\n", true, "2%'0\n"}, // an unknown conversion: glibc re-prints the flags in its order
		{"x %8000)", true, "x %8000)"},
		{"(q) % CORESIZE)", true, "(q) \x00ORESIZE)"}, // %C with a 0 argument: a NUL byte
		{"(q) % CORESIZE)", false, "(q) "},            // %C with garbage: printf stops
		{"%d!", true, "0!"},
		// the number 0 as glibc's printf prints it (PMARS-DETAILS.md 16: "% dat 1"
		// was echoed as " 0at 1")
		{"% dat 1", true, " 0at 1"},
		{"%+d", true, "+0"},
		{"%+ i", true, "+0"},
		{"% u", true, "0"}, // the sign flags are for d and i only
		{"%5d|", true, "    0|"},
		{"%-5d|", true, "0    |"},
		{"%05d|", true, "00000|"},
		{"%+05d|", true, "+0000|"},
		{"% 05d|", true, " 0000|"},
		{"%-05d|", true, "0    |"},
		{"%.3d|", true, "000|"},
		{"%.d|", true, "|"},
		{"%5.0x|", true, "     |"},
		{"%#.0o|", true, "0|"},
		{"%08.2d|", true, "      00|"}, // a precision turns the 0 flag off
	}
	for _, tc := range tests {
		if got := printfQuirk(tc.in, tc.argZero); got != tc.want {
			t.Errorf("printfQuirk(%q, %v) = %q, want %q", tc.in, tc.argZero, got, tc.want)
		}
	}
}

// trav capitalises only 3-letter words to look for keywords (no allocation for
// the others), which is right only while every keyword has 3 letters.
func TestKeywordsHaveThreeLetters(t *testing.T) {
	for _, k := range append(opNames, "ROF", "FOR", "EQU") {
		if len(k) != 3 {
			t.Errorf("keyword %q has %d letters; trav's capitalising must change", k, len(k))
		}
	}
}
