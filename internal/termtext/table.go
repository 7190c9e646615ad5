package termtext

import (
	"bytes"
	"io"
)

// Align is where a Table puts the text of a cell in its column.
type Align int

const (
	AlignLeft  Align = iota // the text, then the padding
	AlignRight              // the padding, then the text
)

// tablePadding is the columns between the widest cell of a column and the next column.
const tablePadding = 2

// Table lays out the lines written to it in columns, for every result table the commands
// print. It is text/tabwriter.NewWriter(w, 0, 0, 2, ' ', flags) measuring cells with Width
// instead of counting runes: a name in Japanese or with emoji takes two columns a character
// on a terminal, one with combining marks fewer than its runes, and tabwriter's tables
// shifted every column after such a name. For text of single-width characters the bytes are
// tabwriter's, and so are the rules: a cell is text ended by a tab; the cells of column j
// in consecutive lines that all have one form a block padded to its widest cell plus 2
// spaces; the text after a line's last tab belongs to no column; a line without a tab ends
// the blocks above it, and the table is written out there (so that it streams). Flush
// writes what is left. Tabwriter's escapes (0xff, HTML) are not taken: the text is written
// as it is, and a name in it must have been escaped (Escape) so that it holds no tab or
// newline of its own.
type Table struct {
	w      io.Writer
	align  Align
	lines  [][]cell // the lines since the last flush, the last one being written
	cell   []byte   // the text of the cell being written
	widths []int    // the widths of the columns left of the one being laid out (format)
	out    bytes.Buffer
	err    error // the first failed write: the table writes no more
}

type cell struct {
	text  string
	width int // Width(text)
}

// NewTable is a Table writing to w, its cells aligned as align says.
func NewTable(w io.Writer, align Align) *Table {
	return &Table{w: w, align: align, lines: [][]cell{nil}}
}

// Write takes p into the table. It writes out the lines so far when p ends a line without a
// tab, and reports the first error of the writer under it.
func (t *Table) Write(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	start := 0
	for i, c := range p {
		if c != '\t' && c != '\n' {
			continue
		}
		t.cell = append(t.cell, p[start:i]...)
		start = i + 1
		cells := t.endCell()
		if c == '\n' {
			t.lines = append(t.lines, nil)
			if cells == 1 {
				if err := t.flush(); err != nil {
					return 0, err
				}
			}
		}
	}
	t.cell = append(t.cell, p[start:]...)
	return len(p), nil
}

// Flush writes out what the table holds, the text after the last newline too.
func (t *Table) Flush() error {
	if t.err != nil {
		return t.err
	}
	if len(t.cell) > 0 {
		t.endCell()
	}
	return t.flush()
}

// endCell adds the cell being written to the last line and says how many cells that has.
func (t *Table) endCell() int {
	s := string(t.cell)
	line := &t.lines[len(t.lines)-1]
	*line = append(*line, cell{s, Width(s)})
	t.cell = t.cell[:0]
	return len(*line)
}

func (t *Table) flush() error {
	t.out.Reset()
	t.format(0, len(t.lines))
	t.lines = append(t.lines[:0], nil)
	if _, err := t.w.Write(t.out.Bytes()); err != nil {
		t.err = err
	}
	return t.err
}

// format lays out lines line0 up to line1 for column len(t.widths) and those right of it,
// as tabwriter's format does: each block of consecutive lines that have a cell in the column
// gets the width of its widest cell, and the lines of the block are laid out for the next
// column with that width pushed.
func (t *Table) format(line0, line1 int) {
	column := len(t.widths)
	for this := line0; this < line1; this++ {
		if column >= len(t.lines[this])-1 { // (a line's last cell is in no column)
			continue
		}
		t.writeLines(line0, this)
		line0 = this
		width := 0
		for ; this < line1 && column < len(t.lines[this])-1; this++ {
			width = max(width, t.lines[this][column].width+tablePadding)
		}
		t.widths = append(t.widths, width)
		t.format(line0, this)
		t.widths = t.widths[:len(t.widths)-1]
		line0 = this
	}
	t.writeLines(line0, line1)
}

// writeLines writes lines line0 up to line1 with the column widths in t.widths, a newline
// after each but the last line held (which is not ended yet).
func (t *Table) writeLines(line0, line1 int) {
	for i := line0; i < line1; i++ {
		for j, c := range t.lines[i] {
			pad := 0
			if j < len(t.widths) {
				pad = t.widths[j] - c.width
			}
			if t.align == AlignRight {
				t.pad(pad)
			}
			t.out.WriteString(c.text)
			if t.align != AlignRight {
				t.pad(pad)
			}
		}
		if i+1 < len(t.lines) {
			t.out.WriteByte('\n')
		}
	}
}

func (t *Table) pad(n int) {
	for range n {
		t.out.WriteByte(' ')
	}
}
