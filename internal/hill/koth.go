package hill

import (
	"database/sql"
	"strings"
)

// What koth.org's hills show besides the game's points: each program's share of rounds won,
// lost and tied, and its age.

// WLT counts a program's rounds: won, lost, tied.
type WLT struct{ Wins, Losses, Ties int }

func (r *WLT) add(w, l, t int) { r.Wins, r.Losses, r.Ties = r.Wins+w, r.Losses+l, r.Ties+t }

// Rounds is how many rounds the program played.
func (r WLT) Rounds() int { return r.Wins + r.Losses + r.Ties }

// Age is KOTH's age of resident i: how many programs have joined the hill since it did. A
// program joins when its pairings are all stored and the hill has pushed off what it must
// without pushing it off; one pushed off at once never joined and ages no one. Until it joins
// (or on a format 1 hill read as it is) its age is 0.
func (st *Standings) Age(i int) int {
	if e := st.Programs[i].Entered; e > 0 {
		return int(st.Entries - e)
	}
	return 0
}

// enter lets the residents that have not joined join, in the order added: the hill is full
// no more and every pairing is stored (Trim's last step).
func (h *Hill) enter(tx *sql.Tx, st *Standings) error {
	entries := st.Entries
	for _, p := range st.Programs {
		if p.Entered > 0 {
			continue
		}
		entries++
		if _, err := tx.Exec(`UPDATE program SET entered = ? WHERE id = ?`, entries, p.ID); err != nil {
			return err
		}
	}
	if entries == st.Entries {
		return nil
	}
	_, err := tx.Exec(`UPDATE hill SET entries = ? WHERE id = 1`, entries)
	return err
}

// Settled are the standings of the residents without the newcomers another process is still
// playing (not joined, some pairing missing): what a report shows, so that it never shows
// more programs than the hill holds. Unsettled is how many it left out.
func (h *Hill) Settled() (st *Standings, unsettled int, err error) {
	ps, err := h.Programs(false)
	if err != nil {
		return nil, 0, err
	}
	missing, err := h.missing()
	if err != nil {
		return nil, 0, err
	}
	incomplete := map[int64]bool{}
	for _, k := range missing {
		incomplete[k.A], incomplete[k.B] = true, true
	}
	var keep []Program
	for _, p := range ps {
		if p.Entered == 0 && incomplete[p.ID] && h.format >= 2 {
			continue
		}
		keep = append(keep, p)
	}
	st, err = h.standingsOf(keep)
	return st, len(ps) - len(keep), err
}

// findVersion is the program a name, file or #ID names, on the hill or not; a name that
// versions of one program share names the version on the hill, else the latest.
func (h *Hill) findVersion(name string) (Program, error) {
	p, err := h.Find(name, true)
	if err == nil {
		return p, nil
	}
	vs, verr := h.Versions(name)
	if verr != nil || len(vs) < 2 {
		return p, err
	}
	for _, v := range vs {
		if v.OnHill {
			return v, nil
		}
	}
	return vs[len(vs)-1], nil
}

// Versions are the stored programs of a name, in the order added.
func (h *Hill) Versions(name string) ([]Program, error) {
	ps, err := h.Programs(true)
	if err != nil {
		return nil, err
	}
	var out, trimmed []Program
	for _, p := range ps {
		switch {
		case p.Name == name:
			out = append(out, p)
		case strings.TrimSpace(p.Name) == strings.TrimSpace(name):
			trimmed = append(trimmed, p) // as Find: the name the standings show
		}
	}
	if len(out) == 0 {
		out = trimmed
	}
	return out, nil
}
