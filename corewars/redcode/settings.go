package redcode

import (
	"errors"
	"strings"
)

// DefaultSettings are pMARS's settings before its command line is read: the
// one place pMARS's defaults are written. Three of them depend on others and
// are filled in by Finish: Rounds -1 ("not given") becomes 1, or every
// position once with -P; MinDistance 0 becomes MaxLength; PSpaceSize 0 becomes
// DefaultPSpaceSize(CoreSize).
func DefaultSettings() *Settings {
	return &Settings{CoreSize: 8000, MaxProcesses: 8000, Cycles: 80000, MaxLength: 100, Rounds: -1, Formula: "(W*W-1)/S"}
}

// Defaults are pMARS's settings for a run without options, the dependent ones
// filled in: what the Core War window, robocom core and tournaments start from.
func Defaults() Settings {
	st := DefaultSettings()
	st.fillDefaults()
	return *st
}

// fillDefaults sets the settings left at "not given" from the others, as pMARS does.
func (st *Settings) fillDefaults() {
	if st.MinDistance == 0 {
		st.MinDistance = st.MaxLength
	}
	if st.PSpaceSize == 0 {
		st.PSpaceSize = DefaultPSpaceSize(st.CoreSize)
	}
	if st.Rounds < 0 {
		st.Rounds = 1
		if st.Permute {
			st.Rounds = 2*st.CoreSize - 4*st.MinDistance + 2
		}
	}
}

// Finish applies the defaults that depend on other settings and the checks of
// PMARS-DETAILS.md 15 for n warriors. pMARS makes every check and prints each
// failure: the error holds their messages, separated by empty lines.
func (st *Settings) Finish(n int) error {
	var failed []string
	check := func(bad bool, msg string) {
		if bad {
			failed = append(failed, msg)
		}
	}
	distanceGiven := st.MinDistance != 0
	st.fillDefaults()
	check(st.FixedSeries && st.FixedPos > 0, "Only one of -f and -F can be given")
	check(distanceGiven && st.MinDistance < st.MaxLength, "Warrior distance cannot be smaller than warrior length")
	check(st.CoreSize < n*st.MinDistance, "Core size is too small")
	check(st.FixedPos > 0 && st.FixedPos < st.MinDistance, "Position of warrior #2 cannot be smaller than warrior distance")
	check(!CheckFormula(st.Formula, n), "Bad score formula")
	check(st.PSpaceSize > st.CoreSize, "P-space is bigger than core")
	check(st.Permute && n != 2, "Permutation cannot be used in multiwarrior battles")
	check(n == 0, "No warrior file specified")
	if len(failed) > 0 {
		return errors.New(strings.Join(failed, "\n\n"))
	}
	return nil
}

// AssemblerConfig returns the assembler settings of this run for n warriors
// (the registers W and S hold n for the first warrior, as in pMARS).
func (st *Settings) AssemblerConfig(n int) Config {
	return Config{Settings: *st, Warriors: n, InitialRegs: FormulaRegisters(st.Formula, n)}
}

// FormulaRegisters are the registers pMARS leaves behind after checking the
// score formula for s = 1..n; its first warrior is assembled with them.
func FormulaRegisters(formula string, n int) [26]int64 {
	var regs [26]int64
	regs['w'-'a'] = int64(n)
	regs['s'-'a'] = int64(n)
	for s := 1; s <= n; s++ {
		regs['w'-'a'] = int64(n)
		regs['s'-'a'] = int64(s)
		evaluate(formula, &regs)
	}
	return regs
}
