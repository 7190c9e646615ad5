package main

// KOTH-style standings for robocom hill show and the reports of add, play and import: rank,
// score, %W/%L/%T, name, author and age, as koth.org's hills list them; on a Core War hill the
// score is KOTH's (points per 100 rounds) beside the raw points. hill show -json is the
// tournament's JSON with these as extra fields of each program.

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"robocom/internal/hill"
	"robocom/internal/termtext"
)

// kothJSON is what the hill adds to each program of the tournament's JSON.
type kothJSON struct {
	ID        int64   `json:"id"`
	Version   int     `json:"version"`
	Author    string  `json:"author"`
	Age       int     `json:"age"`
	Score     float64 `json:"score"`      // RoboCom: the points; Core War: KOTH's, points per 100 rounds
	PctWins   float64 `json:"pct_wins"`   // of the rounds the program played
	PctLosses float64 `json:"pct_losses"` //
	PctTies   float64 `json:"pct_ties"`   //
}

// kothRow is one line of the table: the hill's fields and what the table shows besides.
type kothRow struct {
	kothJSON
	name   string
	points int
}

// round2 keeps two decimals, so that JSON shows 152.13 rather than 152.13333333333333.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

func isCoreHill(h *hill.Hill) bool { _, core := hillRules(h.Config()); return core != nil }

// kothRows are the standings' programs in ranked order: by score (ties by the standings'
// ranking).
func kothRows(h *hill.Hill, st *hill.Standings) []kothRow {
	core := isCoreHill(h)
	var rows []kothRow
	for _, i := range st.Tally.Ranking() {
		p, r := st.Programs[i], st.Records[i]
		row := kothRow{kothJSON: kothJSON{ID: p.ID, Version: p.Version, Author: p.Author, Age: st.Age(i)}, name: p.Name,
			points: 3*r.Wins + r.Ties}
		if n := r.Rounds(); n > 0 {
			row.PctWins = round2(100 * float64(r.Wins) / float64(n))
			row.PctLosses = round2(100 * float64(r.Losses) / float64(n))
			row.PctTies = round2(100 * float64(r.Ties) / float64(n))
			if core {
				row.Score = round2(100 * float64(row.points) / float64(n))
			}
		}
		if !core {
			row.Score = float64(row.points)
		}
		rows = append(rows, row)
	}
	if core {
		// The table ranks by the score it prints. Points rank the same once every pairing is
		// in (each program has played as many rounds); while some are missing (an add or play
		// interrupted, or going on) they do not: 100 points of 100 rounds outrank 150 of 300.
		slices.SortStableFunc(rows, func(a, b kothRow) int { return cmp.Compare(b.Score, a.Score) })
	}
	return rows
}

// printKoth prints the table, marking the program at index mark (-1: none).
func printKoth(w io.Writer, h *hill.Hill, st *hill.Standings, mark int64) {
	core := isCoreHill(h)
	tw := termtext.NewTable(w, termtext.AlignRight)
	if core {
		fmt.Fprintf(tw, "#\tscore\tpoints\t%%W/ %%L/ %%T\t  name\t  author\tage\t\n")
	} else {
		fmt.Fprintf(tw, "#\tscore\t%%W/ %%L/ %%T\t  name\t  author\tage\t\n")
	}
	rows := kothRows(h, st)
	// Rows whose names look alike in the table are told apart by their numbers: names clipped
	// alike, names that differ only in spaces around them ("Phq" and "Phq "), or a hill from
	// before versions.
	looks := func(name string) string { return strings.TrimSpace(clipCell(termtext.Escape(name))) }
	names := map[string]int{}
	for _, r := range rows {
		names[looks(r.name)]++
	}
	for i, r := range rows {
		name := clipCell(termtext.Escape(r.name))
		if names[looks(r.name)] > 1 {
			name = fmt.Sprintf("%s #%d", name, r.ID)
		}
		off := ""
		if r.ID == mark {
			off = "  <- pushed off"
		}
		wlt := fmt.Sprintf("%3.0f/%3.0f/%3.0f", r.PctWins, r.PctLosses, r.PctTies)
		if core {
			fmt.Fprintf(tw, "%d\t%.1f\t%d\t%s\t  %s\t  %s\t%d\t%s\n", i+1, r.Score, r.points, wlt, name, clipCell(termtext.Escape(r.Author)), r.Age, off)
		} else {
			fmt.Fprintf(tw, "%d\t%d\t%s\t  %s\t  %s\t%d\t%s\n", i+1, r.points, wlt, name, clipCell(termtext.Escape(r.Author)), r.Age, off)
		}
	}
	tw.Flush()
}

// maxCell is the most columns of a name or author the table shows: one warrior named with
// 300 characters widened every row of the table past any terminal. The JSON, -all and
// -program show the whole name.
const maxCell = 40

// clipCell is s cut to maxCell columns (termtext.Clip), the last of them "…" when it was wider.
func clipCell(s string) string { return termtext.Clip(s, maxCell) }

// hillShowJSON is the tournament's JSON of the standings with the hill's fields added at the
// end of each program, the tournament's fields keeping their order and values.
func hillShowJSON(h *hill.Hill, st *hill.Standings) []byte {
	base, _ := json.Marshal(hillJSON(h, st))
	extra := map[int]kothJSON{}
	for i, r := range kothRows(h, st) {
		extra[st.Tally.Ranking()[i]] = r.kothJSON
	}
	dec := json.NewDecoder(bytes.NewReader(base))
	dec.Token() // {
	var out bytes.Buffer
	out.WriteByte('{')
	for first := true; dec.More(); first = false {
		key, _ := dec.Token()
		var val json.RawMessage
		dec.Decode(&val)
		if !first {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		out.Write(k)
		out.WriteByte(':')
		if key != "programs" {
			out.Write(val)
			continue
		}
		var progs []json.RawMessage
		json.Unmarshal(val, &progs)
		out.WriteByte('[')
		for j, p := range progs {
			if j > 0 {
				out.WriteByte(',')
			}
			var idx struct{ Index int }
			json.Unmarshal(p, &idx)
			more, _ := json.Marshal(extra[idx.Index])
			out.Write(p[:len(p)-1])
			out.WriteByte(',')
			out.Write(more[1:])
		}
		out.WriteByte(']')
	}
	out.WriteByte('}')
	var ind bytes.Buffer
	json.Indent(&ind, out.Bytes(), "", "  ")
	ind.WriteByte('\n')
	return ind.Bytes()
}

// activity says which pairings are missing and why: another process is playing them, or no
// one is (an interrupted add or play, or add -noplay).
func printActivity(w io.Writer, h *hill.Hill, total int) {
	playing, left, err := h.Activity()
	if err != nil {
		return
	}
	if playing > 0 {
		fmt.Fprintf(w, "%s being played by another process (robocom hill add or play): the standings leave them out until it stores them\n",
			termtext.CountNoun(playing, "pairing"))
	}
	switch {
	case left > 0 && h.PastLimits() != nil:
		fmt.Fprintf(w, "%s of %d not played, and they cannot be: %v\n", termtext.CountNoun(left, "pairing"), total, h.PastLimits())
	case left > 0:
		fmt.Fprintf(w, "%s of %d not played (an add or play was interrupted, or add -noplay): robocom hill play %s plays them; the standings leave them out\n",
			termtext.CountNoun(left, "pairing"), total, termtext.Escape(h.Path()))
	}
}

// playPending plays every missing pairing no other process is playing, claiming each first,
// then waits for the pairings others are playing, and pushes the last off a full hill. It
// reports only its own work, its line ending with what: what the pairings were, where the
// command has more to say than "played". Ctrl-C stops it between bouts; the pairings finished
// are stored and its claims given up.
func playPending(h *hill.Hill, cmd, what string, info, stderr io.Writer, quiet bool) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "robocom hill %s: %v\n", cmd, err)
		return 1
	}
	owner := hill.NewOwner()
	ctx, interrupted := onInterrupt()
	defer interrupted.stop()
	stopBeat := h.Beating(owner)
	defer func() {
		stopBeat()
		h.Release(owner)
	}()
	stopped := func() int {
		fmt.Fprintf(stderr, "robocom hill %s: interrupted; the pairings finished are stored, robocom hill play %s plays the rest\n", cmd, termtext.Escape(h.Path()))
		return interrupted.status()
	}
	played, boutsPlayed, waited := 0, 0, false
	for {
		c, err := h.Claim(ctx, owner)
		if ctx.Err() != nil { // (while it waited for another command's lock)
			return stopped()
		}
		if err != nil {
			return fail(err)
		}
		if n := len(c.Plan.Pairings); n > 0 {
			prog := newProgress(stderr, quiet, "bouts", c.Plan.Bouts())
			err = h.Play(ctx, &c.Pending, 0, c.Plan.Bouts(), 0, func() { prog.step() })
			prog.finish()
			if ctx.Err() != nil {
				return stopped()
			}
			if err != nil {
				return fail(err)
			}
			played, boutsPlayed = played+n, boutsPlayed+c.Plan.Bouts()
			continue
		}
		if c.Elsewhere == 0 {
			break
		}
		if !waited {
			fmt.Fprintf(info, "waiting for %s another process is playing\n", termtext.CountNoun(c.Elsewhere, "pairing"))
			waited = true
		}
		select {
		case <-ctx.Done():
			fmt.Fprintf(stderr, "robocom hill %s: interrupted while waiting for another process's pairings\n", cmd)
			return interrupted.status()
		case <-time.After(300 * time.Millisecond):
		}
	}
	if played > 0 {
		fmt.Fprintf(info, "played %s (%s)%s\n", termtext.CountNoun(played, "pairing"), termtext.CountNoun(boutsPlayed, "bout"), what)
	}
	off, err := h.Trim()
	printPushOffs(info, h, off)
	if err != nil {
		return fail(err)
	}
	return 0
}

// printPushOffs prints each program pushed off with the table it fell from.
func printPushOffs(w io.Writer, h *hill.Hill, off []hill.PushOff) {
	for _, p := range off {
		fmt.Fprintf(w, "\npushed off: %s (#%d), last of %d on a hill of at most %d:\n", termtext.Escape(p.Name), p.ID, len(p.From.Programs), h.Config().Size)
		printKoth(w, h, p.From, p.ID)
	}
}
