// Package play is what the Core War window and `robocom tournament` share and what needs
// no Gio: the three core languages behind one loader, their parameters with each language's
// defaults, one battle's result, and the two tournament systems (round-robin and the Atari ST
// Swiss system). It only uses the engines through their public APIs and corewars.Engine.
package play

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"robocom/corewars"
	"robocom/corewars/cw"
	"robocom/corewars/redcode"
	"robocom/corewars/redcodeengine"
	"robocom/corewars/vna"
	"robocom/internal/srcerr"
	"robocom/internal/userfile"
)

// QueueMemoryError is why a Redcode round stopped short when its process queues would outgrow
// a machine's memory (corewars.StopErr); here so that front ends word it without the MARS.
type QueueMemoryError = redcode.QueueMemoryError

// Language is one of the core languages.
type Language int

const (
	NoLanguage Language = iota
	CW                  // Hofmann's Corewars, .cw
	VNA                 // VNA Code, .vna
	Redcode             // Redcode, .red (dialects '94, '88, '86)
)

// String is the language's name as the window shows it.
func (l Language) String() string {
	switch l {
	case CW:
		return "Corewars (.cw)"
	case VNA:
		return "VNA Code (.vna)"
	case Redcode:
		return "Redcode (.red)"
	}
	return "none"
}

// LanguageOf tells the language of a file by its extension.
func LanguageOf(file string) Language {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".cw":
		return CW
	case ".vna":
		return VNA
	case ".red":
		return Redcode
	}
	return NoLanguage
}

// IsCoreFile reports whether the file is a program in one of the core languages.
func IsCoreFile(file string) bool { return LanguageOf(file) != NoLanguage }

// Params are a game's parameters. Each field means what the language makes of it; see
// Defaults and the field comments.
type Params struct {
	Size          int    // cells in the core (nodes in the VNA ring)
	Cycles        int64  // .cw: time slices; .vna: rounds; .red: cycles per warrior (pMARS -c)
	Threads       int    // .cw: threads per process; .vna: executors per player; .red: processes per warrior
	MaxLength     int    // longest program accepted; 0: no limit (.cw only)
	MinDist       int    // .cw: between processes (0: SIZE/(2·processes)); .vna: blank nodes between programs; .red: between warriors
	Rounds        int    // games in a series (round k plays with seed+k-1)
	Dialect       string // .red: "94", "88" or "86"
	AllowSelfMove bool   // .cw: the "allow self move" option
	AlivePoints   int64  // .cw scoring: per instruction executed
	CellPoints    int64  // .cw scoring: per cell owned at the end
	KillPoints    int64  // .cw scoring: per other process crashed
}

// Defaults are the parameters of the language: CORE-LANGUAGES.md for .cw and .vna, pMARS's
// for Redcode.
func Defaults(l Language) Params {
	switch l {
	case VNA:
		c := vna.DefaultConfig()
		return Params{Size: c.Size, Cycles: c.MaxRounds, Threads: c.MaxExecutors, MaxLength: vna.MaxNodes, MinDist: c.MinGap, Rounds: 1}
	case Redcode:
		c := redcode.Defaults()
		return Params{Size: c.CoreSize, Cycles: c.Cycles, Threads: c.MaxProcesses, MaxLength: c.MaxLength, MinDist: c.MinDistance, Rounds: c.Rounds, Dialect: "94"}
	default:
		c := cw.DefaultConfig()
		return Params{Size: c.Size, Cycles: c.MaxCycles, Threads: c.MaxThreads, MinDist: c.MinDist, Rounds: 1,
			AllowSelfMove: c.AllowSelfMove, AlivePoints: c.AlivePoints, CellPoints: c.CellPoints, KillPoints: c.KillPoints}
	}
}

// Check says in a sentence what is wrong with the parameters for the language, or nil.
// LimitError is a parameter past a limit the engines gained after hills and parts could be
// made with it (the .cw cycle limit, the .cw and .vna thread limits): such a hill still opens
// and shows what it stores (PastLimits tells internal/hill so), but nothing more is played.
type LimitError struct{ msg string }

func (e LimitError) Error() string { return e.msg }

// PastLimits marks the error for internal/hill, which imports no game.
func (LimitError) PastLimits() bool { return true }

// MaxPlayers is how many programs a game of language l takes at most (limit: the most any
// game takes); VNA Code is a game of two.
func MaxPlayers(l Language, limit int) int {
	if l == VNA {
		return min(vna.MaxPlayers, limit)
	}
	return limit
}

func (p Params) Check(l Language) error {
	switch {
	case p.Size < 1 || p.Size > cw.MaxSize:
		return fmt.Errorf("the core size must be between 1 and %d, not %d", cw.MaxSize, p.Size)
	case p.Cycles < 1:
		return fmt.Errorf("the cycle limit must be at least 1, not %d", p.Cycles)
	case p.Threads < 1:
		return fmt.Errorf("the thread limit must be at least 1, not %d", p.Threads)
	case p.MaxLength < 0:
		return fmt.Errorf("the maximum length must not be negative (0 means no limit), not %d", p.MaxLength)
	case p.MinDist < 0:
		return fmt.Errorf("the minimum distance must not be negative, not %d", p.MinDist)
	case p.Rounds < 1:
		return fmt.Errorf("the number of rounds must be at least 1, not %d", p.Rounds)
	case l == VNA && p.MaxLength > vna.MaxNodes:
		return fmt.Errorf("VNA programs have at most %d nodes; the maximum length cannot be %d", vna.MaxNodes, p.MaxLength)
	case l == Redcode && p.Dialect != "94" && p.Dialect != "88" && p.Dialect != "86":
		return fmt.Errorf("the Redcode dialect must be 94, 88 or 86, not %q", p.Dialect)
	case l == Redcode && p.MaxLength < 1:
		return errors.New("a Redcode program needs a maximum length of at least 1")
	// The limits last, so that anything else wrong is told as such (merge and an old hill
	// pass a LimitError over, not other errors).
	case l == CW && p.Cycles > cw.MaxCycles:
		return LimitError{fmt.Sprintf("the cycle limit of %s programs must be at most %d, not %d (info 5 gives the elapsed time slices in a 32-bit cell)", l, cw.MaxCycles, p.Cycles)}
	case l != Redcode && p.Threads > corewars.MaxThreads:
		return LimitError{fmt.Sprintf("the thread limit of %s programs must be at most %d, not %d (more threads would only fill the memory)", l, corewars.MaxThreads, p.Threads)}
	}
	return nil
}

// Program is a loaded program: its source (Redcode is assembled again for each game, since
// its predefined constants depend on the parameters and the number of warriors) and, for
// .cw and .vna, the assembled form.
type Program struct {
	File   string // the name errors and the window show
	Name   string // the title, else the file name without extension
	Author string // Redcode's ;author line ("Anonymous" without one); .cw and .vna name none
	Lang   Language
	Source []byte
	Length int // cells (nodes) the program occupies
	// Warnings are what the assembler warned of when Load assembled the program, which loads
	// and plays all the same: pMARS's warnings for Redcode (a missing ;assert, ...), each as
	// "file:line: message" without a column, as its errors are; nil when there are none (and
	// for .cw and .vna, whose assemblers warn of nothing).
	Warnings srcerr.List

	cw  *cw.Program
	vna *vna.Program
	asm *assembled // Redcode: the warrior NewGame assembled last (nil outside Load: none kept)
}

// assembled is a Redcode program's warrior as NewGame last assembled it, kept for the next
// game with the same parameters and number of warriors, so that a battle of many rounds
// assembles each program once rather than once a round (8% of `robocom core`'s time on a
// bench pair). Warriors are only read while they play, so the rounds share it.
type assembled struct {
	mu       sync.Mutex
	p        Params
	warriors int
	w        *redcode.Warrior
}

// Load assembles a program's source with the parameters; the language comes from the
// file's extension. Source errors come back as a srcerr.List.
func Load(file string, src []byte, p Params) (prog *Program, err error) {
	// An assembler that panics on some input is a bug there; the window must not go down
	// with it, so the panic becomes a load error that says what happened.
	defer func() {
		if r := recover(); r != nil {
			prog, err = nil, srcerr.List{{File: file, Msg: fmt.Sprintf("the assembler failed on this file (a bug in the arena, please report it): %v", r)}}
		}
	}()
	l := LanguageOf(file)
	src = userfile.TrimBOM(src) // (robocom mars, pMARS's drop-in, does not: pMARS refuses the mark)
	prog = &Program{File: file, Lang: l, Source: src}
	if l == Redcode {
		prog.asm = &assembled{}
	}
	switch l {
	case CW:
		c, err := cw.Assemble(file, src)
		if err != nil {
			return nil, sourceErrors(file, err)
		}
		prog.cw, prog.Name, prog.Length = c, c.Name, len(c.Code)
	case VNA:
		v, err := vna.Assemble(file, src)
		if err != nil {
			return nil, sourceErrors(file, err)
		}
		prog.vna, prog.Name, prog.Length = v, v.Name, len(v.Nodes)
	case Redcode:
		w, warnings, err := assembleRedcode(file, src, p, 2)
		if err != nil {
			return nil, err
		}
		prog.Name, prog.Author, prog.Length, prog.Warnings = w.Name, w.Author, len(w.Code), warnings
		if prog.Name == "" || prog.Name == "Unknown" {
			prog.Name = baseName(file)
		}
	default:
		return nil, fmt.Errorf("%s is not a core-language program: the Core War mode plays .cw, .vna and .red files", file)
	}
	if prog.Name == "" {
		prog.Name = baseName(file)
	}
	if p.MaxLength > 0 && prog.Length > p.MaxLength {
		// At the first cell past the limit, so that an editor opens where the cut falls.
		line, col := prog.cellPos(p.MaxLength)
		unit := "cell"
		if l == VNA {
			unit = "node"
		}
		return nil, srcerr.List{{File: file, Line: line, Col: col, Msg: fmt.Sprintf("the program is %d %ss long; the maximum length is %d, and this is %s %d (raise the maximum in the parameters)", prog.Length, unit, p.MaxLength, unit, p.MaxLength+1)}}
	}
	return prog, nil
}

// cellPos is the source position of the program's cell i (.cw and .vna); 0, 0 if unknown.
func (pr *Program) cellPos(i int) (line, col int) {
	var lines, cols []int
	switch {
	case pr.cw != nil:
		lines, cols = pr.cw.Lines, pr.cw.Cols
	case pr.vna != nil:
		lines, cols = pr.vna.Lines, pr.vna.Cols
	}
	if i < 0 || i >= len(lines) || i >= len(cols) {
		return 0, 0
	}
	return lines[i], cols[i]
}

func baseName(file string) string {
	b := filepath.Base(file)
	if n := strings.TrimSuffix(b, filepath.Ext(b)); n != "" {
		return n
	}
	return b // ".red": a name all of extension is kept, as RoboCom keeps ".rob", not made empty
}

// sourceErrors is an assembler's error as a srcerr.List: the list itself, or a list of one.
func sourceErrors(file string, err error) error {
	var list srcerr.List
	if errors.As(err, &list) {
		return list
	}
	return srcerr.List{{File: file, Msg: err.Error()}}
}

// redcodeSettings are the MARS's settings for the parameters: pMARS's defaults
// for what Params leaves out (the p-space size follows the core size).
func (p Params) redcodeSettings() redcode.Settings {
	st := redcode.Defaults()
	st.CoreSize, st.Cycles, st.MaxProcesses = p.Size, p.Cycles, p.Threads
	st.MaxLength, st.MinDistance, st.Rounds, st.Strict88 = p.MaxLength, p.MinDist, p.Rounds, p.Dialect == "88"
	st.PSpaceSize = redcode.DefaultPSpaceSize(p.Size)
	return st
}

// assembleRedcode assembles one warrior for a game of the given number of warriors. A warrior
// that assembles comes with the assembler's warnings (nil if none); one that does not, with
// its errors alone.
func assembleRedcode(file string, src []byte, p Params, warriors int) (*redcode.Warrior, srcerr.List, error) {
	if p.Dialect == "86" {
		w, errs := redcode.Assemble86(file, src, p.Size)
		if len(errs) == 0 {
			if p.MaxLength > 0 && len(w.Code) > p.MaxLength {
				return nil, nil, srcerr.List{{File: file, Msg: fmt.Sprintf("the program is %d cells long; the maximum length is %d", len(w.Code), p.MaxLength)}}
			}
			return w, nil, nil
		}
		return nil, nil, errs
	}
	w, diag := redcode.Assemble(src, redcode.Config{Settings: p.redcodeSettings(), Warriors: max(warriors, 1)})
	var errs, warnings srcerr.List
	for _, m := range diag.Messages {
		// Where an editor shows it, not pMARS's count (robocom mars prints that one).
		e := &srcerr.Error{File: file, Line: m.FileLine, Col: m.FileCol, Msg: m.Text}
		if m.Warning {
			warnings = append(warnings, e)
		} else {
			errs = append(errs, e)
		}
	}
	if !diag.Failed() {
		return w, warnings, nil
	}
	if diag.Aborted {
		errs = append(errs, &srcerr.Error{File: file, Msg: "too many errors or warnings, assembly aborted"})
	}
	if len(errs) == 0 {
		errs = srcerr.List{{File: file, Msg: "the assembler refused the program"}}
	}
	return nil, nil, errs
}

// Series makes the games of one battle's rounds, each from its own seed (robocom core). The
// rounds are independent, except for Redcode warriors that use p-space (LDP, STP): as in
// pMARS, each round starts with what the round before left in p-space (and its result in
// cell 0), so they are played in order, each made by NewRound with PSpaceOf the one before.
// The Core War window keeps that PSpace in its round's recipe; tournaments and hills play
// such a pairing's rounds on one machine (Match.pspaceBout, redcodeengine.Series).
type Series struct {
	progs   []*Program
	copies  []int
	p       Params
	inOrder bool
	last    corewars.Engine // InOrder: the round Game gave last
}

// NewSeries is the battle of the programs (as for NewGame) before its first round.
func NewSeries(progs []*Program, copies []int, p Params) *Series {
	s := &Series{progs: progs, copies: copies, p: p}
	for _, pr := range progs {
		if pr.Lang != Redcode || p.Check(Redcode) != nil {
			return s // (NewGame says what is wrong, if anything)
		}
	}
	ws, err := redcodeWarriors(progs, p, len(progs))
	s.inOrder = err == nil && redcode.UsesPSpace(ws)
	return s
}

// InOrder reports whether the rounds must be played one after another, each to its end
// before Game is asked for the next (p-space carries over).
func (s *Series) InOrder() bool { return s.inOrder }

// Game is the game of the next round, placed from seed.
func (s *Series) Game(seed int64) (corewars.Engine, error) {
	if !s.inOrder {
		return NewGame(s.progs, s.copies, s.p, seed)
	}
	var ps PSpace
	if s.last != nil {
		if !s.last.Over() {
			return nil, errors.New("a round of a battle with p-space must end before the next one starts")
		}
		ps = PSpaceOf(s.last)
	}
	g, err := NewRound(s.progs, s.copies, s.p, seed, ps)
	s.last = g
	return g, err
}

// PSpace is what a round leaves to the next round of its battle: its Redcode warriors'
// p-space, and each one's result (p-space cell 0), as redcode.PSpace holds them. .cw and .vna
// rounds leave nothing. The zero PSpace is what a battle's first round starts with.
type PSpace struct{ rc redcode.PSpace }

// IsZero reports whether ps is the zero PSpace.
func (ps PSpace) IsZero() bool { return ps.rc.IsZero() }

// PSpaceOf is what game g, a round that ended, leaves to the battle's next round (NewRound):
// a copy, which later changes to g do not touch. The zero PSpace for a .cw or .vna game.
func PSpaceOf(g corewars.Engine) PSpace {
	if e, ok := g.(*redcodeengine.Engine); ok {
		return PSpace{e.PSpace()}
	}
	return PSpace{}
}

// NewGame starts a game of the programs (all in one language) with copies[i] processes of
// program i (.cw only; the others load each program once) and a seed.
func NewGame(progs []*Program, copies []int, p Params, seed int64) (corewars.Engine, error) {
	return NewRound(progs, copies, p, seed, PSpace{})
}

// NewRound is NewGame for a round of a battle after the rounds that left ps (PSpaceOf the
// round before, the zero PSpace for the first round): the round Series.Game would give after
// them, on an engine of its own, so that the same round can be made again (the Core War
// window rebuilds a round to rewind it). ps matters to Redcode only; it must come from a round
// of the same programs and parameters.
func NewRound(progs []*Program, copies []int, p Params, seed int64, ps PSpace) (corewars.Engine, error) {
	if len(progs) == 0 {
		return nil, errors.New("no programs are loaded; add at least one")
	}
	l := progs[0].Lang
	for _, pr := range progs[1:] {
		if pr.Lang != l {
			return nil, fmt.Errorf("%s and %s are in different languages; a game needs all programs in one", progs[0].File, pr.File)
		}
	}
	if err := p.Check(l); err != nil {
		return nil, err
	}
	switch l {
	case CW:
		cfg := cw.DefaultConfig()
		cfg.Size, cfg.MaxCycles, cfg.MaxThreads, cfg.MinDist = p.Size, p.Cycles, p.Threads, p.MinDist
		cfg.AllowSelfMove, cfg.AlivePoints, cfg.CellPoints, cfg.KillPoints = p.AllowSelfMove, p.AlivePoints, p.CellPoints, p.KillPoints
		cfg.Seed = seed
		ps := make([]*cw.Program, len(progs))
		cs := make([]int, len(progs))
		for i, pr := range progs {
			ps[i] = pr.cw
			cs[i] = 1
			if i < len(copies) && copies[i] > 0 {
				cs[i] = copies[i]
			}
		}
		return cw.New(cfg, ps, cs)
	case VNA:
		cfg := vna.DefaultConfig()
		cfg.Size, cfg.MaxRounds, cfg.MaxExecutors, cfg.MinGap, cfg.Seed = p.Size, p.Cycles, p.Threads, p.MinDist, seed
		ps := make([]*vna.Program, len(progs))
		for i, pr := range progs {
			ps[i] = pr.vna
		}
		return vna.New(cfg, ps)
	case Redcode:
		ws, err := redcodeWarriors(progs, p, len(progs))
		if err != nil {
			return nil, err
		}
		return redcodeengine.NewAfter(p.redcodeSettings(), seed, ws, ps.rc)
	}
	return nil, fmt.Errorf("%s is not a core-language program", progs[0].File)
}

// redcodeWarriors assembles Redcode programs for games of `warriors` warriors.
func redcodeWarriors(progs []*Program, p Params, warriors int) ([]*redcode.Warrior, error) {
	ws := make([]*redcode.Warrior, len(progs))
	for i, pr := range progs {
		w, err := pr.redcodeWarrior(p, warriors)
		if err != nil {
			return nil, err
		}
		ws[i] = w
	}
	return ws, nil
}

// redcodeWarrior is pr assembled for games of `warriors` warriors with p, the one kept from
// the last game if that had the same (see assembled).
func (pr *Program) redcodeWarrior(p Params, warriors int) (*redcode.Warrior, error) {
	if a := pr.asm; a != nil {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.w != nil && a.p == p && a.warriors == warriors {
			return a.w, nil
		}
	}
	w, _, err := assembleRedcode(pr.File, pr.Source, p, warriors) // (Load kept its warnings)
	if err != nil {
		return nil, err
	}
	if w.Name == "" || w.Name == "Unknown" {
		w.Name = pr.Name
	}
	if a := pr.asm; a != nil {
		a.p, a.warriors, a.w = p, warriors, w
	}
	return w, nil
}

// Winner is the program (index into the game's programs) that alone has a process alive,
// or -1 for a draw (several alive, or none).
func Winner(g corewars.Engine) int {
	winner := -1
	for i := 0; i < g.Processes(); i++ {
		st := g.Process(i)
		if !st.Alive {
			continue
		}
		if winner >= 0 && winner != st.Program {
			return -1
		}
		winner = st.Program
	}
	return winner
}

// Play plays one game to its end and returns the winner (see Winner).
func Play(progs []*Program, copies []int, p Params, seed int64) (int, error) {
	g, err := NewGame(progs, copies, p, seed)
	if err != nil {
		return -1, err
	}
	if err := RunGame(context.Background(), g); err != nil {
		return -1, err
	}
	return Winner(g), nil
}

// pollSlices is how many time slices RunGame plays between two looks at its context: a few
// hundred instructions per program (copies × that for .cw), so that a stop request ends even
// an endless round (`-cycles 1000000000000`) at once, while the look costs nothing measurable
// next to the instructions.
const pollSlices = 256

// batchSlices is RunGame's piece for an engine that plays without stepping (batchPlayer):
// a look at the context between pieces of a few thousand instructions per program costs as
// little, and a piece that short still ends at once.
const batchSlices = 4096

// batchPlayer is an engine that plays a stretch of a round without events faster than step
// by step, with the same outcome (redcodeengine.Engine.Play).
type batchPlayer interface {
	Play(n int) int
}

// RunGame plays g to its end and returns nil, or returns ctx's error, leaving the round
// unfinished, as soon as ctx is done, or the engine's error if the game stopped short of its
// end (corewars.Failing: it has no result).
func RunGame(ctx context.Context, g corewars.Engine) error {
	done := ctx.Done()
	bp, batch := g.(batchPlayer)
	for !g.Over() {
		select {
		case <-done:
			return ctx.Err()
		default:
		}
		if batch {
			bp.Play(batchSlices)
		} else {
			g.Run(pollSlices)
		}
	}
	return corewars.StopErr(g)
}
