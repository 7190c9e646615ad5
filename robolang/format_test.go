package robolang

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// withoutPositions copies p with the source positions, the file name and its bytes cleared,
// since they are the only things a round trip through Format may change.
func withoutPositions(p *Program) *Program {
	q := *p
	q.File, q.Source = "", nil
	q.Banks = make([]Bank, len(p.Banks))
	for i, b := range p.Banks {
		q.Banks[i] = b
		q.Banks[i].Code = append([]Instr(nil), b.Code...)
		for k := range q.Banks[i].Code {
			q.Banks[i].Code[k].Pos = Pos{}
		}
	}
	q.Labels = append([]Label(nil), p.Labels...)
	for i := range q.Labels {
		q.Labels[i].Pos = Pos{}
	}
	return &q
}

// checkRoundTrip formats p, loads the result and compares; it also checks that formatting
// is idempotent.
func checkRoundTrip(t *testing.T, name string, p *Program, opt Options) {
	t.Helper()
	src := Format(p)
	q, err := Parse(name, src, opt)
	if err != nil {
		t.Errorf("%s: formatted source does not load:\n%v\n%s", name, err, src)
		return
	}
	if !reflect.DeepEqual(withoutPositions(p), withoutPositions(q)) {
		t.Errorf("%s: round trip changed the program\n%s", name, src)
		return
	}
	if again := Format(q); !bytes.Equal(src, again) {
		t.Errorf("%s: Format is not idempotent:\n%s\n---\n%s", name, src, again)
	}
}

func TestRoundTripCorpus(t *testing.T) {
	for _, f := range corpusFiles(t) {
		p, err := LoadFile(f, Options{})
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		checkRoundTrip(t, f, p, Options{})
	}
}

// roundTripSources are small programs with the corners of the syntax.
var roundTripSources = []struct {
	src string
	opt Options
}{
	{"Bank\n", Options{}},
	{"Name n\nBank a\nBank\nBank  c  \n", Options{}},
	{"Bank\n@a\n@b\nBank x\nJump @A\n@c\n", Options{}},
	{"Bank\nSet #1, -32768\nSet #20, 32767\nComp %active, %banks\nScan %Active\nSet #1, $mobile\nSet #1, $instrset\nSet #1, $fields\nCreate %mobile, %instrset, #active\nTurn 0\nMove\nDie\n", Options{}},
	{"Bank\n@l\nAJump @@l\nSet ##3, @@l\nRTrans %Age, ##20\nBank\nMul #Pub, 3\nDiv #Team, -2\nMod #1, @@m\nMin #1, @@l\nMax ##1, $Own\n@m\nInit @l, @m\nSeize\nResume\nBreak\nSleep ##2\nRandom #1, $Others, $ID\nSet #2, $Generation\nSet #2, $InstrPos\nSet #2, $Timeout\nSet #2, $Age\n", Options{RC3: true}},
	{"Bank\n@l\nBJump 1, @l\nAJump @L\nInit 1, @l\nFarScan #1, #Pub, 3\nRandom #Team, $Time, $Tasks\nSleep $ElimTrigger\nQuit\n", Options{RC3: true}},
}

func TestRoundTripTables(t *testing.T) {
	for i, c := range roundTripSources {
		p, err := Parse("t.rob", []byte(c.src), c.opt)
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		checkRoundTrip(t, "t.rob", p, c.opt)
	}
	for _, c := range errorCases {
		src, want := expectedErrors(t, c.src)
		if len(want) > 0 {
			continue
		}
		p, err := Parse("t.rob", []byte(src), c.opt)
		if err == nil {
			checkRoundTrip(t, c.name, p, c.opt)
		}
	}
}

func TestFormatCanonical(t *testing.T) {
	p, err := Parse("mine.rob", []byte("name  Mine ;x\nbank Mine\n @Loop\n turn 1\n set %active,0\n jump @loop\nbank\n die\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "Name Mine\n\nBank Mine\n  @Loop\n  TURN 1\n  SET %Active, 0\n  JUMP @loop\n\nBank\n  DIE\n"
	if got := string(Format(p)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A name from the file name is written as a Name line.
	p, _ = Parse("dir/Anon.rob", []byte("Bank\n"), Options{})
	if got := string(Format(p)); !strings.HasPrefix(got, "Name Anon\n") {
		t.Errorf("got %q", got)
	}
}
