package redcode

import (
	"fmt"
	"strconv"
	"strings"
)

// Config holds the settings the assembler needs (the predefined constants and -8).
type Config struct {
	CoreSize     int
	MaxProcesses int
	MaxCycles    int64
	MaxLength    int
	MinDistance  int
	Warriors     int
	Rounds       int
	PSpaceSize   int
	Strict88     bool
	// InitialRegs seeds the 26 letter registers (pMARS leaves W and S set from
	// checking the score formula when it assembles the first warrior).
	InitialRegs [26]int64
}

// DefaultConfig returns pMARS's defaults for n warriors.
func DefaultConfig(n int) Config {
	return Config{CoreSize: 8000, MaxProcesses: 8000, MaxCycles: 80000, MaxLength: 100,
		MinDistance: 100, Warriors: n, Rounds: 1, PSpaceSize: 500}
}

// Message is one assembler diagnostic.
type Message struct {
	Line    int // 0: not tied to a line
	Source  string
	Text    string
	Warning bool
}

// Diagnostics are the messages of one warrior's assembly.
type Diagnostics struct {
	Messages []Message
	Errors   int
	Warnings int
	Aborted  bool // "Too many errors or warnings": pMARS stops at once
	order    []Message
	counts   map[msgKey]int
}

type msgKey struct {
	line int
	text string
	warn bool
}

const maxDistinctLineMessages = 8

func (d *Diagnostics) add(m Message) {
	if d.Aborted {
		return
	}
	if m.Warning {
		d.Warnings++
	} else {
		d.Errors++
	}
	if m.Line > 0 {
		if d.counts == nil {
			d.counts = map[msgKey]int{}
		}
		k := msgKey{m.Line, m.Text, m.Warning}
		d.counts[k]++
		if d.counts[k] > 1 {
			return
		}
	}
	d.Messages = append(d.Messages, m)
	if m.Line > 0 {
		n := 0
		for _, x := range d.Messages {
			if x.Line > 0 {
				n++
			}
		}
		if n > maxDistinctLineMessages {
			d.Aborted = true
		}
	}
}

// Failed reports whether the warrior did not assemble.
func (d *Diagnostics) Failed() bool { return d.Errors > 0 || d.Aborted }

// printfQuirk copies pMARS passing messages through printf: "%%" prints "%".
func printfQuirk(s string) string { return strings.ReplaceAll(s, "%%", "%") }

// Stderr renders the messages exactly as pMARS prints them on stderr.
func (d *Diagnostics) Stderr() string {
	var b strings.Builder
	for _, m := range d.Messages {
		kind := "Error"
		if m.Warning {
			kind = "Warning"
		}
		if m.Line > 0 {
			fmt.Fprintf(&b, "%s in line %d: '%s'\n        %s\n", kind, m.Line, printfQuirk(m.Source), printfQuirk(m.Text))
		} else {
			fmt.Fprintf(&b, "%s:\n        %s\n", kind, printfQuirk(m.Text))
		}
	}
	if d.Aborted {
		b.WriteString("\nToo many errors or warnings.\nProgram aborted.\n")
		return b.String()
	}
	if d.Errors > 0 {
		fmt.Fprintf(&b, "Number of errors: %d\n", d.Errors)
	}
	if d.Warnings > 0 {
		fmt.Fprintf(&b, "Number of warnings: %d\n", d.Warnings)
	}
	for i := len(d.Messages) - 1; i >= 0; i-- {
		m := d.Messages[i]
		if m.Line == 0 {
			continue
		}
		if n := d.counts[msgKey{m.Line, m.Text, m.Warning}]; n > 1 {
			fmt.Fprintf(&b, "Duplicate errors/warnings found in line %d (%d)\n", m.Line, n)
		}
	}
	if d.Errors+d.Warnings > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// srcLine is one stored logical source line.
type srcLine struct {
	num    int
	text   string // comment removed, trailing blanks kept
	assert bool   // a ;assert line: text is the expression
	echo   string // source text for messages when text was generated (macros)
}

// Source is a warrior's text after reading (section 8 of PMARS-DETAILS).
type Source struct {
	lines        []srcLine
	name, author string
	hasName      bool
	hasAuthor    bool
}

const maxLineChars = 255

// maxSubstitutedChars bounds a rewritten line. pMARS's own limit lets corpus
// lines of about 300 characters through; this bound only stops runaway EQU
// expansion.
const maxSubstitutedChars = 4096

// firstWordAfterSemicolon returns the identifier-character run that starts
// right after the ';' at index i, skipping blanks first when skip is set.
func wordAfter(s string, i int, skip bool) (string, int) {
	if skip {
		for i < len(s) && isBlank(s[i]) {
			i++
		}
	}
	j := i
	for j < len(s) && (isLetter(s[j]) || isDigit(s[j]) || s[j] == '_') {
		j++
	}
	return s[i:j], j
}

// ReadSource splits src into logical lines and handles ;redcode, ;name,
// ;author and ;assert. rest is what follows a second ;redcode line (the next
// warrior when several are read from one stream); stopped tells whether one was met.
func ReadSource(src []byte) (s Source, rest []byte, stopped bool) {
	pos := 0
	lineNo := 0
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
		// fgets and C strings: a NUL ends the text of the line.
		if i := strings.IndexAny(piece, "\r\n\x00"); i >= 0 {
			piece = piece[:i]
		}
		return piece, true
	}
	for {
		start := pos
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
		trimmed := strings.TrimLeft(line, " \t\v\f")
		if strings.HasPrefix(trimmed, ";") {
			w, _ := wordAfter(trimmed, 1, false)
			if strings.EqualFold(w, "redcode") {
				if redcodeSeen {
					return s, src[start:], true
				}
				redcodeSeen = true
				s.lines = nil
				continue
			}
			w, after := wordAfter(trimmed, 1, true)
			switch strings.ToLower(w) {
			case "name":
				s.name = strings.TrimLeft(trimmed[after:], " \t\v\f")
				s.hasName = true
			case "author":
				s.author = strings.TrimLeft(trimmed[after:], " \t\v\f")
				s.hasAuthor = true
			case "assert":
				e := trimmed[after:]
				if i := strings.IndexByte(e, ';'); i >= 0 {
					e = e[:i]
				}
				s.lines = append(s.lines, srcLine{num: lineNo, text: e, assert: true})
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if i := strings.IndexByte(line, ';'); i >= 0 {
			line = line[:i]
		}
		s.lines = append(s.lines, srcLine{num: lineNo, text: line})
	}
	return s, nil, false
}

// reserved words (matched case-insensitively).
var pseudoOps = map[string]bool{"ORG": true, "END": true, "PIN": true, "EQU": true, "FOR": true, "ROF": true}

func lookupOpcode(w string) (Opcode, bool) {
	u := strings.ToUpper(w)
	for i, n := range opcodeNames {
		if n == u {
			return Opcode(i), true
		}
	}
	return 0, false
}

func isReserved(w string) bool {
	if _, ok := lookupOpcode(w); ok {
		return true
	}
	return pseudoOps[strings.ToUpper(w)]
}

// token kinds of pass 1.
const (
	tkNum = iota
	tkIdent
	tkChar
)

type token struct {
	kind       int
	text       string
	start, end int // byte offsets in the line
	blankAfter bool
}

func isIdentStart(c byte) bool { return isLetter(c) || c == '_' }
func isIdentChar(c byte) bool  { return isLetter(c) || isDigit(c) || c == '_' }

func tokenize(s string) []token {
	var toks []token
	i := 0
	for i < len(s) {
		c := s[i]
		if isBlank(c) {
			i++
			continue
		}
		st := i
		kind := tkChar
		switch {
		case isDigit(c):
			kind = tkNum
			for i < len(s) && isDigit(s[i]) {
				i++
			}
		case isIdentStart(c):
			kind = tkIdent
			for i < len(s) && isIdentChar(s[i]) {
				i++
			}
		case (c == '&' || c == '|') && i+1 < len(s) && s[i+1] == c:
			i += 2
		default:
			i++
		}
		toks = append(toks, token{kind: kind, text: s[st:i], start: st, end: i, blankAfter: i < len(s) && isBlank(s[i])})
	}
	return toks
}

type counter struct {
	name  string
	value int
}

type equDef struct {
	lines []string
}

type outKind int

const (
	outInstr outKind = iota
	outORG
	outEND
	outPIN
)

type outLine struct {
	kind  outKind
	text  string // rewritten text (instructions: opcode word, blank, operands)
	src   *srcLine
	index int // instruction index (instructions) or instruction count (directives)
}

type assembler struct {
	cfg       Config
	diag      *Diagnostics
	labels    map[string]int
	equs      map[string]*equDef
	pending   []string
	counters  []counter
	line      int // instructions emitted so far
	out       []outLine
	stopped   bool // END met
	asserted  bool
	lastEqu   []string // names of the EQU that continuation lines extend
	regs      [26]int64
	errored   bool
	expanding []string
	generated int
	work      int // lines and FOR iterations processed in pass 1
}

func (a *assembler) errorAt(l *srcLine, text string) {
	a.errored = true
	a.diag.add(Message{Line: l.num, Source: l.source(), Text: text})
}

func (l *srcLine) source() string {
	if l.echo != "" {
		return l.echo
	}
	return l.text
}

func (a *assembler) warnAt(l *srcLine, text string) {
	a.diag.add(Message{Line: l.num, Source: l.source(), Text: text, Warning: true})
}

func (a *assembler) counterValue(name string) (int, bool) {
	for i := len(a.counters) - 1; i >= 0; i-- {
		if a.counters[i].name == name {
			return a.counters[i].value, true
		}
	}
	return 0, false
}

func counterText(v int) string { return fmt.Sprintf("%02d", v) }

// concatIdent resolves "name&cnt&cnt2" starting at token i (an identifier);
// it returns the identifier and the index of the next unused token.
func (a *assembler) concatIdent(toks []token, i int, l *srcLine) (string, int, bool) {
	name := toks[i].text
	j := i + 1
	for j+1 < len(toks) && toks[j].text == "&" && toks[j].start == toks[j-1].end &&
		toks[j+1].kind == tkIdent && toks[j+1].start == toks[j].end && isLetter(toks[j+1].text[0]) {
		v, ok := a.counterValue(toks[j+1].text)
		if !ok {
			a.errorAt(l, fmt.Sprintf("Unable to derefer and concatenate symbol '%s'", toks[j+1].text))
			return "", j + 2, false
		}
		name += counterText(v)
		j += 2
	}
	return name, j, true
}

// predefined returns the text of a predefined constant.
func (a *assembler) predefined(name string) (string, bool) {
	c := a.cfg
	var v int64
	switch name {
	case "CORESIZE":
		v = int64(c.CoreSize)
	case "MAXPROCESSES":
		v = int64(c.MaxProcesses)
	case "MAXCYCLES":
		v = c.MaxCycles
	case "MAXLENGTH":
		v = int64(c.MaxLength)
	case "MINDISTANCE":
		v = int64(c.MinDistance)
	case "VERSION":
		v = 92
	case "WARRIORS":
		v = int64(c.Warriors)
	case "ROUNDS":
		v = int64(c.Rounds)
	case "PSPACESIZE":
		v = int64(c.PSpaceSize)
	default:
		return "", false
	}
	return strconv.FormatInt(v, 10), true
}

func (a *assembler) equText(name string) (*equDef, bool) {
	if e, ok := a.equs[name]; ok {
		return e, true
	}
	if t, ok := a.predefined(name); ok {
		return &equDef{lines: []string{t}}, true
	}
	return nil, false
}

// substitute rewrites operand tokens toks (pass 1, 9.3). absolute selects
// absolute label values (ORG/END/PIN). ok is false after an error.
func (a *assembler) substitute(b *strings.Builder, toks []token, l *srcLine, absolute bool) bool {
	for i := 0; i < len(toks); {
		if b.Len() > maxSubstitutedChars {
			a.errorAt(l, "Buffer overflow. Substitution is too complex")
			return false
		}
		t := toks[i]
		if t.kind != tkIdent {
			b.WriteString(t.text)
			i++
			continue
		}
		name, next, ok := a.concatIdent(toks, i, l)
		if !ok {
			return false
		}
		blank := toks[next-1].blankAfter
		i = next
		if v, ok := a.counterValue(name); ok {
			b.WriteString(counterText(v))
		} else if isReserved(name) {
			a.errorAt(l, fmt.Sprintf("Improper placement of '%s'", name))
			return false
		} else if name == "CURLINE" {
			b.WriteString(strconv.Itoa(a.line))
		} else if e, ok := a.equText(name); ok {
			for _, x := range a.expanding {
				if x == name {
					a.errorAt(l, fmt.Sprintf("Recursive reference of label '%s'", name))
					return false
				}
			}
			a.expanding = append(a.expanding, name)
			ok := a.substitute(b, tokenize(e.lines[0]), l, absolute)
			a.expanding = a.expanding[:len(a.expanding)-1]
			if !ok {
				return false
			}
		} else if v, ok := a.labels[name]; ok {
			if absolute {
				b.WriteString(strconv.Itoa(v))
			} else {
				b.WriteString(strconv.Itoa(v - a.line))
			}
		} else {
			b.WriteString(name)
		}
		if blank {
			b.WriteByte(' ')
		}
	}
	return true
}

// firstWord returns the upper-cased first reserved word of a line after its
// labels ("" if none); it finds FOR/ROF nesting without expanding anything.
func firstWord(text string) string {
	toks := tokenize(text)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tkIdent {
			if isReserved(t.text) {
				return strings.ToUpper(t.text)
			}
			continue
		}
		if t.text == ":" || t.text == "&" {
			continue
		}
		return ""
	}
	return ""
}

const maxLabelsPerInstruction = 7
const maxGeneratedLines = 1000
const maxForCount = 1 << 22
const maxPass1Work = 1 << 18

// runLines is pass 1 over a block of stored lines.
func (a *assembler) runLines(lines []srcLine) {
	for i := 0; i < len(lines) && !a.stopped; i++ {
		l := &lines[i]
		a.work++
		if a.work > maxPass1Work {
			// pMARS would grind on for ages; stop with an error of our own.
			a.errorAt(l, fmt.Sprintf("FOR loops expand to more than %d lines", maxPass1Work))
			a.stopped = true
			return
		}
		if l.assert {
			a.doAssert(l)
			continue
		}
		w := firstWord(l.text)
		if w == "ROF" {
			a.errorAt(l, "Unopened FOR")
			continue
		}
		if w != "FOR" {
			a.processLine(l.text, l)
			continue
		}
		// Find the matching ROF.
		depth := 1
		end := -1
		for j := i + 1; j < len(lines); j++ {
			if lines[j].assert {
				continue
			}
			switch firstWord(lines[j].text) {
			case "FOR":
				depth++
			case "ROF":
				depth--
			}
			if depth == 0 {
				end = j
				break
			}
		}
		var body []srcLine
		if end < 0 {
			a.warnAt(l, "Unclosed ROF")
			body = lines[i+1:]
			i = len(lines)
		} else {
			body = lines[i+1 : end]
			i = end
		}
		name, count, ok := a.forHeader(l)
		if !ok {
			continue
		}
		if end < 0 && count > 1 {
			count = 1
		}
		for k := 1; k <= count && !a.stopped && a.generated <= maxGeneratedLines; k++ {
			a.work++
			a.counters = append(a.counters, counter{name, k})
			a.runLines(body)
			a.counters = a.counters[:len(a.counters)-1]
		}
	}
}

// forHeader handles the labels and count of a FOR line.
func (a *assembler) forHeader(l *srcLine) (string, int, bool) {
	toks := tokenize(l.text)
	i := 0
	for i < len(toks) && !(toks[i].kind == tkIdent && strings.EqualFold(toks[i].text, "FOR")) {
		if toks[i].kind == tkIdent {
			name, next, ok := a.concatIdent(toks, i, l)
			if !ok {
				return "", 0, false
			}
			i = next
			a.pending = append(a.pending, name)
		} else {
			i++
		}
	}
	name := ""
	if len(a.pending) > 0 {
		name = a.pending[len(a.pending)-1]
		for _, p := range a.pending[:len(a.pending)-1] {
			a.defineLabel(p, a.line, l)
		}
		a.pending = nil
	}
	var b strings.Builder
	if !a.substitute(&b, toks[i+1:], l, false) {
		return "", 0, false
	}
	v, st := evaluate(b.String(), &a.regs)
	switch st {
	case evalBad:
		a.errorAt(l, "Bad expression")
		return "", 0, false
	case evalDivZero:
		a.errorAt(l, "Division by zero")
		return "", 0, false
	}
	if v <= 0 {
		return name, 0, true
	}
	if v > maxForCount {
		v = maxForCount // pMARS would loop for ages; nothing real needs more
	}
	return name, int(v), true
}

func (a *assembler) defineLabel(name string, v int, l *srcLine) {
	if _, ok := a.labels[name]; ok {
		return
	}
	a.labels[name] = v
}

func (a *assembler) doAssert(l *srcLine) {
	var b strings.Builder
	if !a.substitute(&b, tokenize(l.text), l, false) {
		return
	}
	v, st := evaluate(b.String(), &a.regs)
	if st == evalBad || st == evalDivZero {
		a.warnAt(l, "Invalid ';assert' parameter")
		return
	}
	a.asserted = true
	if v == 0 {
		a.errorAt(l, "Assertion in this line fails")
	}
}

// processLine is pass 1 for one (possibly macro-generated) line.
func (a *assembler) processLine(text string, l *srcLine) {
	toks := tokenize(text)
	i := 0
	for i < len(toks) {
		t := toks[i]
		if t.kind != tkIdent {
			break
		}
		if isReserved(t.text) {
			break
		}
		name, next, ok := a.concatIdent(toks, i, l)
		if !ok {
			return
		}
		if _, isCounter := a.counterValue(name); isCounter {
			a.warnAt(l, fmt.Sprintf("Ignored, redefinition of label '%s'", name))
			return
		}
		if name == "CURLINE" {
			a.errorAt(l, "CURLINE is a reserved keyword")
			return
		}
		if e, ok := a.equText(name); ok {
			// A macro: its lines replace the name; the last one continues with the rest.
			for _, x := range a.expanding {
				if x == name {
					a.errorAt(l, fmt.Sprintf("Recursive reference of label '%s'", name))
					return
				}
			}
			rest := ""
			if next < len(toks) {
				rest = text[toks[next].start:]
			}
			a.expanding = append(a.expanding, name)
			var lines []srcLine
			for k, el := range e.lines {
				if k == len(e.lines)-1 {
					sep := ""
					if toks[next-1].blankAfter {
						sep = " "
					}
					el += sep + rest
				}
				lines = append(lines, srcLine{num: l.num, text: el})
			}
			src := l.text
			for k := range lines {
				lines[k].echo = src
			}
			a.runLines(lines)
			a.expanding = a.expanding[:len(a.expanding)-1]
			return
		}
		if _, ok := a.labels[name]; ok {
			a.warnAt(l, fmt.Sprintf("Ignored, redefinition of label '%s'", name))
			return
		}
		a.pending = append(a.pending, name)
		if len(a.pending) > maxLabelsPerInstruction {
			a.errorAt(l, fmt.Sprintf("Too many labels for a declaration (last: '%s')", name))
			a.pending = a.pending[:0]
			return
		}
		i = next
		if i < len(toks) && toks[i].text == ":" {
			i++
		}
	}
	if i >= len(toks) {
		return // labels only: they wait for the next instruction
	}
	t := toks[i]
	word := strings.ToUpper(t.text)
	isEqu := t.kind == tkIdent && word == "EQU"
	if !isEqu {
		a.lastEqu = nil
	}
	switch {
	case isEqu:
		rest := strings.TrimSpace(text[t.end:])
		if len(a.pending) == 0 {
			if a.lastEqu == nil {
				a.warnAt(l, "Attempting to append a string to an undefined label")
				return
			}
			for _, n := range a.lastEqu {
				a.equs[n].lines = append(a.equs[n].lines, rest)
			}
			return
		}
		def := &equDef{lines: []string{rest}}
		for _, n := range a.pending {
			a.equs[n] = def
		}
		a.lastEqu = a.pending
		a.pending = nil
		return
	case t.kind == tkIdent && (word == "ORG" || word == "END" || word == "PIN"):
		for _, p := range a.pending {
			a.defineLabel(p, a.line, l)
		}
		a.pending = nil
		var b strings.Builder
		if !a.substitute(&b, toks[i+1:], l, true) {
			if word == "END" {
				a.stopped = true
			}
			return
		}
		k := outORG
		if word == "END" {
			k = outEND
			a.stopped = true
		} else if word == "PIN" {
			k = outPIN
		}
		a.out = append(a.out, outLine{kind: k, text: b.String(), src: l, index: a.line})
		return
	case t.kind == tkIdent && (word == "FOR" || word == "ROF"):
		// FOR/ROF produced by a macro: not supported as block structure.
		a.errorAt(l, fmt.Sprintf("Improper placement of '%s'", t.text))
		return
	}
	// An instruction (or garbage pass 2 rejects).
	var b strings.Builder
	j := i
	if t.kind == tkIdent {
		// The opcode word plus anything glued to it is copied unchanged.
		end := t.end
		for end < len(text) && !isBlank(text[end]) {
			end++
		}
		b.WriteString(text[t.start:end])
		b.WriteByte(' ')
		j = i + 1
		for j < len(toks) && toks[j].start < end {
			j++
		}
	}
	if !a.substitute(&b, toks[j:], l, false) {
		return
	}
	for _, p := range a.pending {
		a.defineLabel(p, a.line, l)
	}
	a.pending = nil
	a.generated++
	a.out = append(a.out, outLine{kind: outInstr, text: b.String(), src: l, index: a.line})
	a.line++
}
