package redcode

import (
	"fmt"
	"strconv"
	"strings"
)

// AssemblerConfig returns the assembler settings of this run for n warriors
// (the registers W and S hold n for the first warrior, as in pMARS).
func (st *Settings) AssemblerConfig(n int) Config {
	cfg := Config{CoreSize: st.CoreSize, MaxProcesses: st.MaxProcesses, MaxCycles: st.Cycles, MaxLength: st.MaxLength,
		MinDistance: st.MinDistance, Warriors: n, Rounds: st.Rounds, PSpaceSize: st.PSpaceSize, Strict88: st.Strict88, Verbose: st.Verbose}
	cfg.InitialRegs['w'-'a'] = int64(n)
	cfg.InitialRegs['s'-'a'] = int64(n)
	return cfg
}

// UsageError is a command-line error: pMARS prints the usage text and the message, exit 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// ParseSettings parses pMARS options without warrior files (for tests and simple callers).
func ParseSettings(args []string) (*Settings, error) {
	st, files, err := ParseArgs(args, nil)
	if err != nil {
		return nil, err
	}
	if len(files) > 0 {
		return nil, fmt.Errorf("unexpected file arguments")
	}
	if err := st.finish(2); err != nil {
		return nil, err
	}
	return st, nil
}

// ParseArgs parses pMARS's command line; readFile reads -@ files ("-" = stdin).
func ParseArgs(args []string, readFile func(string) ([]byte, error)) (*Settings, []string, error) {
	st := &Settings{CoreSize: 8000, MaxProcesses: 8000, Cycles: 80000, MaxLength: 100, Rounds: 1, Formula: "(W*W-1)/S"}
	st.roundsSet = false
	var files []string
	if err := st.parse(args, &files, readFile, 0); err != nil {
		return nil, nil, err
	}
	return st, files, nil
}

func (st *Settings) parse(args []string, files *[]string, readFile func(string) ([]byte, error), depth int) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if endOfInput(a) {
			return nil
		}
		if len(a) < 2 || a[0] != '-' {
			if len(*files) >= 36 {
				return &UsageError{fmt.Sprintf("Too many parameters \"%s\"", a)}
			}
			*files = append(*files, a)
			continue
		}
		for k := 1; k < len(a); k++ {
			c := a[k]
			last := k == len(a)-1
			value := func() (string, error) {
				if !last || i+1 >= len(args) || endOfInput(args[i+1]) {
					return "", &UsageError{fmt.Sprintf("Bad argument for \"-%c\" switch", c)}
				}
				i++
				return args[i], nil
			}
			num := func(min, max int64) (int64, error) {
				v, err := value()
				if err != nil {
					return 0, err
				}
				if v == "" {
					return 0, &UsageError{fmt.Sprintf("Bad argument for \"-%c\" switch", c)}
				}
				for j := 0; j < len(v); j++ {
					if !isDigit(v[j]) {
						return 0, &UsageError{fmt.Sprintf("Bad argument for \"-%c\" switch", c)}
					}
				}
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil || n < min || n > max {
					return 0, &UsageError{fmt.Sprintf("Option \"-%c\" value must be in the range %d - %d", c, min, max)}
				}
				return n, nil
			}
			var n int64
			var err error
			switch c {
			case 'r':
				n, err = num(0, 1<<31-1)
				st.Rounds, st.roundsSet = int(n), true
			case 's':
				n, err = num(1, 1<<30)
				st.CoreSize = int(n)
			case 'c':
				n, err = num(1, 1<<63-1)
				st.Cycles = n
			case 'p':
				n, err = num(1, 1<<31-1)
				st.MaxProcesses = int(n)
			case 'l':
				n, err = num(1, 1000)
				st.MaxLength = int(n)
			case 'd':
				n, err = num(1, 29826161)
				st.MinDistance = int(n)
			case 'F':
				n, err = num(0, 1<<30)
				st.FixedPos = int(n)
			case 'S':
				n, err = num(1, 1<<30)
				st.PSpaceSize = int(n)
			case 'Q':
				var v string
				v, err = value()
				if err == nil {
					q, perr := strconv.Atoi(v)
					if perr != nil {
						err = &UsageError{fmt.Sprintf("Bad argument for \"-%c\" switch", c)}
					}
					st.Query, st.HasQuery = q, true
				}
			case '=':
				st.Formula, err = value()
			case '@':
				var name string
				name, err = value()
				if err == nil {
					err = st.parseFile(name, files, readFile, depth)
				}
			case 'b':
				st.Brief = !st.Brief
			case 'k':
				st.KotH = !st.KotH
			case '8':
				st.Strict88 = !st.Strict88
			case 'f':
				st.FixedSeries = !st.FixedSeries
			case 'o':
				st.SortByScore = !st.SortByScore
			case 'P':
				st.Permute = !st.Permute
			case 'V':
				st.Verbose = !st.Verbose
			case 'e':
				// -e (the debugger) is disabled in the server build: accepted, no effect.
			default:
				return &UsageError{fmt.Sprintf("Unknown option \"%s\"", a)}
			}
			if err != nil {
				return err
			}
			if c == 'r' || c == 's' || c == 'c' || c == 'p' || c == 'l' || c == 'd' || c == 'F' || c == 'S' || c == 'Q' || c == '=' || c == '@' {
				break
			}
		}
	}
	return nil
}

func (st *Settings) parseFile(name string, files *[]string, readFile func(string) ([]byte, error), depth int) error {
	if readFile == nil || depth > 20 {
		return &UsageError{"Cannot open parameter file"}
	}
	data, err := readFile(name)
	if err != nil {
		return &UsageError{"Cannot open parameter file"}
	}
	words := parameterWords(string(data))
	if err := st.parse(words, files, readFile, depth+1); err != nil {
		if ue, ok := err.(*UsageError); ok && ue.Msg != "Cannot open parameter file" {
			ue.Msg += fmt.Sprintf("\nThe error is located in \"%s\"", name)
		}
		return err
	}
	return nil
}

// endOfInput: pMARS stops reading arguments (of the command line or of a
// parameter file) at a word "$" or an empty word.
func endOfInput(word string) bool { return word == "$" || word == "" }

// parameterWords splits a -@ file into words the way pMARS reads them
// (PMARS-DETAILS.md 15): words are separated by white space; a word that
// starts with '"' gets a blank in place of the quote and runs to the next
// quote (across blanks and lines), which is dropped; a word that starts with
// ';' skips the rest of its line (at most 99 characters of it), and the word
// after it is taken as it is, quotes included. A "$" word ends the input
// (endOfInput).
func parameterWords(s string) []string {
	pos := 0
	word := func() string {
		for pos < len(s) && isSpace(s[pos]) {
			pos++
		}
		st := pos
		for pos < len(s) && !isSpace(s[pos]) {
			pos++
		}
		return s[st:pos]
	}
	var words []string
	for {
		w := word()
		if strings.HasPrefix(w, "\"") {
			w = " " + w[1:]
			if w[len(w)-1] == '"' {
				w = w[:len(w)-1]
			} else {
				st := pos
				for pos < len(s) && s[pos] != '"' {
					pos++
				}
				w += s[st:pos]
				if pos > st {
					for pos < len(s) && s[pos] == '"' {
						pos++
					}
				}
			}
		}
		for strings.HasPrefix(w, ";") {
			// fgets(buf, 100): the rest of the line, at most 99 characters
			for n := 0; pos < len(s) && n < 99; n++ {
				pos++
				if s[pos-1] == '\n' {
					break
				}
			}
			w = word()
		}
		words = append(words, w)
		if endOfInput(w) {
			return words
		}
	}
}

// finish applies defaults and the checks of PMARS-DETAILS.md 15 for n warriors.
func (st *Settings) finish(n int) error {
	if st.MinDistance == 0 {
		st.MinDistance = st.MaxLength
	}
	if st.PSpaceSize == 0 {
		st.PSpaceSize = DefaultPSpaceSize(st.CoreSize)
	}
	if st.Permute && !st.roundsSet {
		st.Rounds = 2*st.CoreSize - 4*st.MinDistance + 2
	}
	switch {
	case st.FixedSeries && st.FixedPos > 0:
		return &UsageError{"Only one of -f and -F can be given"}
	case st.MinDistance < st.MaxLength:
		return &UsageError{"Warrior distance cannot be smaller than warrior length"}
	case st.CoreSize < n*st.MinDistance:
		return &UsageError{"Core size is too small"}
	case st.FixedPos > 0 && st.FixedPos < st.MinDistance:
		return &UsageError{"Position of warrior #2 cannot be smaller than warrior distance"}
	case !CheckFormula(st.Formula, n):
		return &UsageError{"Bad score formula"}
	case st.PSpaceSize > st.CoreSize:
		return &UsageError{"P-space is bigger than core"}
	case st.Permute && n != 2:
		return &UsageError{"Permutation cannot be used in multiwarrior battles"}
	case n == 0:
		return &UsageError{"No warrior file specified"}
	}
	return nil
}

// Finish applies defaults and checks the settings for n warriors.
func (st *Settings) Finish(n int) error { return st.finish(n) }
