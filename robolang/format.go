package robolang

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
)

// Format writes p as canonical source: the header lines, then each bank with its
// instructions indented by two spaces, operands separated by ", ", label definitions on their
// own lines where they were. Loading the result gives the identical program (positions
// aside). Labels are written by name when their definitions are known (p.Labels), else as the
// numbers they stand for. Hidden code is not written: for a hidden program the banks
// appear empty, with a comment saying so.
func Format(p *Program) []byte {
	var b bytes.Buffer
	header := func(key, val string) {
		if val = oneLine(val); val != "" {
			b.WriteString(key + " " + val + "\n")
		}
	}
	header("Name", p.Name)
	header("Author", p.Author)
	header("Country", p.Country)
	if p.Hidden {
		b.WriteString("; the code of this program is hidden (RBI)\n")
		return b.Bytes()
	}
	labels := append([]Label(nil), p.Labels...)
	sort.SliceStable(labels, func(i, j int) bool {
		if labels[i].Bank != labels[j].Bank {
			return labels[i].Bank < labels[j].Bank
		}
		return labels[i].Index < labels[j].Index
	})
	defined := make(map[string]bool, len(labels))
	for _, l := range labels {
		defined[strings.ToLower(l.Name)] = true
	}
	next := 0
	writeLabels := func(bank, index int) {
		for next < len(labels) && (labels[next].Bank < bank || labels[next].Bank == bank && labels[next].Index <= index) {
			b.WriteString("  @" + labels[next].Name + "\n")
			next++
		}
	}
	for bi, bank := range p.Banks {
		b.WriteByte('\n')
		if name := oneLine(bank.Name); name != "" {
			b.WriteString("Bank " + name + "\n")
		} else {
			b.WriteString("Bank\n")
		}
		for ii, in := range bank.Code {
			writeLabels(bi, ii)
			b.WriteString("  ")
			b.WriteString(in.Op.String())
			for k := 0; k < int(in.N) && k < len(in.Args); k++ {
				if k == 0 {
					b.WriteByte(' ')
				} else {
					b.WriteString(", ")
				}
				o := in.Args[k]
				if o.Kind == KindNumber && o.Label != "" && !defined[strings.ToLower(o.Label)] {
					b.WriteString(strconv.Itoa(int(o.Value)))
				} else {
					b.WriteString(o.String())
				}
			}
			b.WriteByte('\n')
		}
		writeLabels(bi, len(bank.Code))
	}
	return b.Bytes()
}

// oneLine makes a header or bank name writable on one source line: no line breaks, no
// comment character, no blanks at either end (the loader trims them).
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\r', ';':
			return ' '
		}
		return r
	}, s)
	return strings.TrimFunc(s, isBlank)
}
