// Package match loads Core War programs in any of the arena's core languages — Redcode
// (.red), Hofmann's Corewars (.cw) and VNA Code (.vna), chosen by extension — and starts
// games of them behind corewars.Engine. `robocom core` uses it; so can the Core War window
// and tournaments, so that all of them agree on defaults, errors and seeds.
package match

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"robocom/corewars"
	"robocom/corewars/cw"
	"robocom/corewars/redcode"
	"robocom/corewars/redcodeengine"
	"robocom/corewars/vna"
)

// Language is a core language.
type Language string

const (
	CW      Language = "cw"
	VNA     Language = "vna"
	Redcode Language = "redcode"
)

// LanguageOf tells the language of a file by its extension (.cw, .vna, .red).
func LanguageOf(file string) (Language, bool) {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".cw":
		return CW, true
	case ".vna":
		return VNA, true
	case ".red":
		return Redcode, true
	}
	return "", false
}

// Options are the game parameters; a zero value means the language's default.
type Options struct {
	Size    int    // cells: .cw 10000, .vna 200, .red 8000
	Cycles  int64  // .cw time slices, .vna rounds (100000); .red cycles per warrior as pMARS -c (80000)
	Threads int    // .cw threads per process (64), .vna executors per player (4), .red processes per warrior (8000)
	Copies  int    // .cw processes per program (1); must be 0 or 1 for the others
	Dialect string // .red: "94" (default) or "88"; "86" is not supported yet
	Rounds  int    // .red: the value of the predefined constant ROUNDS (1)
}

// Settings are the parameters a match plays with, defaults filled in.
type Settings struct {
	Language Language
	Size     int
	Cycles   int64
	Threads  int
	Copies   int
	Dialect  string // Redcode only
}

// OptionError is a request that cannot be played: mixed or unknown languages, an option that
// does not apply. (The CLI's bad usage.)
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

// LoadError lists why programs failed to load: `file:line:col: message` for .cw and .vna,
// `file:line: error: message` for Redcode (its pMARS-compatible assembler knows no columns),
// and unreadable files.
type LoadError struct{ Messages []string }

func (e *LoadError) Error() string { return strings.Join(e.Messages, "\n") }

// Match is a set of loaded programs, ready to play rounds.
type Match struct {
	Settings Settings
	Files    []string
	newGame  func(seed int64) (corewars.Engine, error)
}

// Game starts a round with the given seed (placement, and .cw's random values).
func (m *Match) Game(seed int64) (corewars.Engine, error) { return m.newGame(seed) }

func setIf[T int | int64](dst *T, v T) {
	if v != 0 {
		*dst = v
	}
}

// Load reads (with read, e.g. os.ReadFile) and assembles every file; all must be in one
// language. Every program is tried, so a LoadError lists the errors of all files.
func Load(files []string, opt Options, read func(string) ([]byte, error)) (*Match, error) {
	if len(files) == 0 {
		return nil, &OptionError{"no program given"}
	}
	lang, ok := LanguageOf(files[0])
	if !ok {
		return nil, &OptionError{fmt.Sprintf("%s: unknown language %q; the core languages are .cw (Hofmann's Corewars), .vna (VNA Code) and .red (Redcode)", files[0], filepath.Ext(files[0]))}
	}
	for _, f := range files[1:] {
		if l, _ := LanguageOf(f); l != lang {
			return nil, &OptionError{fmt.Sprintf("%s and %s are in different languages; all programs of a battle must be .cw, all .vna or all .red", files[0], f)}
		}
	}
	if opt.Size < 0 || opt.Cycles < 0 || opt.Threads < 0 || opt.Copies < 0 {
		return nil, &OptionError{"size, cycles, threads and copies must not be negative"}
	}
	if lang != CW && opt.Copies > 1 {
		return nil, &OptionError{fmt.Sprintf("copies are for .cw programs; %s loads each program once", map[Language]string{VNA: "VNA", Redcode: "Redcode"}[lang])}
	}
	if lang != Redcode && opt.Dialect != "" && opt.Dialect != "94" {
		return nil, &OptionError{"a dialect is for Redcode programs"}
	}
	m := &Match{Files: files}
	var errs LoadError
	loadAll := func(assemble func(file string, src []byte) error) {
		for _, f := range files {
			src, err := read(f)
			if err != nil {
				var pe *fs.PathError // its text repeats the file name
				if errors.As(err, &pe) {
					err = pe.Err
				}
				errs.Messages = append(errs.Messages, fmt.Sprintf("cannot read %s: %v", f, err))
				continue
			}
			if err := assemble(f, src); err != nil {
				errs.Messages = append(errs.Messages, err.Error())
			}
		}
	}
	switch lang {
	case CW:
		var progs []*cw.Program
		loadAll(func(f string, src []byte) error {
			p, err := cw.Assemble(f, src)
			progs = append(progs, p)
			return err
		})
		cfg := cw.DefaultConfig()
		setIf(&cfg.Size, opt.Size)
		setIf(&cfg.MaxCycles, opt.Cycles)
		setIf(&cfg.MaxThreads, opt.Threads)
		copies := make([]int, len(files))
		for i := range copies {
			copies[i] = max(opt.Copies, 1)
		}
		m.Settings = Settings{Language: CW, Size: cfg.Size, Cycles: cfg.MaxCycles, Threads: cfg.MaxThreads, Copies: copies[0]}
		m.newGame = func(seed int64) (corewars.Engine, error) {
			c := cfg
			c.Seed = seed
			return cw.New(c, progs, copies)
		}
	case VNA:
		var progs []*vna.Program
		loadAll(func(f string, src []byte) error {
			p, err := vna.Assemble(f, src)
			progs = append(progs, p)
			return err
		})
		cfg := vna.DefaultConfig()
		setIf(&cfg.Size, opt.Size)
		setIf(&cfg.MaxRounds, opt.Cycles)
		setIf(&cfg.MaxExecutors, opt.Threads)
		m.Settings = Settings{Language: VNA, Size: cfg.Size, Cycles: cfg.MaxRounds, Threads: cfg.MaxExecutors, Copies: 1}
		m.newGame = func(seed int64) (corewars.Engine, error) {
			c := cfg
			c.Seed = seed
			return vna.New(c, progs)
		}
	case Redcode:
		dialect := opt.Dialect
		switch dialect {
		case "", "94", "88":
			if dialect == "" {
				dialect = "94"
			}
		case "86":
			return nil, &OptionError{"the '86 dialect is not supported by the arena's Core War games yet; use 94 or 88"}
		default:
			return nil, &OptionError{fmt.Sprintf("the Redcode dialect must be 94, 88 or 86, not %q", dialect)}
		}
		cfg := redcodeengine.DefaultConfig()
		setIf(&cfg.CoreSize, opt.Size)
		setIf(&cfg.Cycles, opt.Cycles)
		setIf(&cfg.MaxProcesses, opt.Threads)
		acfg := redcode.DefaultConfig(len(files))
		acfg.CoreSize, acfg.MaxCycles, acfg.MaxProcesses = cfg.CoreSize, cfg.Cycles, cfg.MaxProcesses
		acfg.MinDistance, acfg.Rounds, acfg.Strict88 = cfg.MinDistance, max(opt.Rounds, 1), dialect == "88"
		var progs []*redcode.Warrior
		loadAll(func(f string, src []byte) error {
			w, diag := redcode.Assemble(src, acfg)
			progs = append(progs, w)
			if !diag.Failed() {
				return nil
			}
			var msgs []string
			for _, d := range diag.Messages {
				kind := "error"
				if d.Warning {
					kind = "warning"
				}
				if d.Line > 0 {
					msgs = append(msgs, fmt.Sprintf("%s:%d: %s: %s", f, d.Line, kind, d.Text))
				} else {
					msgs = append(msgs, fmt.Sprintf("%s: %s: %s", f, kind, d.Text))
				}
			}
			if diag.Aborted {
				msgs = append(msgs, f+": too many errors or warnings, assembly aborted")
			}
			return errors.New(strings.Join(msgs, "\n"))
		})
		m.Settings = Settings{Language: Redcode, Size: cfg.CoreSize, Cycles: cfg.Cycles, Threads: cfg.MaxProcesses, Copies: 1, Dialect: dialect}
		m.newGame = func(seed int64) (corewars.Engine, error) {
			c := cfg
			c.Seed = seed
			return redcodeengine.New(c, progs)
		}
	}
	if len(errs.Messages) > 0 {
		return nil, &errs
	}
	return m, nil
}
