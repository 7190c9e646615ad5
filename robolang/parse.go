package robolang

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"robocom/internal/srcerr"
	"robocom/internal/userfile"
)

// Options select the language accepted by the loader.
type Options struct {
	RC3 bool   // accept the RC3 instructions, variables, constants, @@label and ##k (RC3.md 2)
	Set string // the option set's name, for the message that refuses RC3 forms ("classic" if empty)
}

// needsRC3 is the end of the message that refuses an RC3 form under a classic option set.
// A set of another name (a saved one, or rc3 with -opt instructions=classic) is told by the
// value that refuses it: "rc3 does not have it (it needs rc3 or rc3m)" contradicted itself.
func (o Options) needsRC3() string {
	if o.Set == "" || strings.EqualFold(o.Set, "classic") {
		return "the option set classic does not have it (it needs rc3 or rc3m)"
	}
	return fmt.Sprintf("the option set %s has classic instructions (it needs instructions = rc3, as rc3 and rc3m have)", o.Set)
}

// Label is a label definition, kept so that the formatter can write it back.
type Label struct {
	Name  string // as written at its definition, without the "@"
	Bank  int    // index into Program.Banks (bank number - 1)
	Index int    // index of the labelled instruction in its bank; len(Code) = one past the end
	Pos   Pos    // the "@" of the definition; zero for hidden code
}

// maxErrors stops a hopeless file (say, a binary read by mistake) from producing thousands
// of lines; the last error says that more were left out.
const maxErrors = 200

// Parse loads RoboCom source (ROBOCOM.md sections 3 and 4). filename is used in error
// messages and, without folder and extension, as the program's name when it has no Name
// line. On failure the error is a srcerr.List holding every error found, sorted.
func Parse(filename string, src []byte, opt Options) (*Program, error) {
	p := &parser{file: filename, opt: opt, prog: &Program{File: filename}, labels: map[string]int{}}
	p.run(src)
	if len(p.errs) > 0 {
		p.trimErrors()
		if p.dropped > 0 {
			last := p.errs[maxErrors-1]
			p.errs = append(p.errs[:maxErrors:maxErrors], &srcerr.Error{File: filename, Line: last.Line, Col: last.Col,
				Msg: fmt.Sprintf("too many errors (%d more not shown)", p.dropped)})
		}
		return nil, p.errs
	}
	if p.prog.Name == "" {
		p.prog.Name = nameFromFile(filename)
	}
	return p.prog, nil
}

// nameFromFile is the file name without folder and extension.
func nameFromFile(filename string) string {
	base := filename
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return oneLine(base) // a name that a Name line could give, so Format can write it
}

type parser struct {
	file    string
	opt     Options
	prog    *Program
	errs    srcerr.List
	dropped int // errors found beyond the first maxErrors (in sorted order), not kept
	cutoff  int // once some are dropped: the line of the last error kept

	inBank     bool
	bankFull   bool           // the current bank already reported "too many instructions"
	headerLine map[string]int // header keyword -> line where it was given
	labels     map[string]int // lower-case label name -> index into prog.Labels
	refs       []labelRef     // label operands to resolve once every label is known
}

// labelRef is an operand "@name" waiting for the second pass.
type labelRef struct {
	bank, index, arg int // where the operand is: Banks[bank].Code[index].Args[arg]
	pos              Pos
}

func (p *parser) errorf(pos Pos, format string, args ...any) {
	if p.dropped > 0 && pos.Line > p.cutoff {
		// After maxErrors already before this line it cannot be shown: count it only. Errors
		// come in line order, so a file of a million bad lines costs a count, not a message each.
		p.dropped++
		return
	}
	p.errs.Add(p.file, pos.Line, pos.Col, fmt.Sprintf(format, args...))
	if len(p.errs) >= 2*maxErrors {
		p.trimErrors() // a file of errors costs a bounded list, not one Error per line
	}
}

// trimErrors sorts the errors and keeps the first maxErrors, counting the others.
func (p *parser) trimErrors() {
	p.errs.Sort()
	if len(p.errs) > maxErrors {
		p.dropped += len(p.errs) - maxErrors
		p.cutoff = p.errs[maxErrors-1].Line
		clear(p.errs[maxErrors:])
		p.errs = p.errs[:maxErrors]
	}
}

// short is how a token is quoted in a message: a few dozen characters at most, so that an
// error about a 10 MB number is one short line.
func short(s string) string { return userfile.Excerpt(s, 40) }

// run is the assembler, as passes:
func (p *parser) run(src []byte) {
	text, ok := p.decode(src) // bytes to characters; refuse what is not text
	if !ok {
		return
	}
	var buf []rune                            // one buffer for every line: a file of short lines allocates little
	eachLine(text, func(i int, line string) { // statements, one per line
		if n := utf8.RuneCountInString(line); cap(buf) < n {
			buf = make([]rune, 0, n)
		}
		buf = buf[:0]
		for _, r := range line {
			buf = append(buf, r)
		}
		p.line(i, buf)
	})
	p.resolve() // labels to numbers
}

// decode turns the file into text: UTF-8 when it is valid UTF-8, else Latin-1 (old
// programs were written with DOS code pages). A NUL byte or another control character
// that no text editor writes means the file is not a program at all.
func (p *parser) decode(src []byte) (string, bool) {
	if bytes.HasPrefix(src, []byte{0xff, 0xfe}) || bytes.HasPrefix(src, []byte{0xfe, 0xff}) {
		p.errorf(Pos{1, 1}, "not a text file this loader reads: it is UTF-16; save it as UTF-8 (or Latin-1)")
		return "", false
	}
	text, _ := DecodeText(trimDOSEOF(src))
	line, col := 1, 1
	for i, r := range text {
		switch {
		case r == '\n':
			line, col = line+1, 0
		case r == '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				col--
			} else {
				line, col = line+1, 0
			}
		case r == 0:
			p.errorf(Pos{line, col}, "not a text file: it contains NUL bytes (is it a binary or an .rbi file named .rob?)")
			return "", false
		case r < ' ' && r != '\t' && r != '\f' && r != '\v':
			p.errorf(Pos{line, col}, "not a text file: it contains the control character U+%04X", r)
			return "", false
		}
		col++
	}
	return text, true
}

// DecodeText turns a source file's bytes into text as the loader reads them: UTF-8 when the
// bytes are valid UTF-8, else Latin-1 (latin1 is then true). The editor uses it too, so that
// it opens every file the loader accepts.
func DecodeText(src []byte) (text string, latin1 bool) {
	src = userfile.TrimBOM(src) // (in a Latin-1 file too)
	if utf8.Valid(src) {
		return string(src), false
	}
	var b strings.Builder
	b.Grow(len(src) * 2)
	for _, c := range src {
		b.WriteRune(rune(c))
	}
	return b.String(), true
}

// trimDOSEOF drops a DOS end-of-file mark (Ctrl-Z) and whatever follows it, as the text
// files of DOS and Windows Pascal (RoboCom's own reader) end at one.
func trimDOSEOF(src []byte) []byte {
	if i := bytes.IndexByte(src, 0x1A); i >= 0 {
		return src[:i]
	}
	return src
}

// MaxText is the most bytes of a Name, Author or Country line's text or a bank's name: the
// loader's bound and RBI's, so that every program that loads can be shared as RBI.
const MaxText = 4096

// asciiLower, asciiUpper and asciiEqualFold fold ASCII letters only: keywords, mnemonics and
// the names after #, $ and % are ASCII, and Unicode's folding would make "ſet" SET and "dıe"
// DIE.
func asciiLower(s string) string { return shiftASCII(s, 'A', 'Z', 'a') }
func asciiUpper(s string) string { return shiftASCII(s, 'a', 'z', 'A') }

// shiftASCII moves every byte of s in lo..hi to the same place from to (s itself when there
// is none).
func shiftASCII(s string, lo, hi, to byte) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= lo && c <= hi {
			if b == nil {
				b = []byte(s)
			}
			b[i] = c - lo + to
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// eachLine calls f with each line (numbered from 1), split at "\n", "\r\n" and a lone
// "\r"; no slice of lines is built, so a file of a million empty lines costs nothing more.
func eachLine(text string, f func(lineNo int, line string)) {
	start, n := 0, 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			n++
			f(n, text[start:i])
			start = i + 1
		case '\r':
			n++
			f(n, text[start:i])
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(text) {
		f(n+1, text[start:])
	}
}

func isBlank(r rune) bool { return unicode.IsSpace(r) }

// skipBlanks returns the index of the first non-blank character at or after i.
func skipBlanks(s []rune, i int) int {
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	return i
}

// trimRight returns the end of s without trailing blanks.
func trimRight(s []rune, end int) int {
	for end > 0 && isBlank(s[end-1]) {
		end--
	}
	return end
}

// line parses one statement:
//
//	line      = [ header | bank | label | instr ] [ ";" comment ]
//	header    = ("Name" | "Author" | "Country") text
//	bank      = "Bank" [ text ]
//	label     = "@" name
//	instr     = mnemonic [ operand { "," operand } ]
func (p *parser) line(lineNo int, s []rune) {
	end := len(s)
	for i, r := range s {
		if r == ';' {
			end = i
			break
		}
	}
	s = s[:trimRight(s, end)]
	start := skipBlanks(s, 0)
	if start == len(s) {
		return
	}
	pos := Pos{lineNo, start + 1}
	if s[start] == '@' {
		p.labelDef(lineNo, s, start)
		return
	}
	wordEnd := start
	for wordEnd < len(s) && !isBlank(s[wordEnd]) && s[wordEnd] != ',' {
		wordEnd++
	}
	word := string(s[start:wordEnd])
	rest := func() string { return strings.TrimFunc(string(s[wordEnd:]), isBlank) }
	switch kw := asciiLower(word); kw {
	case "name", "author", "country":
		p.header(pos, kw, word, rest())
		return
	case "bank":
		if len(p.prog.Banks) == MaxBanks {
			p.errorf(pos, "too many banks: a program has at most %d", MaxBanks)
		}
		name := rest()
		if len(name) > MaxText {
			p.errorf(pos, "bank name longer than %d bytes", MaxText)
		}
		p.prog.Banks = append(p.prog.Banks, Bank{Name: name})
		p.inBank, p.bankFull = true, false
		return
	}
	op := LookupOpcode(word)
	if op == OpInvalid {
		if !p.inBank {
			p.errorf(pos, "unexpected %q before the first Bank line: only Name, Author and Country lines may come before it", short(word))
		} else if name, ok := strings.CutSuffix(word, ":"); ok && name != "" && !strings.HasPrefix(name, "@") {
			// "loop:" is how other assemblers write a label
			p.errorf(pos, "unknown instruction %q: a label is written @%s, alone on its line", short(word), short(name))
		} else {
			p.errorf(pos, "unknown instruction %q", short(word))
		}
		return
	}
	if !p.inBank {
		p.errorf(pos, "instruction %s before the first Bank line: start a bank with \"Bank\" first", op)
		return
	}
	p.instr(pos, op, s, wordEnd)
}

func (p *parser) header(pos Pos, kw, word, text string) {
	if p.inBank {
		p.errorf(pos, "%s line after the first Bank line: header lines must come before it", word)
		return
	}
	if p.headerLine == nil {
		p.headerLine = map[string]int{}
	}
	if first, ok := p.headerLine[kw]; ok {
		p.errorf(pos, "%s given twice (first on line %d)", word, first)
		return
	}
	p.headerLine[kw] = pos.Line
	if len(text) > MaxText {
		p.errorf(pos, "%s longer than %d bytes", word, MaxText)
	}
	switch kw {
	case "name":
		p.prog.Name = text
	case "author":
		p.prog.Author = text
	case "country":
		p.prog.Country = text
	}
}

// labelDef parses a label line "@name" (only a comment may follow).
func (p *parser) labelDef(lineNo int, s []rune, at int) {
	pos := Pos{lineNo, at + 1}
	nameEnd := at + 1
	for nameEnd < len(s) && !isBlank(s[nameEnd]) && s[nameEnd] != ',' {
		nameEnd++
	}
	name := string(s[at+1 : nameEnd])
	if name == "" {
		p.errorf(pos, "label without a name after \"@\"")
		return
	}
	if j := skipBlanks(s, nameEnd); j < len(s) {
		// Still define the label below, so that its uses do not add "undefined" errors.
		p.errorf(Pos{lineNo, j + 1}, "unexpected %q after label @%s: a label stands alone on its line", short(string(s[j:])), short(name))
	}
	if !p.inBank {
		p.errorf(pos, "label @%s before the first Bank line", short(name))
		return
	}
	if p.opt.RC3 && strings.HasPrefix(name, "@") {
		p.errorf(pos, "label @%s: under rc3 a label name must not begin with \"@\" (@@name means a label's absolute number)", short(name))
		return
	}
	key := strings.ToLower(name)
	if i, dup := p.labels[key]; dup {
		p.errorf(pos, "label @%s already defined on line %d", short(name), p.prog.Labels[i].Pos.Line)
		return
	}
	b := len(p.prog.Banks) - 1
	p.labels[key] = len(p.prog.Labels)
	p.prog.Labels = append(p.prog.Labels, Label{Name: name, Bank: b, Index: len(p.prog.Banks[b].Code), Pos: pos})
}

// instr parses the operands of an instruction whose mnemonic ends at s[from].
func (p *parser) instr(pos Pos, op Opcode, s []rune, from int) {
	info := op.Info()
	if op.IsRC3() {
		if !p.opt.RC3 {
			p.errorf(pos, "%s is an RC3 instruction: %s", op, p.opt.needsRC3())
			return
		}
		p.prog.RC3 = true
	}
	bankIdx := len(p.prog.Banks) - 1
	bank := &p.prog.Banks[bankIdx]
	if len(bank.Code) == MaxInstructions {
		if !p.bankFull {
			p.errorf(pos, "too many instructions in bank %d: a bank holds at most %d", bankIdx+1, MaxInstructions)
			p.bankFull = true
		}
		return
	}
	in := Instr{Op: op, Pos: pos}
	// Split the operand text at commas, remembering where each operand starts.
	type field struct {
		text  string
		start int  // rune index into s
		split bool // separated from the previous one by blanks, not by a comma
	}
	var fields []field
	if j := skipBlanks(s, from); j < len(s) {
		beg := j
		for k := j; ; k++ {
			if k == len(s) || s[k] == ',' {
				b := skipBlanks(s, beg)
				e := trimRight(s, k)
				if e < b {
					e = b
				}
				// Blanks inside an operand mean a missing comma ("Set #1 2"): the pieces
				// count as operands, so that the error is the missing comma, not "too few".
				for w, split := b, false; ; split = true {
					x := w
					for x < e && !isBlank(s[x]) {
						x++
					}
					fields = append(fields, field{string(s[w:x]), w, split})
					if x == e || len(fields) > len(info.Args) {
						break
					}
					w = skipBlanks(s, x)
				}
				if k == len(s) || len(fields) > len(info.Args) {
					break // one operand too many is all the error needs: 8 MB of "#1, " stops here
				}
				beg = k + 1
			}
		}
	}
	want := len(info.Args)
	if len(fields) > want {
		extra := fields[want]
		p.errorf(Pos{pos.Line, extra.start + 1}, "too many operands: %s takes %s", op, operandCount(want))
		fields = fields[:want]
	}
	for i, f := range fields {
		fpos := Pos{pos.Line, f.start + 1}
		if f.split {
			p.errorf(fpos, "missing comma before %q: operands are separated by commas", short(f.text))
		}
		if f.text == "" {
			p.errorf(fpos, "operand %d of %s is missing", i+1, op)
			continue
		}
		o, label, good := p.operand(fpos, f.text)
		if !good {
			continue
		}
		if info.Args[i] == ArgWrite && !o.Writable() && label == "" {
			p.errorf(fpos, "%s cannot write to %s: operand %d must be %s", op, short(f.text), i+1, p.writableList())
			continue
		}
		if label != "" {
			if info.Args[i] == ArgWrite {
				p.errorf(fpos, "%s cannot write to the label %s: operand %d must be %s", op, short(f.text), i+1, p.writableList())
				continue
			}
			p.refs = append(p.refs, labelRef{bank: bankIdx, index: len(bank.Code), arg: i, pos: fpos})
		}
		in.Args[i] = o
	}
	if len(fields) < want {
		p.errorf(pos, "too few operands: %s takes %s, found %d", op, operandCount(want), len(fields))
	}
	in.N = uint8(want)
	// Even a bad instruction takes its place, so that later labels keep their numbers and
	// the errors that follow are the real ones.
	bank.Code = append(bank.Code, in)
}

// writableList names the writable operands of the language being loaded.
func (p *parser) writableList() string {
	if p.opt.RC3 {
		return "#1..#20, ##k, #Active, %Active, #Pub or #Team"
	}
	return "#1..#20, #Active or %Active"
}

func operandCount(n int) string {
	switch n {
	case 0:
		return "no operands"
	case 1:
		return "1 operand"
	}
	return fmt.Sprintf("%d operands", n)
}

// operand parses one operand:
//
//	operand = number | "@" name | "#" (1..20 | "Active") | "$" const | "%" remote
//	        | "@@" name | "##" (1..20) | "#Pub" | "#Team"      (rc3 only)
//	number  = [ "-" ] digit { digit }
//
// A label comes back as its name, to be resolved later.
func (p *parser) operand(pos Pos, t string) (o Operand, label string, ok bool) {
	switch t[0] {
	case '@':
		name := t[1:]
		abs := false
		if p.opt.RC3 && strings.HasPrefix(name, "@") {
			name, abs = name[1:], true
			p.prog.RC3 = true
		}
		if name == "" {
			p.errorf(pos, "label without a name after %q", t)
			return o, "", false
		}
		return Operand{Kind: KindNumber, Label: name, Abs: abs}, name, true
	case '#':
		name := t[1:]
		if strings.HasPrefix(name, "#") {
			if !p.opt.RC3 {
				p.errorf(pos, "%s is an RC3 indirect variable: %s", short(t), p.opt.needsRC3())
				return o, "", false
			}
			k := name[1:]
			if n, err := strconv.Atoi(k); err == nil && n >= 1 && n <= NumVars && strconv.Itoa(n) == k {
				p.prog.RC3 = true
				return Operand{Kind: KindIndirect, Value: int16(n)}, "", true
			}
			p.errorf(pos, "unknown variable %s: an indirect variable is ##1..##20", short(t))
			return o, "", false
		}
		if asciiEqualFold(name, "Active") {
			return Operand{Kind: KindActive}, "", true
		}
		if asciiEqualFold(name, "Pub") || asciiEqualFold(name, "Team") {
			if !p.opt.RC3 {
				p.errorf(pos, "%s is an RC3 variable: %s", short(t), p.opt.needsRC3())
				return o, "", false
			}
			p.prog.RC3 = true
			if asciiEqualFold(name, "Pub") {
				return Operand{Kind: KindVar, Value: VarPub}, "", true
			}
			return Operand{Kind: KindVar, Value: VarTeam}, "", true
		}
		if n, err := strconv.Atoi(name); err == nil && n >= 1 && n <= NumVars && strconv.Itoa(n) == name {
			return Operand{Kind: KindVar, Value: int16(n)}, "", true
		}
		if p.opt.RC3 {
			p.errorf(pos, "unknown variable %s: variables are #1..#20, ##1..##20, #Active, #Pub and #Team", short(t))
		} else {
			p.errorf(pos, "unknown variable %s: variables are #1..#20 and #Active", short(t))
		}
		return o, "", false
	case '$':
		for c := Const(1); c < numConsts; c++ {
			if asciiEqualFold(t, ConstNames[c]) {
				if c.IsRC3() {
					if !p.opt.RC3 {
						p.errorf(pos, "%s is an RC3 constant: %s", ConstNames[c], p.opt.needsRC3())
						return o, "", false
					}
					p.prog.RC3 = true
				}
				return Operand{Kind: KindConst, Value: int16(c)}, "", true
			}
		}
		if p.opt.RC3 {
			p.errorf(pos, "unknown constant %s: constants are $Banks, $Mobile, $InstrSet, $Fields, $Time, $Age, $Own, $Others, $ID, $Generation, $InstrPos, $ElimTrigger, $Timeout and $Tasks", short(t))
		} else {
			p.errorf(pos, "unknown constant %s: constants are $Banks, $Mobile, $InstrSet and $Fields", short(t))
		}
		return o, "", false
	case '%':
		for r := Remote(1); r < numRemotes; r++ {
			if asciiEqualFold(t, RemoteNames[r]) {
				if r.IsRC3() {
					if !p.opt.RC3 {
						p.errorf(pos, "%s is an RC3 remote: %s", RemoteNames[r], p.opt.needsRC3())
						return o, "", false
					}
					p.prog.RC3 = true
				}
				return Operand{Kind: KindRemote, Value: int16(r)}, "", true
			}
		}
		if p.opt.RC3 {
			p.errorf(pos, "unknown remote %s: remotes are %%Active, %%Banks, %%Mobile, %%InstrSet and %%Age", short(t))
		} else {
			p.errorf(pos, "unknown remote %s: remotes are %%Active, %%Banks, %%Mobile and %%InstrSet", short(t))
		}
		return o, "", false
	}
	digits := strings.TrimPrefix(t, "-")
	if digits != "" && strings.Trim(digits, "0123456789") == "" {
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil || n < -32768 || n > 32767 {
			p.errorf(pos, "literal %s out of range: numbers are -32768..32767", short(t))
			return o, "", false
		}
		return Operand{Kind: KindNumber, Value: int16(n)}, "", true
	}
	p.errorf(pos, "invalid operand %q: expected a number, #variable, $constant, %%remote or @label", short(t))
	return o, "", false
}

// resolve turns label operands into numbers (ROBOCOM.md section 3): BJUMP's instruction
// number is absolute; elsewhere a label is relative within its bank and absolute across banks.
// Under rc3, @@name is always absolute, and so is @name in AJUMP and INIT (RC3.md 2).
func (p *parser) resolve() {
	for _, r := range p.refs {
		in := &p.prog.Banks[r.bank].Code[r.index]
		o := &in.Args[r.arg]
		li, ok := p.labels[strings.ToLower(o.Label)]
		if !ok {
			// Under classic, @@name is a reference to a label called "@name" (a name is any
			// run of characters); a program written for rc3 means label name's number.
			if rest, rc3Form := strings.CutPrefix(o.Label, "@"); rc3Form && !p.opt.RC3 && rest != "" {
				if _, defined := p.labels[strings.ToLower(rest)]; defined {
					p.errorf(r.pos, "@%s is an RC3 label form (the number of label @%s): %s", short(o.Label), short(rest), p.opt.needsRC3())
					continue
				}
			}
			p.errorf(r.pos, "undefined label @%s", short(o.Label))
			continue
		}
		l := p.prog.Labels[li]
		switch {
		case o.Abs, isAbsoluteLabelArg(in.Op, r.arg), l.Bank != r.bank:
			o.Value = int16(l.Index + 1)
		default:
			o.Value = int16(l.Index - r.index)
		}
	}
}

// isAbsoluteLabelArg reports whether a label in operand arg of op means the labelled
// instruction's number rather than the distance to it: BJUMP's instruction number (section
// 3), AJUMP's (by the same logic) and both operands of INIT (RC3.md 2, the MT FAQ: "all labels
// in an INIT instruction are interpreted as absolute").
func isAbsoluteLabelArg(op Opcode, arg int) bool {
	switch op {
	case OpBJump:
		return arg == 1
	case OpAJump, OpInit:
		return true
	}
	return false
}
