package robolang

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"

	"robocom/internal/srcerr"
)

// FuzzParse loads arbitrary bytes: never a panic; errors sorted, positioned, one line each;
// a program that loads survives Format and RBI round trips unchanged.
func FuzzParse(f *testing.F) {
	for _, c := range errorCases {
		f.Add([]byte(strings.ReplaceAll(c.src, errMark, "")), c.opt.RC3)
	}
	for _, c := range roundTripSources {
		f.Add([]byte(c.src), c.opt.RC3)
	}
	f.Add([]byte(mineSource), false)
	if files, _ := corpusGlob(); len(files) > 0 {
		for _, name := range files {
			if b, err := os.ReadFile(name); err == nil {
				f.Add(b, false)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, rc3 bool) {
		opt := Options{RC3: rc3}
		p, err := Parse("f.rob", src, opt)
		if err != nil {
			list, ok := err.(srcerr.List)
			if !ok || len(list) == 0 {
				t.Fatalf("error %T %v", err, err)
			}
			for i, e := range list {
				if e.Line < 1 || e.Col < 1 || strings.ContainsAny(e.Msg, "\n") {
					t.Fatalf("bad error %q at %d:%d", e.Msg, e.Line, e.Col)
				}
				if i > 0 && list.Less(i, i-1) {
					t.Fatalf("errors not sorted")
				}
			}
			return
		}
		q, err := Parse("f.rob", Format(p), opt)
		if err != nil {
			t.Fatalf("formatted program does not load: %v\n%s", err, Format(p))
		}
		if !reflect.DeepEqual(withoutPositions(p), withoutPositions(q)) {
			t.Fatalf("format round trip changed the program:\n%q\n%s", src, Format(p))
		}
		var b bytes.Buffer
		if err := WriteRBI(&b, p); err != nil {
			if strings.Contains(err.Error(), "longer than") {
				return // RBI bounds names; the source does not
			}
			t.Fatal(err)
		}
		h, err := ReadRBI(&b)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(asHidden(p), withoutPositions(h)) {
			t.Fatalf("RBI round trip changed the program")
		}
	})
}

// FuzzReadRBI decodes arbitrary bytes: never a panic, a one-line error or a valid hidden
// program that writes back to the same program.
func FuzzReadRBI(f *testing.F) {
	_, data := sampleRBI(f)
	f.Add(data)
	f.Add(data[:len(data)/2])
	f.Add([]byte("RBI\x1a"))
	f.Add([]byte(mineSource))
	for _, c := range roundTripSources {
		p, err := Parse("t.rob", []byte(c.src), c.opt)
		if err == nil {
			f.Add(rbiBytes(f, p))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadRBI(bytes.NewReader(data))
		if err != nil {
			if p != nil || strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad failure: %v %v", p, err)
			}
			return
		}
		if !p.Hidden {
			t.Fatal("RBI program not hidden")
		}
		for _, b := range p.Banks {
			if !b.Hidden {
				t.Fatal("RBI bank not hidden")
			}
		}
		var b bytes.Buffer
		if err := WriteRBI(&b, p); err != nil {
			t.Fatal(err)
		}
		q, err := ReadRBI(&b)
		if err != nil || !reflect.DeepEqual(p, q) {
			t.Fatalf("rewrite changed the program: %v", err)
		}
	})
}

// FuzzRBIPayload feeds the payload decoder directly: through ReadRBI the fuzzer cannot get
// past the seal, but a forged file (the key is public) reaches this code.
func FuzzRBIPayload(f *testing.F) {
	for _, c := range roundTripSources {
		p, err := Parse("t.rob", []byte(c.src), c.opt)
		if err == nil {
			b, _ := encodeRBIPayload(p)
			f.Add(b, c.opt.RC3)
		}
	}
	mine, _ := sampleRBI(f)
	b, _ := encodeRBIPayload(mine)
	f.Add(b, false)
	f.Fuzz(func(t *testing.T, plain []byte, rc3 bool) {
		p, err := decodeRBIPayload(plain, rc3)
		if err != nil {
			if p != nil || strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad failure: %v", err)
			}
			return
		}
		p.Name = "x"
		// What decodes must be a program the source loader could produce.
		src := Format(&Program{Name: "x", Banks: unhide(p.Banks), RC3: rc3})
		q, err := Parse("x.rob", src, Options{RC3: rc3})
		if err != nil {
			t.Fatalf("decoded program is not loadable: %v\n%s", err, src)
		}
		if !reflect.DeepEqual(asHidden(q).Banks, withoutPositions(p).Banks) {
			t.Fatalf("decoded program differs from its source form\n%s", src)
		}
	})
}

func unhide(banks []Bank) []Bank {
	out := append([]Bank(nil), banks...)
	for i := range out {
		out[i].Hidden = false
	}
	return out
}
