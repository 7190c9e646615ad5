package refmodel

import (
	"fmt"
	"strconv"
	"strings"

	"robocom/robolang"
)

// OperandKind is what an operand names, in the model's own terms (ROBOCOM.md 4, RC3.md 2–3).
// Constants and remotes are kinds of their own, so that an operand is just a kind and a number.
type OperandKind uint8

const (
	KNone   OperandKind = iota
	KNum                // a number (a literal or a resolved label); V is the value
	KVar                // #1..#20; V is 1..20
	KActive             // #Active
	KPub                // #Pub (rc3)
	KTeam               // #Team (rc3)
	KInd                // ##k (rc3): the variable #v, v = the value of #k; V is k

	// Own constants.
	KBanks
	KMobile
	KInstrSet
	KFields
	KTime // rc3 from here
	KAge
	KOwn
	KOthers
	KID
	KGeneration
	KInstrPos
	KElimTrigger
	KTimeout
	KTasks

	// Remotes: the robot on the executing task's reference field.
	KRActive
	KRBanks
	KRMobile
	KRInstrSet
	KRAge // rc3
)

// IsRemote reports whether the operand reads the reference field (set ≥ 1, surcharge).
func (k OperandKind) IsRemote() bool { return k >= KRActive && k <= KRAge }

// Writable reports whether the operand can be written (RC3.md 4's #a).
func (k OperandKind) Writable() bool {
	return k == KVar || k == KActive || k == KPub || k == KTeam || k == KInd || k == KRActive
}

var kindNames = map[string]OperandKind{
	"#active": KActive, "#pub": KPub, "#team": KTeam,
	"$banks": KBanks, "$mobile": KMobile, "$instrset": KInstrSet, "$fields": KFields,
	"$time": KTime, "$age": KAge, "$own": KOwn, "$others": KOthers, "$id": KID,
	"$generation": KGeneration, "$instrpos": KInstrPos, "$elimtrigger": KElimTrigger,
	"$timeout": KTimeout, "$tasks": KTasks,
	"%active": KRActive, "%banks": KRBanks, "%mobile": KRMobile, "%instrset": KRInstrSet, "%age": KRAge,
}

// rc3Only are the kinds that exist only when instructions = rc3.
func (k OperandKind) rc3Only() bool {
	return k == KPub || k == KTeam || k == KInd || (k >= KTime && k <= KTasks) || k == KRAge
}

// Operand is one operand.
type Operand struct {
	Kind OperandKind
	V    int
}

func (o Operand) String() string {
	switch o.Kind {
	case KNum:
		return strconv.Itoa(o.V)
	case KVar:
		return "#" + strconv.Itoa(o.V)
	case KInd:
		return "##" + strconv.Itoa(o.V)
	}
	for name, k := range kindNames {
		if k == o.Kind {
			return name
		}
	}
	return "?"
}

// Instr is one instruction. It is comparable with ==.
type Instr struct {
	Op   robolang.Opcode
	N    int
	Args [3]Operand
	Pos  robolang.Pos // where its mnemonic stands in the source (zero if unknown)
}

func (in Instr) String() string {
	s := in.Op.String()
	for i := 0; i < in.N; i++ {
		if i == 0 {
			s += " "
		} else {
			s += ", "
		}
		s += in.Args[i].String()
	}
	return s
}

// ProgramBank is one bank of a program.
type ProgramBank struct {
	Name   string
	Code   []Instr
	Src    []robolang.Instr // the robolang code it came from, nil if assembled by the model
	Hidden bool
}

// Program is a program as the model runs it.
type Program struct {
	Name  string
	Banks []ProgramBank
}

// parseOperandText reads one operand written as in a .rob file, labels excepted.
func parseOperandText(s string) (Operand, error) {
	if k, ok := kindNames[strings.ToLower(s)]; ok {
		return Operand{Kind: k}, nil
	}
	if rest, ok := strings.CutPrefix(s, "##"); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 1 && n <= 20 && strconv.Itoa(n) == rest {
			return Operand{Kind: KInd, V: n}, nil
		}
		return Operand{}, fmt.Errorf("unknown variable %s", s)
	}
	if rest, ok := strings.CutPrefix(s, "#"); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 1 && n <= 20 && strconv.Itoa(n) == rest {
			return Operand{Kind: KVar, V: n}, nil
		}
		return Operand{}, fmt.Errorf("unknown variable %s", s)
	}
	if n, err := strconv.Atoi(s); err == nil && n >= -32768 && n <= 32767 {
		return Operand{Kind: KNum, V: n}, nil
	}
	return Operand{}, fmt.Errorf("invalid operand %q", s)
}

// ConvertInstr turns a robolang instruction into the model's. Numbers (labels included, as
// the loader resolved them) are taken by value; every other operand is read back from the
// text robolang renders for it (Operand.String, the formatter's form), so the model does not
// depend on how robolang encodes ##k, %Age or the $ constants.
func ConvertInstr(in robolang.Instr) (Instr, error) {
	out := Instr{Op: in.Op, N: int(in.N), Pos: in.Pos}
	for i := 0; i < int(in.N); i++ {
		a := in.Args[i]
		if a.Kind == robolang.KindNumber {
			out.Args[i] = Operand{Kind: KNum, V: int(a.Value)}
			continue
		}
		o, err := parseOperandText(a.String())
		if err != nil {
			return out, fmt.Errorf("%s: operand %d: %v", in.Pos, i+1, err)
		}
		out.Args[i] = o
	}
	return out, nil
}

// FromRobolang converts a loaded program. It fails only on an operand the model cannot read.
func FromRobolang(p *robolang.Program) (*Program, error) {
	out := &Program{Name: p.Name}
	for _, b := range p.Banks {
		pb := ProgramBank{Name: b.Name, Src: b.Code, Hidden: b.Hidden || p.Hidden, Code: make([]Instr, len(b.Code))}
		for i, in := range b.Code {
			c, err := ConvertInstr(in)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", p.Name, err)
			}
			pb.Code[i] = c
		}
		out.Banks = append(out.Banks, pb)
	}
	return out, nil
}

// MustFromRobolang is FromRobolang for programs known to be readable (tests).
func MustFromRobolang(p *robolang.Program) *Program {
	m, err := FromRobolang(p)
	if err != nil {
		panic(err)
	}
	return m
}

// Assemble is the model's own small assembler, written from ROBOCOM.md 3 and RC3.md 2, for
// building test programs without robolang: "Bank [name]" lines, label lines "@name",
// instructions "MNEMONIC op, op", ";" comments, Name/Author/Country headers. Labels:
// "@@name" is the labelled instruction's number in its own bank; "@name" is that number too
// as BJUMP's second operand, AJUMP's operand, both INIT operands, or from another bank, and
// else the distance from the referring instruction. Under rc3 a label name must not begin
// with "@". Errors are "name:line:col: message", the first one only.
func Assemble(name, src string, rc3 bool) (*Program, error) {
	type ref struct {
		bank, index, arg int
		label            string
		abs              bool
		pos              robolang.Pos
	}
	type def struct{ bank, index int }
	p := &Program{Name: name}
	labels := map[string]def{}
	var refs []ref
	fail := func(pos robolang.Pos, format string, args ...any) (*Program, error) {
		return nil, fmt.Errorf("%s:%d:%d: %s", name, pos.Line, pos.Col, fmt.Sprintf(format, args...))
	}
	for ln, line := range strings.Split(src, "\n") {
		if i := strings.IndexByte(line, ';'); i >= 0 {
			line = line[:i]
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		col := len([]rune(line[:strings.Index(line, trimmed)])) + 1
		pos := robolang.Pos{Line: ln + 1, Col: col}
		word, rest, _ := strings.Cut(trimmed, " ")
		if t, _, ok := strings.Cut(word, "\t"); ok {
			word, rest = t, trimmed[len(t):]
		}
		switch strings.ToLower(word) {
		case "name":
			p.Name = strings.TrimSpace(rest)
			continue
		case "author", "country":
			continue
		case "bank":
			p.Banks = append(p.Banks, ProgramBank{Name: strings.TrimSpace(rest)})
			continue
		}
		if len(p.Banks) == 0 {
			return fail(pos, "%q before the first Bank line", word)
		}
		b := len(p.Banks) - 1
		if strings.HasPrefix(word, "@") {
			l := strings.ToLower(word[1:])
			if l == "" || strings.TrimSpace(rest) != "" {
				return fail(pos, "a label stands alone on its line")
			}
			if rc3 && strings.HasPrefix(l, "@") {
				return fail(pos, "under rc3 a label name must not begin with @")
			}
			if _, dup := labels[l]; dup {
				return fail(pos, "label @%s defined twice", l)
			}
			labels[l] = def{b, len(p.Banks[b].Code)}
			continue
		}
		op := robolang.LookupOpcode(word)
		if !op.Valid() {
			return fail(pos, "unknown instruction %q", word)
		}
		if op.IsRC3() && !rc3 {
			return fail(pos, "%s is an RC3 instruction", op)
		}
		info := op.Info()
		in := Instr{Op: op, Pos: pos}
		var args []string
		if strings.TrimSpace(rest) != "" {
			args = strings.Split(rest, ",")
		}
		if len(args) != len(info.Args) {
			return fail(pos, "%s takes %d operands, found %d", op, len(info.Args), len(args))
		}
		in.N = len(args)
		index := len(p.Banks[b].Code)
		for i, a := range args {
			a = strings.TrimSpace(a)
			switch {
			case strings.HasPrefix(a, "@@"):
				if !rc3 {
					return fail(pos, "@@label is an RC3 form")
				}
				refs = append(refs, ref{b, index, i, strings.ToLower(a[2:]), true, pos})
				in.Args[i] = Operand{Kind: KNum}
			case strings.HasPrefix(a, "@"):
				abs := (op == robolang.OpBJump && i == 1) || (rc3 && op == robolang.OpAJump) || (rc3 && op == robolang.OpInit)
				refs = append(refs, ref{b, index, i, strings.ToLower(a[1:]), abs, pos})
				in.Args[i] = Operand{Kind: KNum}
			default:
				o, err := parseOperandText(a)
				if err != nil {
					return fail(pos, "%v", err)
				}
				if o.Kind.rc3Only() && !rc3 {
					return fail(pos, "%s is an RC3 operand", a)
				}
				in.Args[i] = o
			}
			if info.Args[i] == robolang.ArgWrite && !in.Args[i].Kind.Writable() {
				return fail(pos, "operand %d of %s must be writable", i+1, op)
			}
		}
		p.Banks[b].Code = append(p.Banks[b].Code, in)
	}
	for _, r := range refs {
		d, ok := labels[r.label]
		if !ok {
			return fail(r.pos, "undefined label @%s", r.label)
		}
		v := d.index + 1
		if !r.abs && d.bank == r.bank {
			v = d.index - r.index
		}
		p.Banks[r.bank].Code[r.index].Args[r.arg].V = v
	}
	return p, nil
}

// MustAssemble is Assemble for test programs that are known to be right.
func MustAssemble(name, src string, rc3 bool) *Program {
	p, err := Assemble(name, src, rc3)
	if err != nil {
		panic(err)
	}
	return p
}
