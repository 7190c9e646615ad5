package main

import (
	"flag"
	"fmt"
	"strconv"

	"robocom/corewars"
	"robocom/corewars/play"
)

// coreFlags are the Core War parameters, defined once for every command that plays Core War
// (core, tournament, hill create): each under its long name and pMARS's letter, so a hill,
// a tournament and a robocom mars run are set up with the same words. A parameter left out
// keeps the language's default (play.Defaults).
type coreFlags struct {
	size, cycles, threads, maxLength, minDist coreParam
	dialect                                   string
	dialectSet                                bool
}

// coreParam is one numeric parameter and the name it was given under (for messages).
type coreParam struct {
	n    int64
	set  bool
	name string
}

// paramValue is a coreParam under one of its names.
type paramValue struct {
	p    *coreParam
	name string
}

func (v paramValue) String() string {
	if v.p == nil || !v.p.set {
		return ""
	}
	return strconv.FormatInt(v.p.n, 10)
}

func (v paramValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("-%s needs a whole number", v.name)
	}
	v.p.n, v.p.set, v.p.name = n, true, v.name
	return nil
}

// coreFlagNames are the parameters' names: the long one, pMARS's letter, and the usage
// (with each language's default).
var coreFlagNames = []struct {
	long, letter string
	param        func(f *coreFlags) *coreParam
	usage        func(red, cw, vna play.Params) string
}{
	{"coresize", "s", func(f *coreFlags) *coreParam { return &f.size }, func(red, cw, vna play.Params) string {
		return fmt.Sprintf("`N` cells in the core (default: .red %d, .cw %d, .vna %d)", red.Size, cw.Size, vna.Size)
	}},
	{"cycles", "c", func(f *coreFlags) *coreParam { return &f.cycles }, func(red, cw, vna play.Params) string {
		return fmt.Sprintf("`N` cycles before a draw: .red per warrior, as pMARS -c (%d); .cw time slices (%d); .vna rounds (%d)", red.Cycles, cw.Cycles, vna.Cycles)
	}},
	{"threads", "p", func(f *coreFlags) *coreParam { return &f.threads }, func(red, cw, vna play.Params) string {
		return fmt.Sprintf("`N` processes per warrior (.red, %d), threads per process (.cw, %d), executors per player (.vna, %d); .cw and .vna at most %d", red.Threads, cw.Threads, vna.Threads, corewars.MaxThreads)
	}},
	{"maxlength", "l", func(f *coreFlags) *coreParam { return &f.maxLength }, func(red, cw, vna play.Params) string {
		return fmt.Sprintf("`N` longest program (default: .red %d, .cw %d, .vna %d; .cw 0 = no limit)", red.MaxLength, cw.MaxLength, vna.MaxLength)
	}},
	{"mindist", "d", func(f *coreFlags) *coreParam { return &f.minDist }, func(red, cw, vna play.Params) string {
		return fmt.Sprintf("`N` least distance between programs (default: .red the longest program, -l; .cw %d, which means size/(2·processes) and at least the longest program; .vna %d, counted in blank nodes between programs)", cw.MinDist, vna.MinDist)
	}},
}

// register adds the parameters to fs. sizeAlias also accepts -size for -coresize: CLI.md
// names it for robocom core, and scripts use it with tournament (the hill's -size is its
// limit of programs, so hill create leaves it out).
func (f *coreFlags) register(fs *flag.FlagSet, sizeAlias bool) {
	red, cw, vna := play.Defaults(play.Redcode), play.Defaults(play.CW), play.Defaults(play.VNA)
	for _, n := range coreFlagNames {
		p := n.param(f)
		fs.Var(paramValue{p, n.long}, n.long, n.usage(red, cw, vna))
		fs.Var(paramValue{p, n.letter}, n.letter, "the same as -"+n.long+" `N` (pMARS's letter)")
	}
	if sizeAlias {
		fs.Var(paramValue{&f.size, "size"}, "size", "the same as -coresize `N` (the name CLI.md gives it)")
	}
	fs.Func("dialect", "Redcode dialect `D`: 94, 88 or 86 (.red only; default "+red.Dialect+")", func(s string) error {
		f.dialect, f.dialectSet = s, true
		return nil
	})
}

// given reports whether any Core War parameter was given (a RoboCom hill takes none).
func (f *coreFlags) given() (string, bool) {
	for _, n := range coreFlagNames {
		if p := n.param(f); p.set {
			return p.name, true
		}
	}
	if f.dialectSet {
		return "dialect", true
	}
	return "", false
}

// params are the language's defaults with the parameters given; the error is a sentence for
// the user. The core size, cycles and threads must be at least 1 (leaving the flag out is
// how to ask for the default); the length and distance go to Params.Check as given.
func (f *coreFlags) params(l play.Language) (play.Params, error) {
	p := play.Defaults(l)
	for _, q := range []*coreParam{&f.size, &f.cycles, &f.threads} {
		if q.set && q.n < 1 {
			return p, fmt.Errorf("-%s must be at least 1, not %d (leave -%s out for the language's default)", q.name, q.n, q.name)
		}
	}
	if f.dialectSet && l != play.Redcode {
		return p, fmt.Errorf("-dialect is for Redcode (.red) programs")
	}
	if f.size.set {
		p.Size = int(f.size.n)
	}
	if f.cycles.set {
		p.Cycles = f.cycles.n
	}
	if f.threads.set {
		p.Threads = int(f.threads.n)
	}
	if f.maxLength.set {
		p.MaxLength = int(f.maxLength.n)
	}
	if f.minDist.set {
		p.MinDist = int(f.minDist.n)
	}
	if f.dialectSet {
		p.Dialect = f.dialect
	}
	return p, p.Check(l)
}
