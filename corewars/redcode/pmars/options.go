package pmars

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"robocom/corewars/redcode"
)

// UsageError is a command-line error: pMARS prints the usage text and the message, exit 2.
// An error in a parameter file is followed by a line for each file open then (in, innermost
// first), kept apart so that a file nested thousands deep costs no quadratic message.
type UsageError struct {
	Msg string
	in  []string
}

func (e *UsageError) Error() string {
	if len(e.in) == 0 {
		return e.Msg
	}
	var b strings.Builder
	b.WriteString(e.Msg)
	for _, f := range e.in {
		fmt.Fprintf(&b, "\nThe error is located in \"%s\"", f)
	}
	return b.String()
}

// ParseArgs parses pMARS's command line; readFile reads -@ files ("-" =
// standard input, all of it). The settings still need Finish once the number
// of warriors is known.
func ParseArgs(args []string, readFile func(string) ([]byte, error)) (*redcode.Settings, []string, error) {
	p := &parser{st: redcode.DefaultSettings(), readFile: readFile}
	var files []string
	if err := p.parse(args, &files); err != nil {
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
	// The parameter files being read, each inside the one before (pMARS holds them open,
	// so it can nest as many as the process may open files: fileBudget), and the memory
	// their words take (held, bounded by maxHeldWords: pMARS reads a file as a stream, this
	// parser whole, so a file that names itself must not take the memory first).
	open, held int
	budget     int // files that may be open at once; 0 until a file nests deep (fileBudget)
}

// maxHeldWords bounds the memory the words of nested parameter files take: 64 MB, as many
// levels of a 1 MB file (the largest a user's may be) as its words fill; maxNested bounds
// their depth where the system allows more files than that (the stack it takes).
const (
	maxHeldWords = 64 << 20
	maxNested    = 1 << 16
	// commonFileBudget is fileBudget where the system does not tell: the common limit of
	// 1024 open files less the three standard streams.
	commonFileBudget = 1024 - 3
)

// kind is how a pMARS option reads its argument.
type kind int

const (
	toggle kind = iota // no value; each occurrence flips it ("-b -b" is off again)
	number             // the next word: digits only, within [min, max]
	text               // the next word as it is
	params             // -@: the next word names a parameter file to read
	inert              // -e: accepted, no effect in the server build
)

// option is one pMARS option: the parser, the range check and the usage text
// all come from its row, so a new option is one row of options.
type option struct {
	letter   byte
	kind     kind
	min, max int64                                // number: the accepted range
	setNum   func(st *redcode.Settings, n int64)  // number
	flag     func(st *redcode.Settings) *bool     // toggle
	setText  func(st *redcode.Settings, s string) // text
	usage    string                               // the usage text's description; "" leaves the option out (-Q)
	defValue func(st *redcode.Settings) any       // shown for the %v in usage, from DefaultSettings
}

// options are pMARS 0.9.2's options (PMARS-DETAILS.md 15) in the order of
// its usage text.
var options = []option{
	{letter: 'r', kind: number, min: 0, max: 1<<31 - 1, usage: "Rounds to play [1]", // -1 until Finish: 1, or every position with -P
		setNum: func(st *redcode.Settings, n int64) { st.Rounds = int(n) }},
	{letter: 'e', kind: inert, usage: "(disabled in SERVER version)"},
	{letter: 's', kind: number, min: 1, max: 1 << 30, usage: "Size of core [%v]",
		setNum:   func(st *redcode.Settings, n int64) { st.CoreSize = int(n) },
		defValue: func(st *redcode.Settings) any { return st.CoreSize }},
	{letter: 'b', kind: toggle, usage: "Brief mode (no source listings)",
		flag: func(st *redcode.Settings) *bool { return &st.Brief }},
	{letter: 'c', kind: number, min: 1, max: 1<<63 - 1, usage: "Cycles until tie [%v]",
		setNum:   func(st *redcode.Settings, n int64) { st.Cycles = n },
		defValue: func(st *redcode.Settings) any { return st.Cycles }},
	{letter: 'V', kind: toggle, usage: "Verbose assembly",
		flag: func(st *redcode.Settings) *bool { return &st.Verbose }},
	{letter: 'p', kind: number, min: 1, max: 1<<31 - 1, usage: "Max. processes [%v]",
		setNum:   func(st *redcode.Settings, n int64) { st.MaxProcesses = int(n) },
		defValue: func(st *redcode.Settings) any { return st.MaxProcesses }},
	{letter: 'k', kind: toggle, usage: "Output in KotH format",
		flag: func(st *redcode.Settings) *bool { return &st.KotH }},
	{letter: 'l', kind: number, min: 1, max: 1000, usage: "Max. warrior length [%v]",
		setNum:   func(st *redcode.Settings, n int64) { st.MaxLength = int(n) },
		defValue: func(st *redcode.Settings) any { return st.MaxLength }},
	{letter: '8', kind: toggle, usage: "Enforce ICWS'88 rules",
		flag: func(st *redcode.Settings) *bool { return &st.Strict88 }},
	{letter: 'd', kind: number, min: 1, max: 29826161, usage: "Min. warriors distance", // default: -l
		setNum: func(st *redcode.Settings, n int64) { st.MinDistance = int(n) }},
	{letter: 'f', kind: toggle, usage: "Fixed position series",
		flag: func(st *redcode.Settings) *bool { return &st.FixedSeries }},
	{letter: 'F', kind: number, min: 0, max: 1 << 30, usage: "Fixed position of warrior #2",
		setNum: func(st *redcode.Settings, n int64) { st.FixedPos = int(n) }},
	{letter: 'o', kind: toggle, usage: "Sort result output by score",
		flag: func(st *redcode.Settings) *bool { return &st.SortByScore }},
	{letter: 'S', kind: number, min: 1, max: 1 << 30, usage: "Size of P-space [1/16th core]", // default: redcode.DefaultPSpaceSize
		setNum: func(st *redcode.Settings, n int64) { st.PSpaceSize = int(n) }},
	{letter: 'P', kind: toggle, usage: "Permutate starting positions",
		flag: func(st *redcode.Settings) *bool { return &st.Permute }},
	{letter: '=', kind: text, usage: "Score formula $ [%v]",
		setText:  func(st *redcode.Settings, s string) { st.Formula = s },
		defValue: func(st *redcode.Settings) any { return st.Formula }},
	{letter: '@', kind: params, usage: "Read options from file $"},
	// -Q is not in pMARS's usage text.
	{letter: 'Q', kind: number, min: -1, max: 1<<31 - 1,
		setNum: func(st *redcode.Settings, n int64) { st.Query, st.HasQuery = int(n), true }},
}

// lookup is the option of a letter, or nil.
func lookup(c byte) *option {
	for i := range options {
		if options[i].letter == c {
			return &options[i]
		}
	}
	return nil
}

// takesValue: the option reads the next word, so it must end its group ("-bk -F 500").
func (o *option) takesValue() bool { return o.kind == number || o.kind == text || o.kind == params }

// typeMark is the usage text's mark of the option's value: # a number, $ a string.
func (o *option) typeMark() byte {
	switch o.kind {
	case number:
		return '#'
	case text, params:
		return '$'
	}
	return ' '
}

// UsageText is pMARS's usage text (PMARS-DETAILS.md 15), as "pmars" prints it
// before a usage error; robocom help mars shows it. It is built by pMARS's
// layout rule from options: two entries a line, each description padded to 30
// characters, the last one not.
func UsageText() string {
	var b strings.Builder
	b.WriteString("pMARS v0.9.2, 25/12/00, corewar simulator with ICWS'94 extensions\n" +
		"Copyright (C) 1993-95 Albert Ma, Na'ndor Sieben, Stefan Strack and Mintardjo Wangsaw\n" +
		"SERVER version without debugger\n" +
		"Usage:\n   pmars [options] file1 [files ..]\n   The special file - stands for standard input\n\nOptions:\n")
	def := redcode.DefaultSettings()
	var shown []*option
	for i := range options {
		if options[i].usage != "" {
			shown = append(shown, &options[i])
		}
	}
	for i, o := range shown {
		desc := o.usage
		if o.defValue != nil {
			desc = fmt.Sprintf(desc, o.defValue(def))
		}
		if i == len(shown)-1 {
			fmt.Fprintf(&b, "  -%c %c %s\n", o.letter, o.typeMark(), desc)
			break
		}
		fmt.Fprintf(&b, "  -%c %c %-30s", o.letter, o.typeMark(), desc)
		if i%2 == 1 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func (p *parser) parse(args []string, files *[]string) error {
	st := p.st
	for i := 0; i < len(args); i++ {
		a := args[i]
		if endOfInput(a) {
			return nil
		}
		if len(a) < 2 || a[0] != '-' {
			if len(*files) >= 36 {
				return &UsageError{Msg: fmt.Sprintf("Too many parameters \"%s\"", a)}
			}
			if len(a) > 1 && a[len(a)-1] == '-' && stdinWarriors(a) <= 0 {
				// "N-" reads N warriors from standard input; pMARS takes a
				// word whose N is not a positive number for an unknown option.
				return &UsageError{Msg: fmt.Sprintf("Unknown option \"%s\"", a[:len(a)-1])}
			}
			*files = append(*files, a)
			continue
		}
		for k := 1; k < len(a); k++ {
			o := lookup(a[k])
			if o == nil {
				return &UsageError{Msg: fmt.Sprintf("Unknown option \"%s\"", a)}
			}
			var value string
			if o.takesValue() {
				// the value is the next word, and only after the group's last letter
				if k != len(a)-1 || i+1 >= len(args) || endOfInput(args[i+1]) {
					if o.kind == params {
						return cannotOpen()
					}
					return badArgument(o)
				}
				i++
				value = args[i]
			}
			switch o.kind {
			case toggle:
				f := o.flag(st)
				*f = !*f
			case number:
				n, err := o.parseNumber(value)
				if err != nil {
					return err
				}
				o.setNum(st, n)
			case text:
				o.setText(st, value)
			case params:
				if err := p.parseFile(value, files); err != nil {
					return err
				}
			}
			if o.takesValue() {
				break
			}
		}
	}
	return nil
}

// parseNumber reads a number option's value as pMARS does: digits only, in range.
func (o *option) parseNumber(v string) (int64, error) {
	if v == "" {
		return 0, badArgument(o)
	}
	for j := 0; j < len(v); j++ {
		if v[j] < '0' || v[j] > '9' {
			return 0, badArgument(o)
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		n = math.MaxInt64 // (digits only: too large; pMARS's strtol saturates, so "-c" takes it)
	}
	if n < o.min || n > o.max {
		return 0, &UsageError{Msg: fmt.Sprintf("Option \"-%c\" value must be in the range %d - %d", o.letter, o.min, o.max)}
	}
	return n, nil
}

// cannotOpen is pMARS's error for a parameter file it does not read: missing, not named, or
// one too many open.
func cannotOpen() error { return &UsageError{Msg: "Cannot open parameter file"} }

func badArgument(o *option) error {
	return &UsageError{Msg: fmt.Sprintf("Bad argument for \"-%c\" switch", o.letter)}
}

func (p *parser) parseFile(name string, files *[]string) error {
	if p.readFile == nil {
		return cannotOpen()
	}
	var words []string
	where := name
	if name == "-" && p.stdin != nil { // (standard input is open already: it takes no file)
		if p.notice != nil {
			fmt.Fprint(p.notice, "[Reading from standard input until EOF or \"$\"]\n")
		}
		var used int
		words, used = parameterWords(string(p.stdin()[p.stdinUsed:]))
		p.stdinUsed += used
		where = "standard input"
	} else {
		if p.open >= 16 && p.budget == 0 { // (deep only when a file names itself: then find out how deep)
			p.budget = max(min(fileBudget(), maxNested), 1)
		}
		if p.budget > 0 && p.open >= p.budget {
			return cannotOpen() // (pMARS: out of files)
		}
		data, err := p.readFile(name)
		if err != nil {
			return cannotOpen()
		}
		words, _ = parameterWords(string(data))
		size := len(data) + len(words)*int(unsafe.Sizeof(""))
		if p.held+size > maxHeldWords {
			return cannotOpen()
		}
		p.open++
		p.held += size
		defer func() { p.open--; p.held -= size }()
	}
	// Every file that was open when the error happened names itself, innermost first, as
	// pMARS's do (the one that could not be opened does not).
	if err := p.parse(words, files); err != nil {
		if ue, ok := err.(*UsageError); ok {
			ue.in = append(ue.in, where)
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
