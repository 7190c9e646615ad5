package robolang

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"robocom/internal/srcerr"
)

// errMark marks, in a test source, the place where an error is expected. The line's
// comment holds one `ERROR "regexp"` per mark, in the same order (go/parser's
// error_test.go idea). The marks are removed before parsing.
const errMark = "⟦"

var errorRx = regexp.MustCompile(`ERROR "((?:[^"\\]|\\.)*)"`)

type wantErr struct {
	pos Pos
	rx  *regexp.Regexp
}

// expectedErrors strips the marks from src and returns the errors they announce.
func expectedErrors(t *testing.T, src string) (string, []wantErr) {
	t.Helper()
	var out []string
	var want []wantErr
	for i, line := range strings.Split(src, "\n") {
		var rxs []string
		if c := strings.Index(line, ";"); c >= 0 {
			for _, m := range errorRx.FindAllStringSubmatch(line[c:], -1) {
				rxs = append(rxs, m[1])
			}
		}
		var cols []int
		for {
			k := strings.Index(line, errMark)
			if k < 0 {
				break
			}
			cols = append(cols, len([]rune(line[:k]))+1)
			line = line[:k] + line[k+len(errMark):]
		}
		if len(cols) != len(rxs) {
			t.Fatalf("test source line %d: %d marks but %d ERROR comments", i+1, len(cols), len(rxs))
		}
		for k := range cols {
			want = append(want, wantErr{Pos{i + 1, cols[k]}, regexp.MustCompile(rxs[k])})
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n"), want
}

// errorCases are broken programs; each mark is one expected error.
var errorCases = []struct {
	name string
	src  string
	opt  Options
}{
	{"unknown instruction", `Bank
  ⟦Foo 1, 2   ; ERROR "unknown instruction \"Foo\""
  ⟦Setx #1,1  ; ERROR "unknown instruction \"Setx\""
  ⟦loop:      ; ERROR "unknown instruction \"loop:\": a label is written @loop, alone on its line"
  Set #1, 1
`, Options{}},
	{"unknown operands", `Bank
  Set ⟦#0, 1      ; ERROR "unknown variable #0"
  Set ⟦#21, 1     ; ERROR "unknown variable #21"
  Set ⟦#01, 1     ; ERROR "unknown variable #01"
  Set #1, ⟦#Act   ; ERROR "unknown variable #Act"
  Set #1, ⟦$Foo   ; ERROR "unknown constant \$Foo"
  Set #1, ⟦%Foo   ; ERROR "unknown remote %Foo"
  Set #1, ⟦foo    ; ERROR "invalid operand \"foo\""
  Set #1, ⟦+5     ; ERROR "invalid operand \"\+5\""
  Set #1, ⟦$x ⟦%y ; ERROR "unknown constant \$x" ERROR "too many operands"
`, Options{}},
	{"missing commas", `Bank
  Set #1 ⟦2          ; ERROR "missing comma before \"2\": operands are separated by commas"
  Create 1 ⟦2 ⟦3     ; ERROR "missing comma before \"2\"" ERROR "missing comma before \"3\""
  Jump 1 ⟦2          ; ERROR "too many operands: JUMP takes 1 operand"
  Set #1, 2 ⟦#3      ; ERROR "too many operands"
  Set ⟦5 ⟦#3         ; ERROR "SET cannot write to 5" ERROR "missing comma before \"#3\""
`, Options{}},
	{"operand count", `Bank
  ⟦Set #1        ; ERROR "too few operands: SET takes 2 operands, found 1"
  ⟦Create        ; ERROR "too few operands: CREATE takes 3 operands, found 0"
  Move ⟦1        ; ERROR "too many operands: MOVE takes no operands"
  Jump 1, ⟦2     ; ERROR "too many operands: JUMP takes 1 operand"
  Set #1,⟦       ; ERROR "operand 2 of SET is missing"
  Trans ⟦, 1     ; ERROR "operand 1 of TRANS is missing"
`, Options{}},
	{"writing a constant", `Bank
  @l
  Set ⟦5, 1           ; ERROR "SET cannot write to 5"
  Add ⟦$Banks, 1      ; ERROR "ADD cannot write to \$Banks"
  Sub ⟦%banks, 1      ; ERROR "SUB cannot write to %banks"
  Scan ⟦%Mobile       ; ERROR "SCAN cannot write to %Mobile"
  Set ⟦@l, 1          ; ERROR "cannot write to the label @l"
  Set %active, 5
  Scan #active
`, Options{}},
	{"literal range", `Bank
  Set #1, ⟦32768        ; ERROR "literal 32768 out of range"
  Set #1, ⟦-32769       ; ERROR "literal -32769 out of range"
  Set #1, ⟦123456789012345678901234567890 ; ERROR "out of range"
  Set #1, 32767
  Set #1, -32768
`, Options{}},
	{"labels", `Bank a
  @Loop
  Jump ⟦@nowhere     ; ERROR "undefined label @nowhere"
⟦@LOOP               ; ERROR "label @LOOP already defined on line 2"
  ⟦@                 ; ERROR "label without a name"
  @x ⟦junk           ; ERROR "unexpected \"junk\" after label @x"
  Jump @x
  Jump @loop
  Jump ⟦@            ; ERROR "label without a name"
`, Options{}},
	{"before the first bank", `Name x
⟦Set #1, 1         ; ERROR "instruction SET before the first Bank line"
⟦hello world       ; ERROR "unexpected \"hello\" before the first Bank line"
⟦@start            ; ERROR "label @start before the first Bank line"
Author me
Bank
  Die
⟦Country de        ; ERROR "Country line after the first Bank line"
⟦name again        ; ERROR "name line after the first Bank line"
`, Options{}},
	{"header twice", `Name a
⟦NAME b     ; ERROR "NAME given twice \(first on line 1\)"
Bank
`, Options{}},
	{"rc3 needs the option", `Bank
  ⟦Mul #1, 2         ; ERROR "MUL is an RC3 instruction"
  Set #1, ⟦$Time     ; ERROR "\$Time is an RC3 constant"
  Set ⟦#Pub, 1       ; ERROR "#Pub is an RC3 variable"
  Set #1, $Fields
  Set #1, $InstrSet
  Set #1, %Mobile
  Set #1, %InstrSet
`, Options{}},
	{"rc3 forms under classic name the option set", `Bank
  ⟦AJump 1              ; ERROR "AJUMP is an RC3 instruction: the option set classic does not have it \(it needs rc3 or rc3m\)"
  ⟦RTrans 1, 2          ; ERROR "RTRANS is an RC3 instruction"
  ⟦FarScan #1, #2, 3    ; ERROR "FARSCAN is an RC3 instruction"
  ⟦Random #1, 1, 6      ; ERROR "RANDOM is an RC3 instruction"
  ⟦Div #1, 2            ; ERROR "DIV is an RC3 instruction"
  ⟦Mod #1, 2            ; ERROR "MOD is an RC3 instruction"
  ⟦Min #1, 2            ; ERROR "MIN is an RC3 instruction"
  ⟦Max #1, 2            ; ERROR "MAX is an RC3 instruction"
  ⟦Init 1, 1            ; ERROR "INIT is an RC3 instruction"
  ⟦Quit                 ; ERROR "QUIT is an RC3 instruction"
  ⟦Seize                ; ERROR "SEIZE is an RC3 instruction"
  ⟦Resume               ; ERROR "RESUME is an RC3 instruction"
  ⟦Break                ; ERROR "BREAK is an RC3 instruction"
  ⟦Sleep 3              ; ERROR "SLEEP is an RC3 instruction"
  Set ⟦##1, 2           ; ERROR "##1 is an RC3 indirect variable: the option set classic"
  Set #1, ⟦%Age         ; ERROR "%Age is an RC3 remote"
  Set #1, ⟦#Team        ; ERROR "#Team is an RC3 variable"
  Set #1, ⟦$Tasks       ; ERROR "\$Tasks is an RC3 constant"
`, Options{}},
	{"@@label under classic names rc3", `Bank
@top
  Set #1, ⟦@@top        ; ERROR "@@top is an RC3 label form \(the number of label @top\): the option set classic does not have it"
  Set #1, ⟦@@nowhere    ; ERROR "undefined label @@nowhere"
@@ok
  Set #1, @@ok
`, Options{}},
	{"rc3 forms under a named classic set", `Bank
  ⟦Quit ; ERROR "QUIT is an RC3 instruction: the option set myset has classic instructions \(it needs instructions = rc3, as rc3 and rc3m have\)"
`, Options{Set: "myset"}},
	{"rc3 forms under rc3 with classic instructions", `Bank
  ⟦Quit ; ERROR "QUIT is an RC3 instruction: the option set rc3 has classic instructions"
`, Options{Set: "rc3"}},
	{"rc3 accepts every instruction and form", `Bank
@top
  AJump @@top
  AJump @top
  RTrans %Age, ##3
  FarScan #1, ##2, $Fields
  Random #Pub, -3, 3
  Mul #Team, @@top
  Div ##20, 2
  Mod #1, $Time
  Min #1, $Age
  Max #1, $Own
  Init $Others, $ID
  Quit
  Seize
  Resume
  Break
  Sleep $Generation
  Set #1, $InstrPos
  Set #1, $ElimTrigger
  Set #1, $Timeout
  Set #1, $Tasks
  Set %Active, %Age
`, Options{RC3: true}},
	{"rc3 load errors", `Bank
  Set ⟦##0, 1                 ; ERROR "unknown variable ##0: an indirect variable is ##1..##20"
  Set ⟦##21, 1                ; ERROR "unknown variable ##21"
  Set ⟦##Active, 1            ; ERROR "unknown variable ##Active"
  Set ⟦$Time, 1               ; ERROR "SET cannot write to \$Time: operand 1 must be #1..#20, ##k, #Active, %Active, #Pub or #Team"
  Set ⟦%Age, 1                ; ERROR "SET cannot write to %Age"
  Set ⟦@@x, 1                 ; ERROR "SET cannot write to the label @@x"
  FarScan #1, ⟦3, 4           ; ERROR "FARSCAN cannot write to 3: operand 2"
  ⟦Init 1                     ; ERROR "too few operands: INIT takes 2 operands, found 1"
  Quit ⟦1                     ; ERROR "too many operands: QUIT takes no operands"
  ⟦Random #1, 2               ; ERROR "too few operands: RANDOM takes 3 operands"
  AJump ⟦@@nowhere            ; ERROR "undefined label @nowhere"
  Sleep ⟦@@                   ; ERROR "label without a name after \"@@\""
⟦@@x                          ; ERROR "label @@x: under rc3 a label name must not begin with \"@\""
  Die
`, Options{RC3: true}},
	{"every error of a line", `Bank
  Create ⟦#22, ⟦$x, ⟦99999   ; ERROR "unknown variable #22" ERROR "unknown constant \$x" ERROR "literal 99999 out of range"
  ⟦Set ⟦1                    ; ERROR "too few operands" ERROR "SET cannot write to 1"
`, Options{}},
	{"not text", "Bank\n  Die\n  ⟦\x00\x01\x02 ; ERROR \"not a text file: it contains NUL bytes\"\n", Options{}},
	{"control character", "Bank\n  Die⟦\x07 ; ERROR \"not a text file: it contains the control character U\\+0007\"\n", Options{}},
	// Keywords and names fold ASCII letters only: Unicode's folding made "ſet" SET and "dıe" DIE.
	{"unicode folding", `Bank
  ⟦ſet #1, 1        ; ERROR "unknown instruction \"ſet\""
  ⟦dıe              ; ERROR "unknown instruction \"dıe\""
  Set #1, ⟦$Bankſ   ; ERROR "unknown constant \$Bankſ"
  Die
`, Options{}},
	// Every program that loads can be shared as RBI, whose fields hold 4096 bytes.
	{"long name", "⟦Name " + strings.Repeat("x", MaxText+1) + " ; ERROR \"Name longer than 4096 bytes\"\nBank\n  Die\n", Options{}},
	{"long bank name", "⟦Bank " + strings.Repeat("x", MaxText+1) + " ; ERROR \"bank name longer than 4096 bytes\"\n  Die\n", Options{}},
}

func TestErrors(t *testing.T) {
	for _, c := range errorCases {
		t.Run(c.name, func(t *testing.T) {
			src, want := expectedErrors(t, c.src)
			checkErrors(t, src, c.opt, want)
		})
	}
}

func checkErrors(t *testing.T, src string, opt Options, want []wantErr) {
	t.Helper()
	p, err := Parse("test.rob", []byte(src), opt)
	if len(want) == 0 {
		if err != nil {
			t.Fatalf("unexpected errors:\n%v", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("loaded %q, want %d errors", p.Name, len(want))
	}
	var list srcerr.List
	if !errors.As(err, &list) {
		t.Fatalf("error is %T, want srcerr.List", err)
	}
	for i := 1; i < len(list); i++ {
		if list.Less(i, i-1) {
			t.Errorf("errors not sorted: %v before %v", list[i-1], list[i])
		}
	}
	for i := 0; i < len(want) || i < len(list); i++ {
		switch {
		case i >= len(list):
			t.Errorf("missing error at %v matching %q", want[i].pos, want[i].rx)
		case i >= len(want):
			t.Errorf("unexpected error %v", list[i])
		case (Pos{list[i].Line, list[i].Col}) != want[i].pos || !want[i].rx.MatchString(list[i].Msg):
			t.Errorf("got %v\nwant test.rob:%v: matching %q", list[i], want[i].pos, want[i].rx)
		default:
			if list[i].File != "test.rob" {
				t.Errorf("error file %q", list[i].File)
			}
			if !strings.HasPrefix(list[i].Error(), fmt.Sprintf("test.rob:%d:%d: ", want[i].pos.Line, want[i].pos.Col)) {
				t.Errorf("Error() = %q", list[i].Error())
			}
		}
	}
}

// TestLimits builds programs just inside and just past the limits of section 3.
func TestLimits(t *testing.T) {
	banks := func(n int) string { return strings.Repeat("Bank\n", n) }
	if _, err := Parse("x.rob", []byte(banks(MaxBanks)), Options{}); err != nil {
		t.Errorf("%d banks: %v", MaxBanks, err)
	}
	src := banks(MaxBanks) + errMark + "Bank ; ERROR \"too many banks: a program has at most 50\"\nbank ; reported once\n"
	src, want := expectedErrors(t, src)
	checkErrors(t, src, Options{}, want)

	code := "Bank\n" + strings.Repeat("Die\n", MaxInstructions)
	if _, err := Parse("x.rob", []byte(code), Options{}); err != nil {
		t.Errorf("%d instructions: %v", MaxInstructions, err)
	}
	src = code + errMark + "Die ; ERROR \"too many instructions in bank 1: a bank holds at most 1000\"\nDie\nBank\n" + strings.Repeat("Die\n", MaxInstructions)
	src, want = expectedErrors(t, src)
	checkErrors(t, src, Options{}, want)
}

// resolved prints a bank's code with labels as the numbers they stand for.
func resolved(b Bank) string {
	var s []string
	for _, in := range b.Code {
		s = append(s, Disassemble(in))
	}
	return strings.Join(s, "; ")
}

func TestLabels(t *testing.T) {
	src := `; labels as ROBOCOM.md section 3 defines them
Name Labels
Bank One
  @Loop            ; labels the next instruction
  Add #1, 1
  Turn 1
  Jump @loop       ; case-insensitive: -2
  Jump @end        ; one past the end of this bank: +2
  Comp #1, @Two    ; another bank: the instruction number there, 2
@end
Bank Two
  @friend?
  Die
  @Two
  BJump 1, @LOOP   ; BJUMP: always the number in the label's bank, 1
  BJump 2, @two    ; even in the same bank: 2
  Jump @friend?    ; -3
  Jump @TWO        ; -3
  @self
  Jump @self       ; 0: a jump to itself
  Set #2, @end     ; bank One is another bank: one past its end, 6
  @2
  @3
Bank
Bank Three
  Jump @2          ; 2 labels on the same spot, one past the end of bank Two
  Jump @3
`
	p, err := Parse("labels.rob", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"ADD #1, 1; TURN 1; JUMP -2; JUMP 2; COMP #1, 2",
		"DIE; BJUMP 1, 1; BJUMP 2, 2; JUMP -3; JUMP -3; JUMP 0; SET #2, 6",
		"",
		"JUMP 8; JUMP 8",
	}
	if len(p.Banks) != len(want) {
		t.Fatalf("%d banks, want %d", len(p.Banks), len(want))
	}
	for i, b := range p.Banks {
		if got := resolved(b); got != want[i] {
			t.Errorf("bank %d:\n got %s\nwant %s", i+1, got, want[i])
		}
	}
	if got := p.Banks[1].Code[3].Args[0].Label; got != "friend?" {
		t.Errorf("label name kept as %q", got)
	}
	if p.Name != "Labels" || p.Banks[0].Name != "One" || p.Banks[2].Name != "" {
		t.Errorf("names: %q %q %q", p.Name, p.Banks[0].Name, p.Banks[2].Name)
	}
}

func TestHeaderAndNames(t *testing.T) {
	src := "\uFEFF;c\nname   Robo Tron 2000   ; comment\nAUTHOR Jörg <j@x.de>\ncountry\tDE\nBANK  first bank ;x\n  die\n"
	p, err := Parse("dir/sub/robo.rob", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Robo Tron 2000" || p.Author != "Jörg <j@x.de>" || p.Country != "DE" || p.Banks[0].Name != "first bank" {
		t.Errorf("got %q %q %q %q", p.Name, p.Author, p.Country, p.Banks[0].Name)
	}
	if p.File != "dir/sub/robo.rob" {
		t.Errorf("File = %q", p.File)
	}
	p, err = Parse(`C:\progs\Mine.v2.rob`, []byte("Bank\nDie"), Options{})
	if err != nil || p.Name != "Mine.v2" {
		t.Errorf("name from file: %q, %v", p.Name, err)
	}
}

func TestCharsetsAndColumns(t *testing.T) {
	// Latin-1 (invalid UTF-8): "Bank Häuptling", a label with "ä", then an error after it;
	// the column counts characters, not bytes.
	good := "Bank H\xe4uptling\r\n  @K\xe4se\r\n  Jump @K\xc4SE\r\n"
	latin1 := []byte(good + "  \xe4\xe4 Set\r\n")
	_, err := Parse("l1.rob", latin1, Options{})
	var list srcerr.List
	if !errors.As(err, &list) || len(list) != 1 || list[0].Line != 4 || list[0].Col != 3 || list[0].Msg != `unknown instruction "ää"` {
		t.Fatalf("latin-1: %v", err)
	}
	p, err := Parse("l1.rob", []byte(good), Options{})
	if err != nil || p.Banks[0].Name != "Häuptling" || p.Banks[0].Code[0].Args[0].Value != 0 {
		t.Fatalf("latin-1: %v %+v", err, p)
	}
	// A UTF-8 byte-order mark is dropped in a Latin-1 file too (it was read as "ï»¿").
	if p, err := Parse("bom.rob", []byte("\xef\xbb\xbfName \xe4\nBank\nDie\n"), Options{}); err != nil || p.Name != "ä" {
		t.Errorf("a BOM before Latin-1: %v", err)
	}
	// UTF-16 is told as such (it was "contains NUL bytes").
	_, err = Parse("u16.rob", []byte("\xff\xfeN\x00a\x00"), Options{})
	if !errors.As(err, &list) || len(list) != 1 || !strings.Contains(list[0].Msg, "it is UTF-16; save it as UTF-8") {
		t.Errorf("UTF-16: %v", err)
	}
	// UTF-8 with a tab and old Mac line ends: column 4 after "\t€ " (3 characters).
	_, err = Parse("u.rob", []byte("Bank\r\t€ Die\rDie\x1a garbage after DOS EOF \x00"), Options{})
	if !errors.As(err, &list) || len(list) != 1 || list[0].Line != 2 || list[0].Col != 2 {
		t.Fatalf("utf-8: %v", err)
	}
}

// TestRC3Operands checks what the RC3 forms resolve to (RC3.md 2): @@label is the labelled
// instruction's number in its own bank wherever it stands, @label in AJUMP and in both
// operands of INIT is absolute too, ##k is an indirect variable, %Age a remote.
func TestRC3Operands(t *testing.T) {
	src := "Bank\n  Die\n@a\n  Jump @a\n  Jump @@a\n  AJump @a\n  Init @a, @b\n  Set ##7, %Age\n@b\nBank\n  Set #1, @@b\n  Set #1, @b\n"
	p, err := Parse("t.rob", []byte(src), Options{RC3: true})
	if err != nil {
		t.Fatal(err)
	}
	b1, b2 := p.Banks[0].Code, p.Banks[1].Code
	checks := []struct {
		got  Operand
		kind OperandKind
		val  int16
	}{
		{b1[1].Args[0], KindNumber, 0}, // Jump @a: relative, to itself
		{b1[2].Args[0], KindNumber, 2}, // Jump @@a: absolute
		{b1[3].Args[0], KindNumber, 2}, // AJump @a: absolute
		{b1[4].Args[0], KindNumber, 2}, // Init @a, @b: both absolute
		{b1[4].Args[1], KindNumber, 7}, // @b is one past the end of bank 1
		{b1[5].Args[0], KindIndirect, 7},
		{b1[5].Args[1], KindRemote, int16(RemoteAge)},
		{b2[0].Args[1], KindNumber, 7},
		{b2[1].Args[1], KindNumber, 7}, // another bank: absolute anyway
	}
	for i, c := range checks {
		if c.got.Kind != c.kind || c.got.Value != c.val {
			t.Errorf("check %d: got %v %d, want %v %d", i, c.got.Kind, c.got.Value, c.kind, c.val)
		}
	}
	if !p.RC3 {
		t.Error("program not marked RC3")
	}
	if got := Disassemble(b1[5]); got != "SET ##7, %Age" {
		t.Errorf("disassembly %q", got)
	}
	// Under classic, "@@a" is a label named "@a" (ROBOCOM.md 3: names are any characters).
	if _, err := Parse("t.rob", []byte("Bank\n@@a\n  Jump @@a\n"), Options{}); err != nil {
		t.Errorf("classic @@a: %v", err)
	}
}
