package play

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"robocom/internal/srcerr"
)

// FuzzLoadAndPlay loads any text as each language and, when it assembles, plays a short game
// of it against itself: no panic, no hang, and a failure is a srcerr.List with lines in range.
func FuzzLoadAndPlay(f *testing.F) {
	ents, _ := os.ReadDir(filepath.Join("..", "..", "robots", "core"))
	for _, e := range ents {
		if src, err := os.ReadFile(filepath.Join("..", "..", "robots", "core", e.Name())); err == nil {
			f.Add(src, uint8(LanguageOf(e.Name())))
		}
	}
	f.Add([]byte(imp94), uint8(Redcode))
	f.Add([]byte(dwarf94), uint8(Redcode))
	f.Add([]byte("START: MOV 0 1\n"), uint8(Redcode+1)) // '86
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		names := []string{"f.cw", "f.vna", "f.red", "f.red"}
		k := int(which) % len(names)
		name := names[k]
		p := Defaults(LanguageOf(name))
		if k == 3 {
			p.Dialect = "86"
		}
		p.Size, p.Cycles = 400, 300
		if LanguageOf(name) == VNA {
			p.Size, p.MinDist = 200, 40
		}
		prog, err := Load(name, src, p)
		if err != nil {
			var le srcerr.List
			if !errors.As(err, &le) || len(le) == 0 {
				t.Fatalf("%s: error %v is not a list of load errors", name, err)
			}
			lines := 1
			for _, c := range src {
				if c == '\n' {
					lines++
				}
			}
			for _, e := range le {
				// pMARS (and so the Redcode assembler) counts a line past an unterminated last one.
				if e.Line < 0 || e.Line > lines+1 {
					t.Fatalf("%s: error at line %d of %d: %v", name, e.Line, lines, e)
				}
			}
			return
		}
		if _, err := Play([]*Program{prog, prog}, nil, p, 1); err != nil {
			return // a placement that does not fit is an error, not a crash
		}
	})
}
