package cw

import (
	"path/filepath"
	"strconv"
	"strings"

	"robocom/corewars"
)

// Program is an assembled .cw program, ready to be loaded as one or more processes.
type Program struct {
	Name  string  // the title, else the file name without extension
	Title string  // as given by `title`, "" if none
	Code  []Instr // one cell per instruction line, in order
	Lines []int   // the source line of each cell
	Cols  []int   // the column of each cell's keyword, for messages about a cell
	Start int     // index of the first non-data cell, where execution starts
}

// operand as parsed, before labels are resolved.
type srcOperand struct {
	form  byte // 'n' number, '&' address of label, 'l' label, '[' [label]
	num   int32
	label string
	col   int
}

type srcLine struct {
	op   Op
	ops  []srcOperand
	line int
	col  int // of the keyword
}

// Assemble translates a .cw source. Errors come back as a srcerr.List whose entries
// read file:line:col: message.
//
// Two passes: the first parses each line and assigns cells to labels, the second resolves
// label operands into offsets relative to the cell that holds them.
func Assemble(file string, src []byte) (*Program, error) {
	var errs corewars.Errors
	var lines []srcLine
	labels := map[string]int{} // label -> cell index
	labelLine := map[string]int{}
	// pending are labels on label-only lines, waiting for their cell. An instruction line that
	// fails takes them with it: they label that line, and "labels no instruction" would blame
	// them for its error.
	var pending []string
	title, titleLine := "", 0

	for n, text := range strings.Split(string(src), "\n") {
		lineNo := n + 1
		text = strings.TrimSuffix(text, "\r")
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		s := &scanner{text: text}
		s.skipSpace()
		if s.eof() {
			continue
		}
		// [label:]
		var label string
		var labelCol int
		if id, col, ok := s.peekLabel(); ok {
			label, labelCol = id, col
		}
		s.skipSpace()
		if s.eof() {
			if label != "" {
				if !addLabel(&errs, file, lineNo, labelCol, label, labels, labelLine, len(lines)) {
					continue
				}
				pending = append(pending, label)
			}
			continue
		}
		kwCol := s.col()
		kw := s.ident()
		if kw == "" {
			errs.Add(file, lineNo, kwCol, "expected an instruction keyword, found %q", s.rest())
			pending = pending[:0] // (they label this line, whose error is told)
			continue
		}
		lkw := strings.ToLower(kw)
		if lkw == "title" {
			if label != "" {
				errs.Add(file, lineNo, labelCol, "title must not have a label")
				continue
			}
			if titleLine != 0 {
				errs.Add(file, lineNo, kwCol, "a second title (the first is on line %d); title may be used once", titleLine)
				continue
			}
			t := strings.TrimSpace(s.rest())
			if t == "" {
				errs.Add(file, lineNo, s.col(), "title needs a text")
				continue
			}
			title, titleLine = t, lineNo
			continue
		}
		op, ok := lookupOp(lkw)
		if !ok {
			// A name ends at the first character that is not ASCII: "möve" would be told as
			// the unknown instruction "m". Tell the word as written, and why it ended.
			if word := kw + s.wordTail(); word != kw {
				errs.Add(file, lineNo, kwCol, "unknown instruction %q: instructions and labels are ASCII letters, digits and '_' (known: %s)", word, opNames())
			} else {
				errs.Add(file, lineNo, kwCol, "unknown instruction %q (known: %s)", kw, opNames())
			}
			pending = pending[:0]
			continue
		}
		sl := srcLine{op: op, line: lineNo, col: kwCol}
		// The label is defined even if the operands are bad, so that its uses elsewhere do
		// not add "undefined label" errors of their own.
		if label != "" && !addLabel(&errs, file, lineNo, labelCol, label, labels, labelLine, len(lines)) {
			pending = pending[:0]
			continue
		}
		if !parseOperands(&errs, file, lineNo, s, &sl) {
			pending = pending[:0]
			continue
		}
		for _, l := range pending {
			labels[l] = len(lines)
		}
		pending = pending[:0]
		lines = append(lines, sl)
	}
	if len(pending) > 0 {
		errs.Add(file, labelLine[pending[0]], 1, "label %q labels no instruction (nothing follows it)", pending[0])
	}

	prog := &Program{Title: title, Start: -1}
	if title != "" {
		prog.Name = title
	} else {
		prog.Name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	}
	for i, sl := range lines {
		in := Instr{Op: sl.op}
		if sl.op == Data {
			v, ok := resolve(&errs, file, sl.line, sl.ops[0], labels, i)
			if ok {
				in.A = v
			}
		} else {
			if prog.Start < 0 {
				prog.Start = i
			}
			for k, o := range sl.ops {
				v, ok := resolve(&errs, file, sl.line, o, labels, i)
				if !ok {
					continue
				}
				m := Imm
				switch o.form {
				case 'l':
					m = Dir
				case '[':
					m = Ind
				}
				if k == 0 {
					in.AM, in.A = m, v
				} else {
					in.BM, in.B = m, v
				}
			}
		}
		prog.Code = append(prog.Code, in)
		prog.Lines = append(prog.Lines, sl.line)
		prog.Cols = append(prog.Cols, sl.col)
	}
	if errs.Len() == 0 {
		switch {
		case len(prog.Code) == 0:
			errs.Add(file, 1, 1, "the program has no instructions")
		case prog.Start < 0:
			errs.Add(file, prog.Lines[0], 1, "the program has only data cells; execution starts at the first instruction that is not data")
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return prog, nil
}

func addLabel(errs *corewars.Errors, file string, line, col int, label string, labels map[string]int, labelLine map[string]int, cell int) bool {
	if prev, dup := labelLine[label]; dup {
		errs.Add(file, line, col, "label %q is already defined on line %d", label, prev)
		return false
	}
	labels[label] = cell
	labelLine[label] = line
	return true
}

func resolve(errs *corewars.Errors, file string, line int, o srcOperand, labels map[string]int, here int) (int32, bool) {
	if o.form == 'n' {
		return o.num, true
	}
	at, ok := labels[o.label]
	if !ok {
		errs.Add(file, line, o.col, "undefined label %q", o.label)
		return 0, false
	}
	return int32(at - here), true
}

// parseOperands reads the operands of sl.op:
//
//	operand := [+-]digits | '&' label | label | '[' label ']'
//	operands := [operand [',' operand]]
func parseOperands(errs *corewars.Errors, file string, line int, s *scanner, sl *srcLine) bool {
	want := []class{ops[sl.op].a, ops[sl.op].b}
	if sl.op == Data {
		want = []class{value}
	}
	n := 0
	for _, c := range want {
		if c != none {
			n++
		}
	}
	for k := 0; k < n; k++ {
		s.skipSpace()
		if k > 0 {
			if s.eof() {
				errs.Add(file, line, s.col(), "%s needs %d operands, found %d", sl.op, n, k)
				return false
			}
			if s.peek() != ',' {
				errs.Add(file, line, s.col(), "expected ',' before operand %d, found %q", k+1, s.rest())
				return false
			}
			s.pos++
			s.skipSpace()
		}
		if s.eof() {
			if k == 0 {
				errs.Add(file, line, s.col(), "%s needs %d operand%s", sl.op, n, plural(n))
			} else {
				errs.Add(file, line, s.col(), "operand %d is missing after ','", k+1)
			}
			return false
		}
		o, ok := parseOperand(errs, file, line, s)
		if !ok {
			return false
		}
		if msg := checkClass(sl.op, want[k], o); msg != "" {
			errs.Add(file, line, o.col, "%s: operand %d %s", sl.op, k+1, msg)
			return false
		}
		sl.ops = append(sl.ops, o)
	}
	s.skipSpace()
	if !s.eof() {
		if s.peek() == ',' {
			errs.Add(file, line, s.col(), "%s takes %d operand%s, found more", sl.op, n, plural(n))
		} else {
			errs.Add(file, line, s.col(), "unexpected %q after the operands", s.rest())
		}
		return false
	}
	return true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func checkClass(op Op, c class, o srcOperand) string {
	if op == Data {
		if o.form == 'n' || o.form == '&' {
			return ""
		}
		return "must be an integer or &label (data holds a number)"
	}
	switch c {
	case dest:
		if o.form == 'l' || o.form == '[' {
			return ""
		}
		return "must be a label or [label] (it names a cell)"
	case cell:
		if o.form == 'l' {
			return ""
		}
		return "must be a plain label (the cell that holds the pointer)"
	}
	return ""
}

func parseOperand(errs *corewars.Errors, file string, line int, s *scanner) (srcOperand, bool) {
	o := srcOperand{col: s.col()}
	c := s.peek()
	switch {
	case c == '&':
		s.pos++
		col := s.col()
		o.form = '&'
		o.label = s.ident()
		if o.label == "" {
			errs.Add(file, line, col, "expected a label after '&'")
			return o, false
		}
	case c == '[':
		s.pos++
		s.skipSpace()
		col := s.col()
		o.form = '['
		o.label = s.ident()
		if o.label == "" {
			errs.Add(file, line, col, "expected a label inside [ ]")
			return o, false
		}
		s.skipSpace()
		if s.eof() || s.peek() != ']' {
			errs.Add(file, line, s.col(), "expected ']' to close [%s", o.label)
			return o, false
		}
		s.pos++
	case c == '-' || c == '+' || (c >= '0' && c <= '9'):
		start := s.pos
		s.pos++
		for !s.eof() && s.peek() >= '0' && s.peek() <= '9' {
			s.pos++
		}
		text := s.text[start:s.pos]
		v, err := strconv.ParseInt(text, 10, 32)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				errs.Add(file, line, o.col, "number %s is out of range (a cell holds -2147483648..2147483647)", text)
			} else {
				errs.Add(file, line, o.col, "malformed number %q", text)
			}
			return o, false
		}
		if !s.eof() && isIdentChar(s.peek()) {
			errs.Add(file, line, o.col, "malformed number %q", text+s.identTail())
			return o, false
		}
		o.form, o.num = 'n', int32(v)
	case isIdentStart(c):
		o.form = 'l'
		o.label = s.ident()
	default:
		errs.Add(file, line, o.col, "expected an operand (number, &label, label or [label]), found %q", s.rest())
		return o, false
	}
	return o, true
}

func lookupOp(kw string) (Op, bool) {
	for i := Op(0); i < numOps; i++ {
		if ops[i].name == kw {
			return i, true
		}
	}
	return 0, false
}

func opNames() string {
	names := make([]string, 0, numOps+1)
	for i := Op(0); i < numOps; i++ {
		names = append(names, ops[i].name)
	}
	return strings.Join(append(names, "title"), ", ")
}

// scanner walks one line; columns are 1-based bytes.
type scanner struct {
	text string
	pos  int
}

func (s *scanner) eof() bool    { return s.pos >= len(s.text) }
func (s *scanner) peek() byte   { return s.text[s.pos] }
func (s *scanner) col() int     { return s.pos + 1 }
func (s *scanner) rest() string { return strings.TrimSpace(s.text[s.pos:]) }
func isIdentStart(c byte) bool  { return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z') }
func isIdentChar(c byte) bool   { return isIdentStart(c) || (c >= '0' && c <= '9') }
func (s *scanner) identTail() string {
	start := s.pos
	for !s.eof() && isIdentChar(s.peek()) {
		s.pos++
	}
	return s.text[start:s.pos]
}

// wordTail reads the rest of a word, up to white space, ',' or a label's ':'.
func (s *scanner) wordTail() string {
	start := s.pos
	for !s.eof() && !strings.ContainsRune(" \t,:", rune(s.peek())) {
		s.pos++
	}
	return s.text[start:s.pos]
}

func (s *scanner) skipSpace() {
	for !s.eof() && (s.peek() == ' ' || s.peek() == '\t') {
		s.pos++
	}
}

// ident reads an identifier (letter or '_', then letters, digits, '_'), "" if none is here.
func (s *scanner) ident() string {
	if s.eof() || !isIdentStart(s.peek()) {
		return ""
	}
	return s.identTail()
}

// peekLabel consumes `ident ':'` if the line starts with one.
func (s *scanner) peekLabel() (string, int, bool) {
	save := s.pos
	col := s.col()
	id := s.ident()
	if id == "" {
		return "", 0, false
	}
	s.skipSpace()
	if !s.eof() && s.peek() == ':' {
		s.pos++
		return id, col, true
	}
	s.pos = save
	return "", 0, false
}
