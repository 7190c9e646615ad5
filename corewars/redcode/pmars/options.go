package pmars

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"robocom/corewars/redcode"
)

// UsageError is a command-line error: pMARS prints the usage text and the message, exit 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// ParseArgs parses pMARS's command line; readFile reads -@ files ("-" =
// standard input, all of it). The settings still need Finish once the number
// of warriors is known.
func ParseArgs(args []string, readFile func(string) ([]byte, error)) (*redcode.Settings, []string, error) {
	p := &parser{st: redcode.DefaultSettings(), readFile: readFile}
	var files []string
	if err := p.parse(args, &files, 0); err != nil {
		return nil, nil, err
	}
	return p.st, files, nil
}

// parser reads pMARS's options into st.
type parser struct {
	st       *redcode.Settings
	readFile func(string) ([]byte, error)
	// stdin is standard input for "-@ -"; pMARS reads it as a stream, so
	// stdinUsed counts what the options took and what follows is left for
	// the warriors read from "-".
	stdin     func() []byte
	stdinUsed int
	notice    io.Writer // pMARS's "[Reading from standard input ...]"
}

func (p *parser) parse(args []string, files *[]string, depth int) error {
	st := p.st
	for i := 0; i < len(args); i++ {
		a := args[i]
		if endOfInput(a) {
			return nil
		}
		if len(a) < 2 || a[0] != '-' {
			if len(*files) >= 36 {
				return &UsageError{fmt.Sprintf("Too many parameters \"%s\"", a)}
			}
			if len(a) > 1 && a[len(a)-1] == '-' && stdinWarriors(a) <= 0 {
				// "N-" reads N warriors from standard input; pMARS takes a
				// word whose N is not a positive number for an unknown option.
				return &UsageError{fmt.Sprintf("Unknown option \"%s\"", a[:len(a)-1])}
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
					if v[j] < '0' || v[j] > '9' {
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
				st.Rounds = int(n)
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
				n, err = num(-1, 1<<31-1)
				st.Query, st.HasQuery = int(n), true
			case '=':
				st.Formula, err = value()
			case '@':
				// pMARS: a file name must follow as the next word
				if !last || i+1 >= len(args) || endOfInput(args[i+1]) {
					return &UsageError{"Cannot open parameter file"}
				}
				i++
				err = p.parseFile(args[i], files, depth)
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

func (p *parser) parseFile(name string, files *[]string, depth int) error {
	if p.readFile == nil || depth > 20 {
		return &UsageError{"Cannot open parameter file"}
	}
	var words []string
	where := name
	if name == "-" && p.stdin != nil {
		if p.notice != nil {
			fmt.Fprint(p.notice, "[Reading from standard input until EOF or \"$\"]\n")
		}
		var used int
		words, used = parameterWords(string(p.stdin()[p.stdinUsed:]))
		p.stdinUsed += used
		where = "standard input"
	} else {
		data, err := p.readFile(name)
		if err != nil {
			return &UsageError{"Cannot open parameter file"}
		}
		words, _ = parameterWords(string(data))
	}
	if err := p.parse(words, files, depth+1); err != nil {
		if ue, ok := err.(*UsageError); ok && ue.Msg != "Cannot open parameter file" {
			ue.Msg += fmt.Sprintf("\nThe error is located in \"%s\"", where)
		}
		return err
	}
	return nil
}

// stdinWarriors is the N of a warrior argument "N-" as C's atoi reads it
// ("-" alone is 1).
func stdinWarriors(word string) int {
	s := word[:len(word)-1]
	if s == "" {
		return 1
	}
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	sign := 1
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		if s[i] == '-' {
			sign = -1
		}
		i++
	}
	n := 0
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9' && n < 1<<20; i++ {
		n = n*10 + int(s[i]-'0')
	}
	return sign * n
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
// It also returns how much of s it read.
func parameterWords(s string) ([]string, int) {
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
			return words, pos
		}
	}
}

// isSpace is C's isspace in the "C" locale.
func isSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }
