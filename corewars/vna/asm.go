package vna

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"robocom/corewars"
)

// MaxNodes is the longest program (CORE-LANGUAGES.md 2, a decision).
const MaxNodes = 40

// maxNesting bounds how deeply functions nest in one value, so that parsing and printing
// stay shallow.
const maxNesting = 64

// Program is an assembled VNA program.
type Program struct {
	Name  string // the file name without extension
	Nodes []Node
	Lines []int // the source line of each node
	Cols  []int // the column of each node's command, for messages about a node
	Pool  *Pool // the expressions the nodes refer to
}

// String is the program in source notation, one node per line.
func (p *Program) String() string {
	var sb strings.Builder
	for _, n := range p.Nodes {
		sb.WriteString(p.Pool.NodeString(n))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Assemble translates VNA source: one node per line,
//
//	line  := COMMAND [value [',' value [',' value]]]   [';' comment]
//	value := [+-]digits | name '(' [value {',' value}] ')'
//
// Commands and function names are case-insensitive; empty and comment-only lines make no
// node (write BLANK for an empty node). Errors come back as a srcerr.List.
func Assemble(file string, src []byte) (*Program, error) {
	var errs corewars.Errors
	prog := &Program{Name: strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)), Pool: newPool()}
	for n, text := range strings.Split(string(src), "\n") {
		lineNo := n + 1
		text = strings.TrimSuffix(text, "\r")
		if i := strings.IndexByte(text, ';'); i >= 0 {
			text = text[:i]
		}
		p := &parser{text: text, line: lineNo, file: file, errs: &errs, pool: prog.Pool}
		p.skipSpace()
		if p.eof() {
			continue
		}
		if len(prog.Nodes) == MaxNodes {
			errs.Add(file, lineNo, p.col(), "a program has at most %d nodes; this is node %d", MaxNodes, MaxNodes+1)
			break
		}
		col := p.col()
		node, ok := p.node()
		if !ok {
			continue
		}
		prog.Nodes = append(prog.Nodes, node)
		prog.Lines = append(prog.Lines, lineNo)
		prog.Cols = append(prog.Cols, col)
	}
	if errs.Len() == 0 && len(prog.Nodes) == 0 {
		errs.Add(file, 1, 1, "the program has no nodes")
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return prog, nil
}

type parser struct {
	text string
	pos  int
	line int
	file string
	errs *corewars.Errors
	pool *Pool
	fail bool
}

func (p *parser) eof() bool  { return p.pos >= len(p.text) }
func (p *parser) peek() byte { return p.text[p.pos] }
func (p *parser) col() int   { return p.pos + 1 }
func (p *parser) rest() string {
	return strings.TrimSpace(p.text[p.pos:])
}

func (p *parser) skipSpace() {
	for !p.eof() && (p.peek() == ' ' || p.peek() == '\t') {
		p.pos++
	}
}

func (p *parser) errorf(col int, format string, args ...any) {
	if !p.fail {
		p.errs.Add(p.file, p.line, col, format, args...)
		p.fail = true
	}
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func (p *parser) word() string {
	start := p.pos
	for !p.eof() && (isLetter(p.peek()) || isDigit(p.peek()) || p.peek() == '_') {
		p.pos++
	}
	return p.text[start:p.pos]
}

// wordTail reads the rest of a word, up to white space or ','.
func (p *parser) wordTail() string {
	start := p.pos
	for !p.eof() && p.peek() != ' ' && p.peek() != '\t' && p.peek() != ',' {
		p.pos++
	}
	return p.text[start:p.pos]
}

// knownCommands is what the messages about a command list: cmdNames, the one table of the
// commands, with BLANK (the empty node, command 0) last.
var knownCommands = strings.Join(append(slices.Clone(cmdNames[1:]), cmdNames[0]), ", ")

// node := COMMAND [value [',' value [',' value]]]
func (p *parser) node() (Node, bool) {
	var n Node
	col := p.col()
	w := p.word()
	if w == "" {
		p.errorf(col, "expected a command (%s), found %q", knownCommands, p.rest())
		return n, false
	}
	cmd, ok := Cmd(0), false
	for c := Cmd(0); c < numCmds; c++ {
		if strings.EqualFold(cmdNames[c], w) {
			cmd, ok = c, true
		}
	}
	if !ok {
		// A word ends at the first character that is not ASCII: "CÖPY" would be told as the
		// unknown command "C". Tell the word as written, and why it ended.
		if whole := w + p.wordTail(); whole != w {
			p.errorf(col, "unknown command %q: commands are ASCII letters (known: %s)", whole, knownCommands)
			return n, false
		}
		p.errorf(col, "unknown command %q (known: %s)", w, knownCommands)
		return n, false
	}
	n.Cmd = cmd
	p.skipSpace()
	if cmd == Blank {
		if !p.eof() {
			p.errorf(p.col(), "BLANK holds no values, found %q", p.rest())
			return n, false
		}
		return n, true
	}
	for k := 0; !p.eof(); k++ {
		if k == 3 {
			p.errorf(p.col(), "a node has at most three values (a, b, c)")
			return n, false
		}
		if k > 0 {
			if p.peek() != ',' {
				p.errorf(p.col(), "expected ',' between values, found %q", p.rest())
				return n, false
			}
			p.pos++
			p.skipSpace()
			if p.eof() {
				p.errorf(p.col(), "value %c is missing after ','", 'a'+k)
				return n, false
			}
		}
		v, ok := p.value(0)
		if !ok {
			return n, false
		}
		if p.pool.e[v].fn == fLit {
			n.V[k] = Value{Num: p.pool.e[v].lit}
			p.pool.e = p.pool.e[:v] // a plain number needs no pool entry
		} else {
			n.V[k] = Value{Expr: v}
		}
		p.skipSpace()
	}
	return n, true
}

// value := [+-]digits | name '(' [value {',' value}] ')'
// It returns the pool index of the (possibly literal) expression.
func (p *parser) value(depth int) (int32, bool) {
	col := p.col()
	if depth > maxNesting {
		p.errorf(col, "functions nested more than %d deep", maxNesting)
		return 0, false
	}
	if p.eof() {
		p.errorf(col, "expected a value (a number or a function)")
		return 0, false
	}
	c := p.peek()
	if c == '-' || c == '+' || isDigit(c) {
		start := p.pos
		p.pos++
		for !p.eof() && isDigit(p.peek()) {
			p.pos++
		}
		text := p.text[start:p.pos]
		if !p.eof() && (isLetter(p.peek()) || p.peek() == '_') {
			p.word()
			p.errorf(col, "malformed number %q", p.text[start:p.pos])
			return 0, false
		}
		v, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				p.errorf(col, "number %s is out of range (64-bit)", text)
			} else {
				p.errorf(col, "malformed number %q", text)
			}
			return 0, false
		}
		return p.pool.add(expr{fn: fLit, lit: v}), true
	}
	if !isLetter(c) {
		p.errorf(col, "expected a value (a number or a function), found %q", p.rest())
		return 0, false
	}
	name := p.word()
	f, ok := fn(0), false
	for i := fA; i < numFns; i++ {
		if strings.EqualFold(fnNames[i], name) {
			f, ok = i, true
		}
	}
	if !ok {
		p.errorf(col, "unknown function %q (known: a b c add sub mul div mod pow com exe num)", name)
		return 0, false
	}
	p.skipSpace()
	if p.eof() || p.peek() != '(' {
		p.errorf(p.col(), "expected '(' after %s", fnNames[f])
		return 0, false
	}
	p.pos++
	var args []int32
	p.skipSpace()
	if !p.eof() && p.peek() == ')' {
		p.pos++
	} else {
		for {
			p.skipSpace()
			a, ok := p.value(depth + 1)
			if !ok {
				return 0, false
			}
			args = append(args, a)
			p.skipSpace()
			if p.eof() {
				p.errorf(p.col(), "expected ')' to close %s(", fnNames[f])
				return 0, false
			}
			if p.peek() == ')' {
				p.pos++
				break
			}
			if p.peek() != ',' {
				p.errorf(p.col(), "expected ',' or ')' in %s(...), found %q", fnNames[f], p.rest())
				return 0, false
			}
			p.pos++
		}
	}
	if len(args) != fnArity[f] {
		p.errorf(col, "%s takes %d argument%s, found %d", fnNames[f], fnArity[f], plural(fnArity[f]), len(args))
		return 0, false
	}
	return p.pool.add(expr{fn: f, args: args}), true
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
