package hill

import (
	"database/sql"
	"strings"
)

// migrateV2 is what format 2 adds to format 1: the KOTH counts (an author, a version and an
// entry number per program, the hill's count of entries) and the claims of pairings being
// played (claim.go). Create runs it after the format 1 schema, so a new hill and a migrated
// one have the same tables.
const migrateV2 = `
ALTER TABLE hill ADD COLUMN entries INTEGER NOT NULL DEFAULT 0; -- programs that have joined
ALTER TABLE program ADD COLUMN author TEXT NOT NULL DEFAULT '';
ALTER TABLE program ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE program ADD COLUMN entered INTEGER;                 -- hill.entries when it joined
-- A pairing a process is playing: owner names it (host, process id, a random token) and
-- heartbeat is when it last said it still plays (Unix milliseconds).
CREATE TABLE claim (
	a         INTEGER NOT NULL,
	b         INTEGER NOT NULL,
	owner     TEXT NOT NULL,
	heartbeat INTEGER NOT NULL,
	PRIMARY KEY (a, b)
) WITHOUT ROWID;
`

// carriesOver is a Game whose programs can make a pairing's rounds depend on one another
// (Core War: Redcode warriors that use p-space, whose rounds play in order, p-space kept).
type carriesOver interface {
	CarriesOver(file string, src []byte) bool
}

// migrate brings an older hill to formatVersion in one transaction. Format 2: authors from
// the stored sources, versions numbered by name in the order added, and the residents entered
// in that order (so their ages count the residents added after them). Format 3: the results
// of pairings with a program whose rounds carry over (p-space) are dropped, since formats 1
// and 2 played every round of them from empty p-space; they are missing then, and the next
// add or play plays them again, as pMARS plays them. A hill that cannot be written (a
// read-only file or mount) stays as it is and is read so.
func (h *Hill) migrate() error {
	if h.format >= formatVersion || h.readOnly {
		return nil
	}
	err := h.write(func(tx *sql.Tx) error {
		var format int
		if err := tx.QueryRow(`SELECT format FROM hill WHERE id = 1`).Scan(&format); err != nil {
			return err
		}
		if format >= formatVersion { // another process migrated it meanwhile
			return nil
		}
		if format < 2 {
			if err := h.migrateToV2(tx); err != nil {
				return err
			}
		}
		if err := h.replayCarryOver(tx); err != nil {
			return err
		}
		_, err := tx.Exec(`UPDATE hill SET format = ? WHERE id = 1`, formatVersion)
		return err
	})
	if err != nil && strings.Contains(err.Error(), "readonly") {
		return nil
	}
	if err == nil {
		h.format = formatVersion
	}
	return err
}

// replayCarryOver drops the results of every pairing with a program whose rounds carry over
// (format 3), so that they are played again.
func (h *Hill) replayCarryOver(tx *sql.Tx) error {
	co, ok := h.cfg.Game.(carriesOver)
	if !ok {
		return nil
	}
	rows, err := tx.Query(`SELECT id, file, source FROM program ORDER BY id`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		var file string
		var src []byte
		if err := rows.Scan(&id, &file, &src); err != nil {
			rows.Close()
			return err
		}
		if co.CarriesOver(file, src) {
			ids = append(ids, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.Exec(`DELETE FROM bout WHERE a = ? OR b = ?`, id, id); err != nil {
			return err
		}
	}
	return nil
}

// migrateToV2 is format 2's part of migrate.
func (h *Hill) migrateToV2(tx *sql.Tx) error {
	if _, err := tx.Exec(migrateV2); err != nil {
		return err
	}
	rows, err := tx.Query(`SELECT id, name, file, source, removed IS NULL FROM program ORDER BY id`)
	if err != nil {
		return err
	}
	type prog struct {
		id     int64
		name   string
		author string
		onHill bool
	}
	var ps []prog
	for rows.Next() {
		var p prog
		var file string
		var src []byte
		if err := rows.Scan(&p.id, &p.name, &file, &src, &p.onHill); err != nil {
			rows.Close()
			return err
		}
		_, p.author, _, _ = h.cfg.Game.Load(file, src) // a program that no longer loads keeps no author
		ps = append(ps, p)
	}
	rows.Close()
	versions := map[string]int{}
	entries := 0
	for _, p := range ps {
		versions[p.name]++
		var entered any
		if p.onHill {
			entries++
			entered = entries
		}
		if _, err := tx.Exec(`UPDATE program SET author = ?, version = ?, entered = ? WHERE id = ?`, p.author, versions[p.name], entered, p.id); err != nil {
			return err
		}
	}
	_, err = tx.Exec(`UPDATE hill SET format = 2, entries = ? WHERE id = 1`, entries)
	return err
}

// kothColumns are the program columns format 2 added, as a select list that a format 1 file
// (read as it is) answers with their defaults.
func (h *Hill) kothColumns() string {
	if h.format >= 2 {
		return "author, version, COALESCE(entered, 0)"
	}
	return "'', 1, 0"
}

// checkV2 refuses a format 2 file whose added columns or claims hold values of the wrong type
// or size, as readConfig does for the rest.
func (h *Hill) checkV2() error {
	if h.format < 2 {
		return nil
	}
	var id int64
	err := h.db.QueryRow(`SELECT id FROM program WHERE typeof(author) != 'text' OR length(author) > ?
		OR typeof(version) != 'integer' OR version < 1 OR typeof(entered) NOT IN ('integer', 'null') LIMIT 1`, maxText).Scan(&id)
	switch {
	case err == nil:
		return notAHill("program row #%d is damaged: a value of the wrong type or size", id)
	case err != sql.ErrNoRows:
		return h.classify(err)
	}
	var entries any
	if err := h.db.QueryRow(`SELECT entries FROM hill WHERE id = 1`).Scan(&entries); err != nil {
		return h.classify(err)
	}
	if _, ok := entries.(int64); !ok {
		return notAHill("its count of programs that joined is damaged")
	}
	var a int64
	err = h.db.QueryRow(`SELECT a FROM claim WHERE typeof(a) != 'integer' OR typeof(b) != 'integer'
		OR typeof(owner) != 'text' OR length(owner) > ? OR typeof(heartbeat) != 'integer' LIMIT 1`, maxText).Scan(&a)
	switch {
	case err == nil:
		return notAHill("a claim of program #%v is damaged", a)
	case err != sql.ErrNoRows:
		return h.classify(err)
	}
	return nil
}
