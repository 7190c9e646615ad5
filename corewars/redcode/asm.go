package redcode

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The assembler follows pMARS 0.9.2's own passes (PMARS-DETAILS.md 8-13):
// pass 0 stores the lines, pass 1 rewrites them textually (labels, EQU, FOR,
// ;assert), pass 2 parses each rewritten line with a small state machine and
// evaluates it. Its messages, their order and the -V trace come out of the
// same steps pMARS takes, so they match it byte for byte, including the odd
// cases (a failed operand also being "incomplete", one "Bad '88 format" per
// line, and so on).

// Config is what one assembly needs: the run's settings (the predefined
// constants, -8, and -V, which writes pMARS's assembler trace into the
// diagnostics' stderr text), the number of warriors, and the 26 letter
// registers (pMARS leaves W and S set from checking the score formula when it
// assembles the first warrior).
type Config struct {
	Settings
	Warriors    int
	InitialRegs [26]int64
}

// DefaultConfig returns pMARS's defaults for n warriors.
func DefaultConfig(n int) Config { return Config{Settings: Defaults(), Warriors: n} }

// Message is one assembler diagnostic.
type Message struct {
	Line int // 0: not tied to a line; pMARS's count, in which a long line is several
	// FileLine and FileCol are where Line begins in the file, as an editor counts: pMARS reads a
	// line in pieces of 255 characters and counts each piece, and a line continued with "\" as
	// one, so Line can lie past the file's lines. FileCol is 0 at a line's start (pMARS tells
	// no column), else the column its piece begins at (256 for a long line's second piece).
	FileLine, FileCol int
	Source            string
	Text              string // on one line: pMARS's continuation lines joined by "; " (oneLine)
	Warning           bool
}

// Diagnostics are the messages of one warrior's assembly.
type Diagnostics struct {
	Messages []Message // the messages printed, in order (repeats on a line are printed once)
	Errors   int
	Warnings int
	Aborted  bool // "Too many errors or warnings": pMARS stops at once
	// LogicError is what pMARS prints on stdout when its own consistency check
	// fails ("Error in asm.c. Line: 842"); it then exits with status 3.
	LogicError string
	stderr     strings.Builder
	keep       []keptMessage
}

// keptMessage is pMARS's record of a line message: repeats of the same kind
// on the same line are counted, not printed.
type keptMessage struct {
	line int
	code msgCode
	num  int
}

// Failed reports whether the warrior did not assemble.
func (d *Diagnostics) Failed() bool { return d.Errors > 0 || d.Aborted || d.LogicError != "" }

// Stderr is exactly what pMARS prints on stderr while assembling the warrior
// (with -V, its trace too).
func (d *Diagnostics) Stderr() string { return d.stderr.String() }

// textout writes text the way pMARS's textout does: through printf, so that
// '%' sequences in echoed source are interpreted (PMARS-DETAILS.md 13.1).
func (d *Diagnostics) textout(s string) { d.stderr.WriteString(printfQuirk(s, true)) }

// EchoPrintf is what pMARS prints for a message text s that it hands to
// printf as the format (file names and source lines in its messages).
func EchoPrintf(s string) string { return printfQuirk(s, true) }

// textoutDirect is textout of a text pMARS hands to printf without formatting
// it first (the -V chart's EQU lines): there the missing argument was not 0.
func (d *Diagnostics) textoutDirect(s string) { d.stderr.WriteString(printfQuirk(s, false)) }

// printfQuirk renders s as glibc's printf renders it as a format string with
// no arguments. "%%" prints "%"; a text that is no conversion is printed as
// glibc prints an unknown one (its flags in glibc's order); a conversion that
// reads an argument prints what pMARS printed in the reference runs: where the
// missing argument was 0 (argZero), numbers print 0 and %c, %C a NUL byte;
// elsewhere %C (%lc) failed as an invalid wide character, which ends that
// printf's output. Other conversions with a non-zero argument are
// unpredictable; they are printed as with 0.
func printfQuirk(s string, argZero bool) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		j := i + 1
		var alt, group, plus, space, left, zero, i18n bool
	flags:
		for ; j < len(s); j++ {
			switch s[j] {
			case '#':
				alt = true
			case '\'':
				group = true
			case '+':
				plus = true
			case ' ':
				space = true
			case '-':
				left = true
			case '0':
				zero = true
			case 'I':
				i18n = true
			default:
				break flags
			}
		}
		ws := j
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		widthText := strings.TrimLeft(s[ws:j], "0")
		width, _ := strconv.Atoi(widthText)
		precText := ""
		if j < len(s) && s[j] == '.' {
			ps := j
			j++
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			precText = s[ps:j]
		}
		long := false
		for j < len(s) && strings.IndexByte("hlLqjzZt", s[j]) >= 0 {
			long = long || s[j] == 'l'
			j++
		}
		if j >= len(s) {
			b.WriteString(s[i:])
			break
		}
		conv := s[j]
		var text string
		switch conv {
		case '%':
			b.WriteByte('%')
			i = j + 1
			continue
		case 'd', 'i', 'u', 'o', 'x', 'X':
			// the number 0 as glibc prints it: a precision gives that many
			// digits (".0": none, but "%#.0o" still "0"); d and i take the sign
			// flags ("% d" is " 0", "%+d" "+0"); the 0 flag pads after the sign
			// and only without a precision.
			digits := "0"
			if precText != "" {
				prec, _ := strconv.Atoi(precText[1:])
				digits = strings.Repeat("0", min(prec, 1<<16))
				if digits == "" && alt && conv == 'o' {
					digits = "0"
				}
			}
			sign := ""
			if conv == 'd' || conv == 'i' {
				if plus {
					sign = "+"
				} else if space {
					sign = " "
				}
			}
			if zero && !left && precText == "" && width > len(sign)+len(digits) && width < 1<<16 {
				digits = strings.Repeat("0", width-len(sign)-len(digits)) + digits
			}
			text = sign + digits
		case 'c', 'C':
			if !argZero && (conv == 'C' || long) {
				return b.String()
			}
			text = "\x00"
		default:
			b.WriteByte('%')
			for _, f := range []struct {
				on bool
				c  byte
			}{{alt, '#'}, {group, '\''}, {plus, '+'}, {space && !plus, ' '}, {left, '-'}, {zero, '0'}, {i18n, 'I'}} {
				if f.on {
					b.WriteByte(f.c)
				}
			}
			if width > 0 {
				b.WriteString(widthText)
			}
			b.WriteString(precText)
			b.WriteByte(conv)
			i = j + 1
			continue
		}
		pad := ""
		if width > len(text) && width < 1<<16 {
			pad = strings.Repeat(" ", width-len(text)) // (a 0 flag has padded the numbers)
		}
		if left {
			b.WriteString(text + pad)
		} else {
			b.WriteString(pad + text)
		}
		i = j + 1
	}
	return b.String()
}

// srcLine is one stored line of pass 0: its physical line number and its text
// (the comment removed, trailing blanks kept; a ;assert line keeps ";assert").
type srcLine struct {
	num              int // pMARS's line number
	fileLine, offset int // where it begins in the file: the line (from 1) and the byte in it (from 0)
	text             string
}

// Source is a warrior's text after reading (pass 0).
type Source struct {
	lines        []srcLine
	name, author string
	hasName      bool
	hasAuthor    bool
}

const maxLineChars = 255

// maxAllChar is the size of pMARS's line buffers: a rewritten line must stay
// below it ("Buffer overflow. Substitution is too complex").
const maxAllChar = 256

// ReadSource splits src into logical lines and handles ;redcode, ;name,
// ;author and ;assert. rest is what follows a second ;redcode line (the next
// warrior when several are read from one stream); stopped tells whether one was met.
func ReadSource(src []byte) (s Source, rest []byte, stopped bool) {
	pos := 0
	lineNo := 0
	fileLine, lineStart := 1, 0 // the file's line at pos, as an editor counts, and where it began
	redcodeSeen := false
	nextPiece := func() (string, bool) {
		if pos >= len(src) {
			return "", false
		}
		end := pos
		for end < len(src) && end-pos < maxLineChars {
			end++
			if src[end-1] == '\n' {
				break
			}
		}
		piece := string(src[pos:end])
		pos = end
		if src[end-1] == '\n' {
			fileLine, lineStart = fileLine+1, end
		}
		// fgets and C strings: a NUL ends the text of the line.
		if i := strings.IndexAny(piece, "\r\n\x00"); i >= 0 {
			piece = piece[:i]
		}
		return piece, true
	}
	for {
		start, startLine, startOff := pos, fileLine, pos-lineStart
		line, ok := nextPiece()
		if !ok {
			break
		}
		for strings.HasSuffix(line, "\\") {
			next, ok := nextPiece()
			line = line[:len(line)-1]
			if !ok {
				break
			}
			line += next
		}
		lineNo++
		kind, _, i := getToken(line, 0)
		switch kind {
		case tokNone:
			continue
		case tokComment:
			k, word, j := getToken(line, i)
			word = strings.ToUpper(word)
			if k == tokChar && word == "REDCODE" && j == i+7 {
				if redcodeSeen {
					return s, src[start:], true
				}
				redcodeSeen = true
				s.lines = nil
				continue
			}
			for j < len(line) && isSpace(line[j]) {
				j++
			}
			if k != tokChar {
				continue
			}
			switch word {
			case "NAME":
				s.name, s.hasName = line[j:], true
			case "AUTHOR":
				s.author, s.hasAuthor = line[j:], true
			case "ASSERT":
				s.lines = append(s.lines, srcLine{num: lineNo, fileLine: startLine, offset: startOff, text: line[:j] + noComment(line[j:])})
			}
			continue
		}
		s.lines = append(s.lines, srcLine{num: lineNo, fileLine: startLine, offset: startOff, text: noComment(line)})
	}
	return s, nil, false
}

func noComment(s string) string {
	if i := strings.IndexByte(s, ';'); i >= 0 {
		return s[:i]
	}
	return s
}

// Token kinds of pMARS's tokenizer.
const (
	tokNone = iota
	tokNumber
	tokChar // an identifier
	tokExpr
	tokAddr
	tokAppend
	tokComment
	tokFieldSep
	tokModifier
	tokMisc
)

// isSpace is C's isspace in the "C" locale.
func isSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

func toUpperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func isAlpha(c byte) bool { return isLetter(c) || c == '_' }

// getToken is pMARS's tokenizer: from s[i:], skipping white space, one
// token; it returns the kind, the text and the index after it.
func getToken(s string, i int) (int, string, int) {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i >= len(s) {
		return tokNone, "", i
	}
	c := s[i]
	st := i
	switch {
	case isDigit(c):
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		return tokNumber, s[st:i], i
	case isAlpha(c):
		for i < len(s) && (isAlpha(s[i]) || isDigit(s[i])) {
			i++
		}
		return tokChar, s[st:i], i
	}
	kind := tokMisc
	switch {
	case strings.IndexByte("()/+-%!=", c) >= 0:
		kind = tokExpr
	case strings.IndexByte(modeChars, c) >= 0:
		kind = tokAddr
	case c == '&':
		if i+1 < len(s) && s[i+1] == '&' {
			i++
			kind = tokExpr
		} else {
			kind = tokAppend
		}
	case c == ';':
		kind = tokComment
	case c == ',':
		kind = tokFieldSep
	case c == '.':
		kind = tokModifier
	case c == '|' && i+1 < len(s) && s[i+1] == '|':
		i++
		kind = tokExpr
	}
	i++
	return kind, s[st:i], i
}

// msgCode is the kind of a message; pMARS prints a line's repeats of one kind once.
type msgCode int

const (
	msgBufferOverflow msgCode = iota
	msgBad88Token
	msgToken
	msgSyntax
	msgUndefinedSymbol
	msgInvalid88
	msgIncompleteOperand
	msgBadExpression
	msgMissing
	msgRecursive
	msgAppendUndefined
	msgTooManyInstructions
	msgRedefinition
	msgUnclosedROF
	msgUnopenedFOR
	msgTooManyLabels
	msgAssertFails
	msgMissingAssert
	msgInvalidAssert
	msgTooManyLines
	msgConcat
	msgDiscardLabels
	msgStartOutside
	msgIgnoreEND
	msgDivZero
	msgOverflow
	msgNoInstructions
	msgImproperPlacement
	msgMisc
	msgWorkLimit
)

var warningCodes = map[msgCode]bool{msgAppendUndefined: true, msgUnclosedROF: true, msgNoInstructions: true,
	msgDiscardLabels: true, msgOverflow: true, msgMissingAssert: true, msgStartOutside: true,
	msgIgnoreEND: true, msgInvalidAssert: true, msgRedefinition: true}

// maxKeptMessages: the 9th distinct line message ends the assembly.
const maxKeptMessages = 9

// abortAssembly unwinds the assembler after "Too many errors" or a logic error.
type abortAssembly struct{}

// The states of pass 1's rewriting (what the line has shown so far).
const (
	wNil     = iota // nothing yet
	wLabel          // labels only
	wValue          // after an instruction's opcode
	wCommand        // a finished instruction
	wPseudo         // after ORG, END or PIN (labels give absolute values)
	wFor
	wROF
	wError = -1
)

// vline is one line of a pass's line list; src is the stored source line it
// comes from (messages echo it).
type vline struct {
	text string
	src  *srcLine
	next *vline
}

type refKind int

const (
	refText  refKind = iota // EQU text (also the predefined constants)
	refStack                // a FOR counter
	refLabel                // a label and its instruction number
)

// ref is one entry of pMARS's symbol table; names are in pMARS's order (the
// last written first).
type ref struct {
	names []string
	kind  refKind
	value int
	lines *vline
	visit bool
}

// opNames lists the opcodes, then ORG, END and PIN, as pMARS numbers them.
var opNames = append(opcodeNames[:], "ORG", "END", "PIN")

const (
	opORG  = int(numOpcodes)
	opEND  = opORG + 1
	opPIN  = opORG + 2
	opNone = opORG + 3 // not an opcode
)

func opcodeIndex(upper string) int {
	if len(upper) != 3 {
		return opNone
	}
	k := keyword3(upper)
	for i, n := range opKeys {
		if n == k {
			return i
		}
	}
	return opNone
}

// opKeys are opNames as keyword3 keys: the search compares one word an entry
// instead of calling a string comparison (it runs for every 3-letter word of a
// warrior, once per battle).
var opKeys = func() []uint32 {
	keys := make([]uint32, len(opNames))
	for i, n := range opNames {
		keys[i] = keyword3(n)
	}
	return keys
}()

// keyword3 packs a 3-letter word into a number.
func keyword3(s string) uint32 { return uint32(s[0])<<16 | uint32(s[1])<<8 | uint32(s[2]) }

// setOpcode sets the opcode pMARS remembers between lines (and passes).
func (a *assembler) setOpcode(upper string) int {
	a.opcode = opcodeIndex(upper)
	return a.opcode
}

// maxPass1Lines and maxPass1Steps stop FOR loops and EQU expansions that
// would run for ages in pMARS (or for ever: its FOR counter is 16 bits wide).
const (
	maxPass1Lines = 1 << 18
	maxPass1Steps = 1 << 22
)

type assembler struct {
	cfg  Config
	diag *Diagnostics
	w    *Warrior

	refs      []*ref // the symbol table; the newest entry is last
	byName    map[string][]*ref
	pending   []string
	line      int // instructions so far
	vcont     bool
	statefine int
	opcode    int
	cur       *vline // pMARS's aline: the line being worked on
	out, tail *vline // the list pass 1 writes
	noassert  bool
	regs      [26]int64
	work      int
	steps     int
	lineBuf   []byte // the line pass 1 is rewriting (concat)

	// pass 2
	modifier  int
	aMode     Mode
	bMode     Mode
	aExpr     []byte // the operands as pass 2 rewrites them (concat)
	bExpr     []byte
	lastState int
	reported  bool // a message was printed for the current line (pMARS's errorcode)
	pass2Line int
}

// Assemble assembles one warrior's source with pMARS's rules. The warrior is
// nil when assembly failed (diag.Failed()).
func Assemble(src []byte, cfg Config) (*Warrior, *Diagnostics) {
	s, _, _ := ReadSource(src)
	return AssembleSource(s, cfg)
}

// AssembleSource assembles lines already read by ReadSource.
func AssembleSource(s Source, cfg Config) (w *Warrior, diag *Diagnostics) {
	diag = &Diagnostics{}
	a := &assembler{cfg: cfg, diag: diag, regs: cfg.InitialRegs, noassert: true}
	a.w = &Warrior{Name: "Unknown", Author: "Anonymous", Strict88: cfg.Strict88}
	if s.hasName && s.name != "" {
		a.w.Name = s.name
	}
	if s.hasAuthor && s.author != "" {
		a.w.Author = s.author
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(abortAssembly); !ok {
				panic(r)
			}
			w = nil
		}
	}()
	a.addPredefined()
	var first *vline
	if len(s.lines) > 0 {
		vs := make([]vline, len(s.lines)) // one allocation, not one a line
		for i := range s.lines {
			vs[i] = vline{text: s.lines[i].text, src: &s.lines[i]}
			if i > 0 {
				vs[i-1].next = &vs[i]
			}
		}
		first = &vs[0]
	}
	if cfg.Verbose {
		a.showLines(0, first)
		diag.textout("Parameter checking:\n")
	}
	a.expand(first)
	if len(a.pending) > 0 {
		a.errprn(msgDiscardLabels, nil, fmt.Sprintf("Discarding these labels: '%s'", strings.Join(reversed(a.pending), " ")))
		a.pending = nil
	}
	if a.noassert {
		a.errprn(msgMissingAssert, nil, "Missing ';assert'. Warrior may not work with the current setting")
	}
	if cfg.Verbose {
		diag.textout("\n")
		a.showLines(1, a.out)
		a.showLabels()
	}
	a.encode()
	a.summary()
	if diag.Failed() {
		return nil, diag
	}
	return a.w, diag
}

func reversed(s []string) []string {
	r := make([]string, len(s))
	for i, x := range s {
		r[len(s)-1-i] = x
	}
	return r
}

func (a *assembler) summary() {
	d := a.diag
	if d.Errors > 0 {
		d.textout(fmt.Sprintf("Number of errors: %d\n", uint8(d.Errors))) // pMARS counts in a byte
	}
	if d.Warnings > 0 {
		d.textout(fmt.Sprintf("Number of warnings: %d\n", uint8(d.Warnings)))
	}
	for i := len(d.keep) - 1; i >= 0; i-- {
		if k := d.keep[i]; k.num > 1 {
			d.textout(fmt.Sprintf("Duplicate errors/warnings found in line %d (%d)\n", k.line, k.num))
		}
	}
	if d.Errors+d.Warnings > 0 {
		d.textout("\n")
	}
}

// errprn reports a message: at line l (nil: not tied to a line).
func (a *assembler) errprn(code msgCode, l *vline, text string) {
	d := a.diag
	a.reported = true
	warn := warningCodes[code]
	if warn {
		d.Warnings++
	} else {
		d.Errors++
	}
	kind := "Error"
	if warn {
		kind = "Warning"
	}
	if l != nil {
		if l.src == nil {
			// pMARS's consistency check: a predefined constant's text has no
			// source line (a line that starts with a predefined name).
			d.LogicError = "Error in asm.c. Line: 842\n"
			panic(abortAssembly{})
		}
		i := 0
		for i < len(d.keep) && (d.keep[i].line != l.src.num || d.keep[i].code != code) {
			i++
		}
		if i == len(d.keep) {
			d.textout(kind)
			d.textout(fmt.Sprintf(" in line %d: '%s'\n", l.src.num, l.src.text))
			d.textout(fmt.Sprintf("        %s\n", text))
			m := Message{Line: l.src.num, FileLine: l.src.fileLine, Source: l.src.text, Text: oneLine(text), Warning: warn}
			if l.src.offset > 0 {
				m.FileCol = l.src.offset + 1
			}
			d.Messages = append(d.Messages, m)
			d.keep = append(d.keep, keptMessage{line: l.src.num, code: code, num: 1})
		} else {
			d.keep[i].num++
		}
	} else {
		d.textout(kind + ":\n")
		d.textout(fmt.Sprintf("        %s\n", text))
		d.Messages = append(d.Messages, Message{Text: oneLine(text), Warning: warn})
	}
	if len(d.keep) >= maxKeptMessages {
		d.textout("\nToo many errors or warnings.\nProgram aborted.\n")
		d.Aborted = true
		panic(abortAssembly{})
	}
}

// oneLine is a message as one line. pMARS writes a few in two, the second indented
// ("…exceed the limit 1000\n\tIgnoring code generation"), which its terminal shows as two
// lines; everywhere else a message is one line, whose escaping would show "\n\t".
func oneLine(text string) string {
	first, rest, ok := strings.Cut(text, "\n")
	if !ok {
		return text
	}
	rest = strings.TrimSpace(oneLine(rest))
	if rest == "" {
		return first
	}
	if r, n := utf8.DecodeRuneInString(rest); n > 0 {
		rest = string(unicode.ToLower(r)) + rest[n:]
	}
	return first + "; " + rest
}

func (a *assembler) addPredefined() {
	c := a.cfg
	add := func(name string, v int64) {
		a.addRef(&ref{names: []string{name}, kind: refText,
			lines: &vline{text: strconv.FormatUint(uint64(uint32(v)), 10)}})
	}
	add("CORESIZE", int64(c.CoreSize))
	add("MAXPROCESSES", int64(c.MaxProcesses))
	add("MAXCYCLES", c.Cycles)
	add("MAXLENGTH", int64(c.MaxLength))
	add("MINDISTANCE", int64(c.MinDistance))
	add("VERSION", 92)
	add("WARRIORS", int64(c.Warriors))
	add("ROUNDS", int64(c.Rounds))
	add("PSPACESIZE", int64(c.PSpaceSize))
}

// addRef adds an entry to the symbol table.
func (a *assembler) addRef(r *ref) {
	a.refs = append(a.refs, r)
	if a.byName == nil {
		a.byName = map[string][]*ref{}
	}
	for _, n := range r.names {
		a.byName[n] = append(a.byName[n], r)
	}
}

// removeNewestStack takes the newest FOR counter out of the symbol table.
func (a *assembler) removeNewestStack() {
	for i := len(a.refs) - 1; i >= 0; i-- {
		r := a.refs[i]
		if r.kind != refStack {
			continue
		}
		a.refs = append(a.refs[:i], a.refs[i+1:]...)
		for _, n := range r.names {
			list := a.byName[n]
			for k := len(list) - 1; k >= 0; k-- {
				if list[k] == r {
					a.byName[n] = append(list[:k], list[k+1:]...)
					break
				}
			}
		}
		return
	}
}

// lookup finds a name's newest entry, as pMARS's search from the head of its list.
func (a *assembler) lookup(name string) *ref {
	if list := a.byName[name]; len(list) > 0 {
		return list[len(list)-1]
	}
	return nil
}

// addLine appends a rewritten line to pass 1's output.
func (a *assembler) addLine(text string, src *srcLine) {
	v := &vline{text: text, src: src}
	if a.out == nil {
		a.out = v
	} else {
		a.tail.next = v
	}
	a.tail = v
}

// concat appends parts to *dest unless the result would not fit pMARS's line
// buffer; then it appends nothing. The rewritten line is a byte slice reused from
// line to line (lineBuf, aExpr, bExpr): as strings, every token appended made a new
// copy of the line, and those copies were most of the assembler's allocations and
// a third of its time, which a hill pays once per battle
// (BenchmarkAssembleBenchPairs).
func concat(dest *[]byte, parts ...string) bool {
	n := len(*dest)
	for _, p := range parts {
		n += len(p)
	}
	if n >= maxAllChar {
		return false
	}
	for _, p := range parts {
		*dest = append(*dest, p...)
	}
	return true
}

// spaceIf is " " when there is a space to keep, else "".
func spaceIf(space bool) string {
	if space {
		return " "
	}
	return ""
}

func (a *assembler) bufferOverflow() {
	a.errprn(msgBufferOverflow, a.cur, "Buffer overflow. Substitution is too complex")
}

// expand is pass 1.
func (a *assembler) expand(first *vline) {
	a.vcont = true
	a.statefine = 0
	a.line = 0
	for a.cur = first; a.cur != nil && a.vcont; a.cur = a.cur.next {
		a.lineBuf = a.lineBuf[:0]
		switch a.trav(a.cur.text, &a.lineBuf, wNil) {
		case wCommand:
			a.addLine(string(a.lineBuf), a.cur.src)
		case wROF:
			a.errprn(msgUnopenedFOR, a.cur, "Unopened FOR")
		}
	}
}

func (a *assembler) countWork() {
	a.work++
	if a.work > maxPass1Lines {
		// pMARS would grind on for ages; stop with an error of our own.
		a.errprn(msgWorkLimit, nil, fmt.Sprintf("FOR loops expand to more than %d lines", maxPass1Lines))
		a.diag.Aborted = true
		panic(abortAssembly{})
	}
}

// trav rewrites buffer into *dest (pMARS's trav2); wdecl says what the line
// has shown so far. It returns the new state.
func (a *assembler) trav(buffer string, dest *[]byte, wdecl int) int {
	a.steps++
	if a.steps > maxPass1Steps {
		a.errprn(msgWorkLimit, nil, fmt.Sprintf("FOR and EQU expansion takes more than %d steps", maxPass1Steps))
		a.diag.Aborted = true
		panic(abortAssembly{})
	}
	kind, tok, idx := getToken(buffer, 0)
	rest := buffer[idx:]
	spaceAfter := idx < len(buffer) && isSpace(buffer[idx])
	switch kind {
	case tokNone:
		return wdecl
	case tokComment:
		if wdecl == wNil && a.statefine == 0 {
			a.lineSwitch(buffer, dest, idx, a.cur)
		}
		return wdecl
	case tokChar:
		up := tok // in capitals when it can be a keyword: every keyword is 3 letters
		var upper [3]byte
		if len(tok) == len(upper) {
			for i := range upper {
				upper[i] = toUpperASCII(tok[i])
			}
			up = string(upper[:]) // on the stack: it does not escape
		}
		switch {
		case up == "ROF":
			if a.statefine > 0 {
				a.statefine--
			} else if wdecl <= wLabel {
				return wROF
			} else {
				a.errprn(msgImproperPlacement, a.cur, fmt.Sprintf("Improper placement of '%s'", tok))
			}
		case up == "FOR":
			if a.statefine > 0 {
				a.statefine++
			} else if wdecl <= wLabel {
				return a.blockFor(rest, dest)
			} else {
				a.errprn(msgImproperPlacement, a.cur, fmt.Sprintf("Improper placement of '%s'", tok))
			}
		case tok == "CURLINE":
			if a.statefine > 0 {
				return wNil
			} else if wdecl > wLabel {
				if concat(dest, strconv.Itoa(a.line), spaceIf(spaceAfter)) {
					return a.trav(rest, dest, wdecl)
				}
				a.bufferOverflow()
			} else {
				a.errprn(msgMisc, a.cur, "CURLINE is a reserved keyword")
			}
		case up == "EQU":
			if a.statefine > 0 {
				return wNil
			} else if wdecl <= wLabel {
				return a.equTable(rest, dest)
			} else {
				a.errprn(msgImproperPlacement, a.cur, fmt.Sprintf("Improper placement of '%s'", tok))
			}
		case a.setOpcode(up) < opNone:
			if a.statefine > 0 {
				return wNil
			}
			if wdecl > wLabel {
				a.errprn(msgImproperPlacement, a.cur, fmt.Sprintf("Improper placement of '%s'", tok))
				break
			}
			// The opcode word in capitals and what is glued to it unchanged.
			j := idx
			for j < len(buffer) && !isSpace(buffer[j]) {
				j++
			}
			if !concat(dest, up, buffer[idx:j], spaceIf(j < len(buffer))) {
				a.bufferOverflow()
				break
			}
			op := a.opcode
			next := wValue
			if op >= opORG {
				next = wPseudo
			}
			if a.trav(buffer[j:], dest, next) == wError {
				return wError
			}
			if len(a.pending) > 0 {
				a.addRef(&ref{names: reversed(a.pending), kind: refLabel, value: a.line})
				a.pending = nil
			}
			if op < opORG {
				a.line++
			} else if op == opEND {
				a.vcont = false
			}
			return wCommand
		case a.statefine == 0:
			name := tok
			more := true
			for idx+1 < len(buffer) && buffer[idx] == '&' && isLetter(buffer[idx+1]) {
				idx++
				k, part, j := getToken(buffer, idx)
				idx = j
				if k != tokChar || !more {
					break
				}
				if t := a.lookup(part); t != nil && t.kind == refStack {
					joined := []byte(name)
					if concat(&joined, fmt.Sprintf("%02d", uint16(t.value))) {
						name = string(joined)
					} else {
						a.bufferOverflow()
					}
				} else {
					a.errprn(msgConcat, a.cur, fmt.Sprintf("Unable to derefer and concatenate symbol '%s'", part))
					more = false
				}
			}
			rest = buffer[idx:]
			spaceAfter = idx < len(buffer) && isSpace(buffer[idx])
			if t := a.lookup(name); t != nil {
				if t.kind == refText {
					if t.visit {
						a.errprn(msgRecursive, a.cur, fmt.Sprintf("Recursive reference of label '%s'", name))
						break
					}
					return a.equSub(rest, dest, wdecl, t)
				}
				if wdecl <= wLabel {
					a.errprn(msgRedefinition, a.cur, fmt.Sprintf("Ignored, redefinition of label '%s'", name))
					break
				}
				var s string
				switch {
				case t.kind == refStack:
					s = fmt.Sprintf("%02d", uint16(t.value))
				case wdecl == wPseudo:
					s = strconv.Itoa(t.value)
				default:
					s = strconv.Itoa(t.value - a.line)
				}
				if concat(dest, s, spaceIf(spaceAfter)) {
					return a.trav(rest, dest, wdecl)
				}
				a.bufferOverflow()
				break
			}
			if wdecl <= wLabel {
				if len(a.pending) < maxLabelsPerInstruction {
					a.pending = append(a.pending, name)
				} else {
					a.errprn(msgTooManyLabels, a.cur, fmt.Sprintf("Too many labels for a declaration (last: '%s')", name))
				}
				rest = strings.TrimPrefix(rest, ":")
				return a.trav(rest, dest, wLabel)
			}
			if concat(dest, name, spaceIf(spaceAfter)) {
				return a.trav(rest, dest, wdecl)
			}
			a.bufferOverflow()
		default:
			return a.trav(rest, dest, wNil)
		}
		return wError
	}
	if a.statefine > 0 {
		return wNil
	}
	if wdecl <= wLabel {
		a.errprn(msgToken, a.cur, fmt.Sprintf("Unrecognized or improper placement of token: '%s'", tok))
		return wError
	}
	if concat(dest, tok) {
		return a.trav(rest, dest, wdecl)
	}
	a.bufferOverflow()
	return wError
}

const maxLabelsPerInstruction = 7

// lineSwitch handles a stored ;assert line.
func (a *assembler) lineSwitch(text string, dest *[]byte, idx int, l *vline) {
	k, word, i := getToken(text, idx)
	if k != tokChar || strings.ToUpper(word) != "ASSERT" {
		return
	}
	a.trav(text[i:], dest, wValue)
	if a.cfg.Verbose {
		a.diag.textout(fmt.Sprintf("Current parameter for ';assert': %s\n", *dest))
	}
	v, st := evaluate(string(*dest), &a.regs)
	if st == evalBad || st == evalDivZero {
		a.errprn(msgInvalidAssert, l, "Invalid ';assert' parameter")
		return
	}
	if st == evalOverflow {
		a.errprn(msgOverflow, l, "Arithmetic overflow detected")
	}
	a.noassert = false
	if v == 0 {
		a.errprn(msgAssertFails, l, "Assertion in this line fails")
	}
}

// blockFor handles "FOR count" and runs the block up to its ROF.
func (a *assembler) blockFor(expr string, dest *[]byte) int {
	var counter []string
	if n := len(a.pending); n > 0 {
		counter = []string{a.pending[n-1]}
		if n > 1 {
			a.addRef(&ref{names: reversed(a.pending[:n-1]), kind: refLabel, value: a.line})
		}
		a.pending = nil
	}
	*dest = (*dest)[:0]
	a.trav(expr, dest, wValue)
	if a.cfg.Verbose {
		a.diag.textout(fmt.Sprintf("Current parameter for FOR: %s\n", *dest))
	}
	v, st := evaluate(string(*dest), &a.regs)
	switch {
	case st == evalDivZero:
		a.errprn(msgDivZero, a.cur, "Division by zero")
	case st == evalBad:
		a.errprn(msgBadExpression, a.cur, "Bad expression")
	case v <= 0:
		if st == evalOverflow {
			a.errprn(msgOverflow, a.cur, "Arithmetic overflow detected")
		}
		a.statefine++
	default:
		if st == evalOverflow {
			a.errprn(msgOverflow, a.cur, "Arithmetic overflow detected")
		}
		stack := &ref{names: counter, kind: refStack, visit: true}
		a.addRef(stack)
		start := a.cur
		for stack.value = 1; a.vcont && stack.value <= int(uint16(v)) && a.cur != nil; stack.value++ {
			for a.cur = start; a.vcont; {
				if a.cur.next == nil {
					a.errprn(msgUnclosedROF, nil, "Unclosed ROF")
					a.vcont = false
					break
				}
				a.countWork()
				a.cur = a.cur.next
				*dest = (*dest)[:0]
				r := a.trav(a.cur.text, dest, wNil)
				if r == wROF {
					break
				}
				if r == wCommand {
					a.addLine(string(*dest), a.cur.src)
				}
			}
		}
		a.removeNewestStack()
	}
	return wFor
}

// equTable records "labels EQU text" and the EQU lines that continue it.
func (a *assembler) equTable(expr string, dest *[]byte) int {
	if len(a.pending) == 0 {
		a.errprn(msgAppendUndefined, a.cur, "Attempting to append a string to an undefined label")
		return wValue
	}
	t := &ref{names: reversed(a.pending), kind: refText}
	a.addRef(t)
	a.pending = nil
	t.lines = &vline{text: expr, src: a.cur.src}
	last := t.lines
	for a.cur.next != nil {
		next := a.cur.next
		k, word, i := getToken(next.text, 0)
		if k == tokChar && strings.ToUpper(word) == "EQU" {
			a.cur = next
			last.next = &vline{text: next.text[i:], src: next.src}
			last = last.next
		} else {
			break
		}
	}
	return wValue
}

// equSub substitutes an EQU's text; its lines but the last become lines of
// their own.
func (a *assembler) equSub(expr string, dest *[]byte, wdecl int, t *ref) int {
	t.visit = true
	saved := a.cur
	a.cur = t.lines
	wdecl = a.trav(a.cur.text, dest, wdecl)
	for a.cur.next != nil && a.vcont {
		if a.statefine == 0 && wdecl == wCommand {
			a.addLine(string(*dest), a.cur.src)
		}
		a.countWork()
		a.cur = a.cur.next
		*dest = (*dest)[:0]
		wdecl = a.trav(a.cur.text, dest, wNil)
	}
	a.cur = saved
	if expr != "" && isSpace(expr[0]) {
		concat(dest, " ")
	}
	t.visit = false
	return a.trav(expr, dest, wdecl)
}

// showLines is the -V listing of a pass's lines.
func (a *assembler) showLines(pass int, first *vline) {
	d := a.diag
	d.textout(fmt.Sprintf("After pass %d\n", pass))
	d.textout("Instruction (physical line, instr):\n\n")
	for l := first; l != nil; l = l.next {
		d.textout(fmt.Sprintf("(%5d) %s\n", l.src.num, l.text))
	}
	d.textout("\n***END*OF*PASS***\n\n")
}

// showLabels is the -V chart of the symbol table.
func (a *assembler) showLabels() {
	d := a.diag
	d.textout("Label references:\n")
	for i := len(a.refs) - 1; i >= 0; i-- {
		r := a.refs[i]
		d.textout("Group label(s):\n")
		if len(r.names) == 0 {
			d.textout("<NONE>\n")
		} else {
			for _, n := range r.names {
				d.textout(n)
				d.textout(" ")
			}
			d.textout("\n")
		}
		d.textout("Reference:\n")
		switch r.kind {
		case refText:
			d.textout("(TEXT):")
			d.textout("\n")
			for l := r.lines; l != nil; l = l.next {
				d.textoutDirect(l.text)
				d.textout("\n")
			}
			d.textout("\n")
		case refStack:
			d.textout("(STACK):")
			d.textout(fmt.Sprintf("%5d\n\n", uint16(r.value)))
		case refLabel:
			d.textout("(LABEL):")
			d.textout(fmt.Sprintf("%5d\n\n", uint16(r.value)))
		}
	}
	d.textout("***END*OF*CHART***\n\n")
}
