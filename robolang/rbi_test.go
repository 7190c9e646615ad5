package robolang

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// asHidden is what an RBI round trip should give for p: the same code and names, hidden,
// without positions, label names or the file name.
func asHidden(p *Program) *Program {
	q := withoutPositions(p)
	q.Hidden = true
	q.Labels = nil
	for i := range q.Banks {
		q.Banks[i].Hidden = true
		for k := range q.Banks[i].Code {
			for a := range q.Banks[i].Code[k].Args {
				q.Banks[i].Code[k].Args[a].Label = ""
				q.Banks[i].Code[k].Args[a].Abs = false
			}
		}
		if len(q.Banks[i].Code) == 0 {
			q.Banks[i].Code = nil
		}
	}
	return q
}

func rbiBytes(t testing.TB, p *Program) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteRBI(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func checkRBIRoundTrip(t *testing.T, name string, p *Program) {
	t.Helper()
	q, err := ReadRBI(bytes.NewReader(rbiBytes(t, p)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !reflect.DeepEqual(asHidden(p), withoutPositions(q)) {
		t.Errorf("%s: RBI round trip changed the program", name)
	}
	for _, b := range q.Banks {
		for _, in := range b.Code {
			if in.Pos != (Pos{}) {
				t.Fatalf("%s: hidden instruction keeps position %v", name, in.Pos)
			}
		}
	}
}

func TestRBIRoundTrip(t *testing.T) {
	for i, c := range roundTripSources {
		p, err := Parse("t.rob", []byte(c.src), c.opt)
		if err != nil {
			t.Fatal(err)
		}
		checkRBIRoundTrip(t, c.src, p)
		_ = i
	}
}

func TestRBIRoundTripCorpus(t *testing.T) {
	for _, f := range corpusFiles(t) {
		p, err := LoadFile(f, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkRBIRoundTrip(t, f, p)
	}
}

func sampleRBI(t testing.TB) (*Program, []byte) {
	p, err := Parse("mine.rob", []byte(mineSource), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p, rbiBytes(t, p)
}

const mineSource = `Name Mine
Author Dennis C. Bemmann
Country Germany
Bank Mine
  @Loop
  Turn 1
  Set %Active, 0
  Scan #1
  Comp #1, 1
  Jump @Loop
  Trans 2, 1
  Set %Active, 1
Bank Giftig
  Die
`

func TestRBIHidesCode(t *testing.T) {
	_, data := sampleRBI(t)
	for _, secret := range []string{"Giftig", "Loop", "TURN", "Turn"} {
		if bytes.Contains(data, []byte(secret)) {
			t.Errorf("RBI file shows %q", secret)
		}
	}
	for _, visible := range []string{"Mine", "Dennis C. Bemmann", "Germany"} {
		if !bytes.Contains(data, []byte(visible)) {
			t.Errorf("RBI file lacks the visible %q", visible)
		}
	}
	h, err := ReadRBIHeader(bytes.NewReader(data))
	if err != nil || h.Name != "Mine" || h.Author != "Dennis C. Bemmann" || h.Country != "Germany" || h.Major != RBIMajor {
		t.Errorf("header %+v, %v", h, err)
	}
}

// TestRBIDamage cuts the file at every length and flips every bit of every byte: each
// must be refused with a one-line error, never a panic or a program.
func TestRBIDamage(t *testing.T) {
	_, data := sampleRBI(t)
	check := func(what string, b []byte, want error) {
		t.Helper()
		p, err := ReadRBI(bytes.NewReader(b))
		if err == nil {
			t.Fatalf("%s: accepted %+v", what, p)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Fatalf("%s: error on several lines: %q", what, err)
		}
		if want != nil && !errors.Is(err, want) {
			t.Fatalf("%s: got %v, want %v", what, err, want)
		}
	}
	for n := 0; n < len(data); n++ {
		var want error = ErrRBITruncated
		if n == 0 {
			want = ErrRBINotRBI
		}
		check("cut", data[:n], want)
	}
	for i := range data {
		for bit := 0; bit < 8; bit++ {
			b := append([]byte(nil), data...)
			b[i] ^= 1 << bit
			check("flip", b, nil)
		}
	}
	check("extra byte", append(append([]byte(nil), data...), 0), ErrRBITrailing)
	v2 := append([]byte(nil), data...)
	v2[4] = RBIMajor + 1
	check("version", v2, ErrRBIVersion)
	// A changed visible name (same length) breaks the seal.
	renamed := bytes.Replace(data, []byte("Mine"), []byte("Mind"), 1)
	check("renamed", renamed, ErrRBITampered)
	// A text field's length past the bound is told as such, not as a cut file (the reads after
	// it used to replace the first error).
	i := bytes.Index(data, []byte("Mine"))
	long := append([]byte(nil), data...)
	long[i-2], long[i-1] = byte((MaxText+1)&0xff), byte((MaxText+1)>>8)
	check("long name", long, ErrRBITampered)
	check("source", []byte(mineSource), ErrRBINotRBI)
}

func TestLoadFileRBI(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "mine.rob")
	if err := os.WriteFile(src, []byte(mineSource), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := LoadFile(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Never over the source, nor over a file that is not RBI.
	if err := SaveRBI(src, p); err == nil || !strings.Contains(err.Error(), "refusing to overwrite the source") {
		t.Errorf("save over source: %v", err)
	}
	other := filepath.Join(dir, "notes.txt")
	os.WriteFile(other, []byte("my notes"), 0o644)
	if err := SaveRBI(other, p); err == nil {
		t.Errorf("overwrote a non-RBI file")
	}
	if b, _ := os.ReadFile(src); string(b) != mineSource {
		t.Fatalf("source changed")
	}
	out := filepath.Join(dir, "mine.rbi")
	for i := 0; i < 2; i++ { // the second save replaces an RBI file, which is allowed
		if err := SaveRBI(out, p); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("temporary files left: %v", entries)
	}
	q, err := LoadFile(out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !q.Hidden || q.File != out || q.Name != "Mine" || !q.Banks[0].Hidden || q.Banks[0].Listing(0) != HiddenText {
		t.Errorf("loaded RBI: %+v", q)
	}
	// Any extension: recognised by the signature. A .rbi without it is refused plainly.
	renamed := filepath.Join(dir, "mine.dat")
	os.Rename(out, renamed)
	if _, err := LoadFile(renamed, Options{}); err != nil {
		t.Errorf("RBI under another name: %v", err)
	}
	fake := filepath.Join(dir, "fake.rbi")
	os.WriteFile(fake, []byte(mineSource), 0o644)
	// In the words rbi -info and docs/rbi.md use (it said "(wrong signature)" there).
	if _, err := LoadFile(fake, Options{}); !errors.Is(err, ErrRBINotRBI) || err.Error() != fake+": "+ErrRBINotRBI.Error() {
		t.Errorf("fake rbi: %v", err)
	}
	// An RC3 program needs the option to load from RBI too.
	rc3, err := Parse("r.rob", []byte("Bank\nMul #1, 2\n"), Options{RC3: true})
	if err != nil {
		t.Fatal(err)
	}
	rc3File := filepath.Join(dir, "r.rbi")
	if err := SaveRBI(rc3File, rc3); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(rc3File, Options{}); err == nil || !strings.Contains(err.Error(), "rc3") {
		t.Errorf("rc3 rbi without option: %v", err)
	}
	if q, err := LoadFile(rc3File, Options{RC3: true}); err != nil || q.Name != "r" {
		t.Errorf("rc3 rbi: %v %+v", err, q)
	}
}

func TestLoadFileErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "none.rob"), "none.rob: no such file"},
		{dir, "is a folder"},
		{"/dev/null", "not a regular file"},
	} {
		_, err := LoadFile(c.path, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
	p, _ := Parse("x.rob", []byte("Bank\n"), Options{})
	for _, c := range []struct{ path, want string }{
		{dir, "is a folder"},
		{filepath.Join(dir, "no", "such", "dir.rbi"), "cannot write"},
	} {
		err := SaveRBI(c.path, p)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
}
