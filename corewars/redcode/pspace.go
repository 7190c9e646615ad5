package redcode

import "fmt"

// PSpace is what a machine's warriors keep between rounds: each warrior's result of the
// round before (p-space cell 0) and the cells of the p-spaces (a warrior that shares another's
// by PIN keeps none of its own). A battle's rounds played on one machine carry it from one
// to the next; SavePSpace and LoadPSpace let a round be played on a machine of its own with
// what the rounds before it left (the Core War window rebuilds a round to rewind it). The
// zero PSpace is a new machine's: nothing stored, and no result yet.
type PSpace struct {
	results []uint32 // warrior i's last result
	cells   []uint32 // warrior i's p-space at [i*size, (i+1)*size), zeros if it shares another's
	size    int      // p-space cells per warrior
}

// IsZero reports whether p is the zero PSpace (a new machine's).
func (p PSpace) IsZero() bool { return p.results == nil }

// Result is what warrior w reads from p-space cell 0: its result of the round before (the
// number of warriors that survived it with w, 0 if w died), or a new machine's CoreSize−1
// before any round (-1 in the zero PSpace, which does not know the core size).
func (p PSpace) Result(w int) int {
	if p.results == nil {
		return -1
	}
	return int(p.results[w])
}

// Cell is what warrior w reads from p-space cell i > 0 (0 in the zero PSpace).
func (p PSpace) Cell(w, i int) int {
	if p.cells == nil || i <= 0 || i >= p.size {
		return 0
	}
	return int(p.cells[w*p.size+i])
}

// SavePSpace copies what m's warriors keep between rounds: after a round, what its next round
// starts with. The copy is m's no more: later rounds on m do not change it.
func (m *Machine) SavePSpace() PSpace {
	n, size := len(m.ws), len(m.own[0].cells)
	p := PSpace{results: make([]uint32, n), cells: make([]uint32, n*size), size: size}
	for i := range m.ws {
		p.results[i] = m.ws[i].lastResult
		if m.ws[i].ps == &m.own[i] {
			copy(p.cells[i*size:], m.own[i].cells)
		}
	}
	return p
}

// LoadPSpace makes m's warriors keep what p holds, as if the rounds that left it had been
// played on m; the zero PSpace makes it a new machine's (NewMachine). p must come from a
// machine with as many warriors and as large p-spaces, and the same warriors' PINs; it is
// copied, not kept. It is for a machine between rounds: the round loaded next starts with p.
func (m *Machine) LoadPSpace(p PSpace) error {
	if p.IsZero() {
		for i := range m.ws {
			m.ws[i].lastResult = m.size - 1
		}
		m.assignPSpaces()
		return nil
	}
	n, size := len(m.ws), len(m.own[0].cells)
	if len(p.results) != n || p.size != size {
		return fmt.Errorf("redcode: a p-space of %d warriors with %d cells each does not fit a machine of %d with %d", len(p.results), p.size, n, size)
	}
	for i := range m.ws {
		m.ws[i].lastResult = p.results[i]
		if m.ws[i].ps == &m.own[i] {
			copy(m.own[i].cells, p.cells[i*size:(i+1)*size])
		}
	}
	return nil
}
