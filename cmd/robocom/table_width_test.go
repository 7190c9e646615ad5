package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"robocom/internal/termtext"
)

// TestTablesAlignWideNames: every result table keeps its columns straight on a terminal when
// a program is named in Japanese or with a combining mark, or its author with an emoji
// (tabwriter counted runes, so each column after such a name stood off by the difference).
// Käsekuchen beats 日本語の戦士 in the hill's first round, so -pairing's winner column holds
// it.
func TestTablesAlignWideNames(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	jp := write("jp.red", ";redcode-94\n;name 日本語の戦士\n;author 作者\n;assert 1\nmov 0, 1\nend\n")
	km := write("km.red", ";redcode-94\n;name Ka\u0308sekuchen\n;author 🐉 Drache\n;assert 1\nadd #4, 3\nmov 2, @2\njmp -2\ndat #0, #0\nend\n")
	dwarf := samples + "dwarf.red"
	wall, err := os.ReadFile("../../robots/wall.rob")
	if err != nil {
		t.Fatal(err)
	}
	jpRob := write("jp.rob", strings.Replace(string(wall), "\nName Wall\n", "\nName 戦士 日本\n", 1))
	virus := "../../robots/virus.rob"

	hillFile := filepath.Join(dir, "wide.hill")
	mustHill(t, "create", hillFile, "-game", "core", "-lang", "redcode", "-rounds", "2", "-seed", "1")
	mustHill(t, "add", hillFile, jp, km, dwarf)

	run := func(main func([]string, *bytes.Buffer, *bytes.Buffer) int, args ...string) func(*testing.T) string {
		return func(t *testing.T) string {
			var out, errb bytes.Buffer
			if code := main(args, &out, &errb); code != 0 {
				t.Fatalf("%v: exit %d\n%s%s", args, code, out.String(), errb.String())
			}
			return out.String()
		}
	}
	core := func(args []string, out, errb *bytes.Buffer) int { return coreMain(args, out, errb) }
	battle := func(args []string, out, errb *bytes.Buffer) int { return battleMain(args, out, errb) }
	tournament := func(args []string, out, errb *bytes.Buffer) int { return tournamentMain(args, out, errb) }
	hill := func(args []string, out, errb *bytes.Buffer) int { return hillMain(args, out, errb) }
	for _, c := range []struct {
		name  string
		out   func(*testing.T) string
		head  string // the start of the table's head line (each such table is checked)
		rows  int
		align termtext.Align
	}{
		{"core rounds and totals", run(core, "-rounds", "2", "-seed", "1", jp, km, dwarf), "  #  program  ", 3, termtext.AlignLeft},
		{"core tournament", run(tournament, "-rounds", "1", "-seed", "1", jp, km, dwarf), "  rank  points  ", 3, termtext.AlignRight},
		{"battle round", run(battle, "-seed", "1", "-opt", "timeout=500", jpRob, virus), "  rank  program  ", 2, termtext.AlignLeft},
		{"battle totals", run(battle, "-seed", "1", "-opt", "timeout=500", jpRob, virus), "  program  ", 2, termtext.AlignLeft},
		{"tournament", run(tournament, "-rounds", "1", "-seed", "1", "-opt", "timeout=500", jpRob, virus), "  rank  points  ", 2, termtext.AlignRight},
		{"hill show", run(hill, "show", hillFile), "  #  score  ", 3, termtext.AlignRight},
		{"hill show -all", run(hill, "show", hillFile, "-all"), "#  program  ", 3, termtext.AlignLeft},
		{"hill show -program", run(hill, "show", hillFile, "-program", "Dwarf"), "  wins  ", 2, termtext.AlignRight},
		{"hill show -pairing", run(hill, "show", hillFile, "-pairing", "#1", "#2"), "  round  ", 2, termtext.AlignRight},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := c.out(t)
			lines := strings.Split(out, "\n")
			tables, wide := 0, 0
			for i, head := range lines {
				if !strings.HasPrefix(head, c.head) || i+c.rows >= len(lines) {
					continue
				}
				tables++
				for _, row := range lines[i+1 : i+1+c.rows] {
					if termtext.Width(row) != utf8.RuneCountInString(row) {
						wide++
					}
					if err := linedUp(head, row, c.align); err != "" {
						t.Errorf("%s\n%s", err, out)
					}
				}
			}
			if tables == 0 || wide == 0 {
				t.Fatalf("no table headed %q with a row whose width is not its count of characters:\n%s", c.head, out)
			}
		})
	}
}

// TestHillShowClipsWideNames: the standings clip a name to 40 terminal columns, not 40
// characters, which in Japanese took 80.
func TestHillShowClipsWideNames(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "wide.hill")
	mustHill(t, "create", h, "-game", "core", "-lang", "redcode", "-rounds", "1", "-seed", "1")
	f := filepath.Join(dir, "w.red")
	os.WriteFile(f, []byte(";name "+strings.Repeat("戦", 30)+"\n;author 作者\nmov 0, 1\n"), 0o644)
	mustHill(t, "add", h, f, samples+"dwarf.red")
	out := mustHill(t, "show", h)
	if want := "  " + strings.Repeat("戦", 19) + "…  "; !strings.Contains(out, want) {
		t.Errorf("the name is not clipped to %q (40 columns):\n%s", want, out)
	}
}

// linedUp says how row is off the columns of its table's head on a terminal ("" if it is
// not): the head's cells, split where 2 or more spaces stand, start (left aligned) or end
// (right aligned) at terminal columns where one of the row's cells must start or end too.
func linedUp(head, row string, align termtext.Align) string {
	h, r := screen(head), screen(row)
	at := func(s []rune, i int) rune {
		if i < 0 || i >= len(s) {
			return ' '
		}
		return s[i]
	}
	for i := range len(h) + 1 {
		var edge, ok bool
		if align == termtext.AlignLeft {
			// a cell of the head starts at i: the row's one must too
			edge = at(h, i) != ' ' && at(h, i-1) == ' ' && at(h, i-2) == ' '
			ok = at(r, i) != ' ' && at(r, i-1) == ' ' && at(r, i-2) == ' '
		} else {
			// a cell of the head ends at i: the row's one must too
			edge = at(h, i-1) != ' ' && at(h, i) == ' ' && at(h, i+1) == ' ' || i == len(h)
			ok = at(r, i-1) != ' ' && at(r, i) == ' '
		}
		if edge && !ok {
			return fmt.Sprintf("%q: no cell %s at column %d, as in %q", row, map[bool]string{true: "starts", false: "ends"}[align == termtext.AlignLeft], i, head)
		}
	}
	return ""
}

// screen is line as a terminal shows it, one element a column: a wide character fills two
// (it stands in both), a combining mark none.
func screen(line string) []rune {
	var s []rune
	for _, c := range line {
		for range termtext.Width(string(c)) {
			s = append(s, c)
		}
	}
	return s
}
