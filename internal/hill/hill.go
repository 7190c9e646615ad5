// Package hill keeps a hill: a standing set of programs in one file, an SQLite database,
// where every newcomer plays every resident, every round's result is stored, and the
// standings are computed from the stored results without playing again. A hill holds RoboCom
// programs with an option set, or Core War programs of one language with its parameters: the
// games reach it through Game, which arena (RoboCom) and corewars/play (Core War) implement, so
// this package knows neither.
//
// Each pairing is played as `robocom tournament` plays it: the program added earlier first,
// round k with the hill's seed + k − 1. So the standings of a hill equal the tournament of its
// programs in the order they were added.
//
// The database is the only state. Writes are SQLite transactions in WAL mode: each pairing's
// rounds are stored in one transaction, so a process killed at any moment loses at most the
// pairings it was playing, and the next Play plays them. Several processes may open one hill;
// a writer waits up to BusyTimeout for another's transaction to end.
package hill

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go

	"robocom/internal/bouts"
)

// Game is one game with its rules, as a hill plays it: arena.HillGame (RoboCom and an option
// set) and play.HillGame (a core language and its parameters). Every method's types are
// internal/bouts's or Go's, so the games implement it without importing this package.
type Game interface {
	// Name is the game's name in the hill file and in parts: "robocom" or "core".
	Name() string
	// Rules are the rules as the hill row stores them, in its options, language and params
	// columns (a game leaves the ones it does not use as the other game's defaults: "", "{}").
	Rules() (options, language, params string, err error)
	// Check says in a sentence why the rules cannot be played, or nil.
	Check() error
	// Load parses a program for this game and returns its name; errors are file:line:col
	// sentences.
	Load(file string, src []byte) (name string, err error)
	// Player loads the programs (their stored names replace the ones they declare) and
	// returns what plays the plan's bouts among them, the code `robocom tournament` runs.
	Player(programs []bouts.Entry, plan bouts.Plan, workers int) (bouts.PlayFunc, error)
	// Tally is the empty standings of the plan among the programs (Source unused), scored as
	// the game's tournament scores them.
	Tally(programs []bouts.Entry, seed int64, plan bouts.Plan) bouts.Tally
}

// Decoder makes a Game from the rules a hill row stores; Open takes one per game name, so
// the command that opens a hill decides which games it knows.
type Decoder func(options, language, params string) (Game, error)

// BusyTimeout is how long a command waits for another command's write on the same hill.
const BusyTimeout = 60 * time.Second

// formatVersion is the schema's version, kept in the hill row; a hill of another version is
// refused rather than misread.
const formatVersion = 1

// Config is a hill's game and rules, fixed when it is created.
type Config struct {
	Game   Game
	Rounds int   // rounds (bouts) per pairing
	Size   int   // most programs on the hill; 0: no limit
	Seed   int64 // round k of every pairing plays with Seed + k − 1
}

// Program is a program stored in the hill, on it or pushed off.
type Program struct {
	ID     int64  // order of addition: a lower ID was added earlier
	Name   string // the program's name (its Name line, or the file name)
	File   string // the file as given to Add
	SHA256 string // of the file's bytes (an RBI file as is)
	Added  time.Time
	OnHill bool
	Source []byte // the file's bytes (only where a program is loaded for playing: Pending)
}

// Hill is an open hill file.
type Hill struct {
	db    *sql.DB
	cfg   Config
	path  string
	games map[string]Decoder
}

const schema = `
CREATE TABLE hill (
	id       INTEGER PRIMARY KEY CHECK (id = 1),
	format   INTEGER NOT NULL,
	game     TEXT NOT NULL,
	rounds   INTEGER NOT NULL,
	size     INTEGER NOT NULL,
	seed     INTEGER NOT NULL,
	options  TEXT NOT NULL,    -- RoboCom: the option set as "key = value" lines
	language TEXT NOT NULL,    -- Core War: redcode, cw or vna
	params   TEXT NOT NULL,    -- Core War: play.Params as JSON
	created  INTEGER NOT NULL  -- Unix seconds
);
CREATE TABLE program (
	id      INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: the order of addition
	name    TEXT NOT NULL,
	file    TEXT NOT NULL,
	sha256  TEXT NOT NULL UNIQUE,
	source  BLOB NOT NULL,
	added   INTEGER NOT NULL,
	removed INTEGER            -- NULL while on the hill; kept afterwards with its results
);
-- One row per round played. a was added before b and played first; winner is 0 (a), 1 (b)
-- or -1 (a draw). A pairing's rounds are written in one transaction: a pairing is complete
-- when it has a row for each round, and otherwise absent.
CREATE TABLE bout (
	a      INTEGER NOT NULL REFERENCES program(id),
	b      INTEGER NOT NULL REFERENCES program(id),
	round  INTEGER NOT NULL,
	seed   INTEGER NOT NULL,
	winner INTEGER NOT NULL CHECK (winner IN (-1, 0, 1)),
	cycles INTEGER NOT NULL,
	PRIMARY KEY (a, b, round),
	CHECK (a < b)
) WITHOUT ROWID;
CREATE INDEX bout_b ON bout (b);
`

func open(path string) (*sql.DB, error) {
	// WAL: readers never block the writer; busy_timeout: a second writer waits; IMMEDIATE
	// transactions take the write lock at BEGIN, so two writers never deadlock on an upgrade.
	dsn := "file:" + path + "?_txlock=immediate" +
		fmt.Sprintf("&_pragma=busy_timeout(%d)", BusyTimeout.Milliseconds()) +
		"&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	return db, nil
}

// Create makes a new hill file; it refuses a path that exists.
func Create(path string, cfg Config) error {
	if err := cfg.check(); err != nil {
		return err
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists already; a hill is created once (remove the file to start again)", path)
	}
	// The schema goes into a temporary file that is renamed into place, so that a hill file
	// either does not exist or is complete.
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("cannot create %s: %v", path, err)
	}
	tmp.Chmod(0o644) // CreateTemp makes it 0600; a hill is a file like any other
	tmp.Close()
	defer os.Remove(tmp.Name())
	db, err := sql.Open("sqlite", "file:"+tmp.Name()+"?_pragma=journal_mode(DELETE)")
	if err != nil {
		return err
	}
	opts, lang, params, err := cfg.Game.Rules()
	if err != nil {
		db.Close()
		return err
	}
	_, err = db.Exec(schema)
	if err == nil {
		_, err = db.Exec(`INSERT INTO hill VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, formatVersion, cfg.Game.Name(),
			cfg.Rounds, cfg.Size, cfg.Seed, opts, lang, params, time.Now().Unix())
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot create %s: %v", path, err)
	}
	// Link, not rename: it fails if someone created the path meanwhile instead of replacing it.
	if err := os.Link(tmp.Name(), path); err != nil {
		if os.IsExist(err) {
			return fmt.Errorf("%s exists already; a hill is created once (remove the file to start again)", path)
		}
		return fmt.Errorf("cannot create %s: %v", path, err)
	}
	return nil
}

func (c *Config) check() error {
	switch {
	case c.Game == nil:
		return errors.New("a hill needs a game: robocom or core")
	case c.Rounds < 1:
		return fmt.Errorf("-rounds must be at least 1, not %d", c.Rounds)
	case c.Size < 0:
		return fmt.Errorf("-size must be 0 (no limit) or more, not %d", c.Size)
	case c.Size == 1:
		return errors.New("-size 1 leaves no one to play against; at least 2 (0: no limit)")
	}
	return c.Game.Check()
}

// Open opens an existing hill; games decode its rules, by the game's name the file stores.
func Open(path string, games map[string]Decoder) (*Hill, error) {
	st, err := os.Stat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s does not exist (make it with robocom hill create)", path)
		}
		return nil, fmt.Errorf("cannot open %s: %v", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a hill file", path)
	}
	db, err := open(path)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %v", path, err)
	}
	h := &Hill{db: db, path: path, games: games}
	if err := h.readConfig(); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s is not a hill: %v", path, err)
	}
	return h, nil
}

func (h *Hill) readConfig() error {
	var (
		format                   int
		game, opts, lang, params string
	)
	c := &h.cfg
	err := h.db.QueryRow(`SELECT format, game, rounds, size, seed, options, language, params FROM hill WHERE id = 1`).
		Scan(&format, &game, &c.Rounds, &c.Size, &c.Seed, &opts, &lang, &params)
	if err != nil {
		if strings.Contains(err.Error(), "no such table") || strings.Contains(err.Error(), "not a database") {
			return errors.New("not a hill file")
		}
		return err
	}
	if format != formatVersion {
		return fmt.Errorf("hill format %d; this robocom reads format %d", format, formatVersion)
	}
	decode := h.games[game]
	if decode == nil {
		return fmt.Errorf("unknown game %q", game)
	}
	g, err := decode(opts, lang, params)
	if err != nil {
		return err
	}
	c.Game = g
	return c.check()
}

// Close closes the hill.
func (h *Hill) Close() error { return h.db.Close() }

// Config is the hill's game and rules.
func (h *Hill) Config() Config { return h.cfg }

// Path is the hill's file.
func (h *Hill) Path() string { return h.path }

// AddResult says what Add did with a program.
type AddResult struct {
	Program
	New      bool // stored for the first time
	Returned bool // it had been pushed off or removed, and is back with its old results
}

// Add stores a program on the hill (file names it; src is its bytes, an RBI file as is). The
// same bytes twice are one program: a resident is left as it is, a program pushed off earlier
// comes back with its stored results. It plays nothing: Play does.
func (h *Hill) Add(file string, src []byte) (AddResult, error) {
	name, err := h.cfg.Game.Load(file, src)
	if err != nil {
		return AddResult{}, err
	}
	sum := sha256.Sum256(src)
	hash := hex.EncodeToString(sum[:])
	var res AddResult
	err = h.write(func(tx *sql.Tx) error {
		var id int64
		var removed sql.NullInt64
		var oldName, oldFile string
		var added int64
		err := tx.QueryRow(`SELECT id, name, file, added, removed FROM program WHERE sha256 = ?`, hash).Scan(&id, &oldName, &oldFile, &added, &removed)
		switch {
		case err == sql.ErrNoRows:
			now := time.Now()
			r, err := tx.Exec(`INSERT INTO program (name, file, sha256, source, added) VALUES (?, ?, ?, ?, ?)`, name, file, hash, src, now.Unix())
			if err != nil {
				return err
			}
			id, _ = r.LastInsertId()
			res = AddResult{Program: Program{ID: id, Name: name, File: file, SHA256: hash, Added: now, OnHill: true}, New: true}
		case err != nil:
			return err
		default:
			if removed.Valid {
				if _, err := tx.Exec(`UPDATE program SET removed = NULL WHERE id = ?`, id); err != nil {
					return err
				}
				res.Returned = true
			}
			res.Program = Program{ID: id, Name: oldName, File: oldFile, SHA256: hash, Added: time.Unix(added, 0), OnHill: true}
		}
		return nil
	})
	return res, err
}

// write runs f in one write transaction.
func (h *Hill) write(f func(*sql.Tx) error) error {
	tx, err := h.db.Begin()
	if err != nil {
		return h.busy(err)
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return h.busy(err)
	}
	return h.busy(tx.Commit())
}

// busy turns SQLite's "database is locked" into a sentence.
func (h *Hill) busy(err error) error {
	if err != nil && (strings.Contains(err.Error(), "SQLITE_BUSY") || strings.Contains(err.Error(), "database is locked")) {
		return fmt.Errorf("%s is busy: another command has been writing to it for over %v; try again when it is done", h.path, BusyTimeout)
	}
	return err
}

// Programs are the stored programs in the order they were added; with all false, only the
// residents.
func (h *Hill) Programs(all bool) ([]Program, error) {
	q := `SELECT id, name, file, sha256, added, removed IS NULL FROM program`
	if !all {
		q += ` WHERE removed IS NULL`
	}
	rows, err := h.db.Query(q + ` ORDER BY id`)
	if err != nil {
		return nil, h.busy(err)
	}
	defer rows.Close()
	var ps []Program
	for rows.Next() {
		var p Program
		var added int64
		if err := rows.Scan(&p.ID, &p.Name, &p.File, &p.SHA256, &added, &p.OnHill); err != nil {
			return nil, err
		}
		p.Added = time.Unix(added, 0)
		ps = append(ps, p)
	}
	return ps, rows.Err()
}

// Find is the program a name, file or #ID names, among the residents unless all. A name
// two programs share is refused with a sentence naming them.
func (h *Hill) Find(name string, all bool) (Program, error) {
	ps, err := h.Programs(all)
	if err != nil {
		return Program{}, err
	}
	var hits []Program
	for _, p := range ps {
		if fmt.Sprintf("#%d", p.ID) == name {
			return p, nil
		}
		if p.Name == name || p.File == name {
			hits = append(hits, p)
		}
	}
	switch len(hits) {
	case 0:
		where := "on the hill"
		if all {
			where = "in the hill"
		}
		return Program{}, fmt.Errorf("no program named %q %s", name, where)
	case 1:
		return hits[0], nil
	}
	var ids []string
	for _, p := range hits {
		ids = append(ids, fmt.Sprintf("#%d (%s)", p.ID, p.File))
	}
	return Program{}, fmt.Errorf("%d programs are named %q: name one by its number, %s", len(hits), name, strings.Join(ids, ", "))
}

// Remove takes a program off the hill; its results stay stored (Add brings it back).
func (h *Hill) Remove(name string) (Program, error) {
	p, err := h.Find(name, false)
	if err != nil {
		return p, err
	}
	err = h.write(func(tx *sql.Tx) error {
		_, err := tx.Exec(`UPDATE program SET removed = ? WHERE id = ? AND removed IS NULL`, time.Now().Unix(), p.ID)
		return err
	})
	p.OnHill = false
	return p, err
}

// loaded are the residents with their sources, each checked to load, in the order they were
// added.
func (h *Hill) loaded() ([]Program, error) {
	rows, err := h.db.Query(`SELECT id, name, file, sha256, added, source FROM program WHERE removed IS NULL ORDER BY id`)
	if err != nil {
		return nil, h.busy(err)
	}
	defer rows.Close()
	var ps []Program
	for rows.Next() {
		var p Program
		var added int64
		if err := rows.Scan(&p.ID, &p.Name, &p.File, &p.SHA256, &added, &p.Source); err != nil {
			return nil, err
		}
		p.Added, p.OnHill = time.Unix(added, 0), true
		if _, err := h.cfg.Game.Load(p.File, p.Source); err != nil {
			return nil, fmt.Errorf("stored program #%d no longer loads: %v", p.ID, err)
		}
		ps = append(ps, p)
	}
	return ps, rows.Err()
}

// pairKey is a pairing by program IDs, the earlier first.
type pairKey struct{ A, B int64 }

// complete returns the pairings among the residents that have all their rounds stored.
func (h *Hill) complete() (map[pairKey]bool, error) {
	rows, err := h.db.Query(`SELECT a, b, COUNT(*) FROM bout
		WHERE a IN (SELECT id FROM program WHERE removed IS NULL) AND b IN (SELECT id FROM program WHERE removed IS NULL)
		GROUP BY a, b`)
	if err != nil {
		return nil, h.busy(err)
	}
	defer rows.Close()
	done := map[pairKey]bool{}
	for rows.Next() {
		var k pairKey
		var n int
		if err := rows.Scan(&k.A, &k.B, &n); err != nil {
			return nil, err
		}
		if n == h.cfg.Rounds {
			done[k] = true
		}
	}
	return done, rows.Err()
}

// Pending is the work Play would do: the residents (in the order added) and, as a plan over
// their indexes, the pairings among them whose results are not all stored, in round-robin
// order. Every machine given the same hill file computes the same Pending.
type Pending struct {
	Programs []Program
	Plan     bouts.Plan
}

// Pending finds the missing pairings.
func (h *Hill) Pending() (*Pending, error) {
	ps, err := h.loaded()
	if err != nil {
		return nil, err
	}
	done, err := h.complete()
	if err != nil {
		return nil, err
	}
	pd := &Pending{Programs: ps, Plan: bouts.Plan{Rounds: h.cfg.Rounds}}
	for _, p := range bouts.RoundRobin(len(ps), h.cfg.Seed) {
		if !done[pairKey{ps[p.A].ID, ps[p.B].ID}] {
			pd.Plan.Pairings = append(pd.Plan.Pairings, p)
		}
	}
	return pd, nil
}

// entries are the programs as the games take them.
func entries(ps []Program) []bouts.Entry {
	es := make([]bouts.Entry, len(ps))
	for i, p := range ps {
		es[i] = bouts.Entry{Name: p.Name, File: p.File, Source: p.Source}
	}
	return es
}

// Player is how the pending bouts are played: the game's own tournament, the same code
// `robocom tournament` runs.
func (h *Hill) Player(pd *Pending, workers int) (bouts.PlayFunc, error) {
	return h.cfg.Game.Player(entries(pd.Programs), pd.Plan, workers)
}

// Play plays the bouts [from, to) of the pending plan and stores each pairing in its own
// transaction as soon as its last round is in. step, if set, is told after every bout. It
// stops between bouts when ctx is done (returning ctx's error): the pairings it completed are
// stored, the one in progress is not.
func (h *Hill) Play(ctx context.Context, pd *Pending, from, to, workers int, step func()) error {
	play, err := h.Player(pd, workers)
	if err != nil {
		return err
	}
	var cur []bouts.Result
	_, err = play(ctx, from, to, func(r bouts.Result) error {
		if step != nil {
			step()
		}
		cur = append(cur, r)
		if r.Round < pd.Plan.Rounds {
			return nil
		}
		rs := cur
		cur = cur[:0:0]
		return h.StorePairing(pd, rs)
	})
	return err
}

// StorePairing stores one pairing's rounds, all of them, in one transaction. A pairing whose
// rounds are stored already is left alone if they agree (another command played it too) and
// refused if they do not: a game is the same on every machine, so a difference means a bug
// or a changed program.
func (h *Hill) StorePairing(pd *Pending, rs []bouts.Result) error {
	if len(rs) != pd.Plan.Rounds {
		return fmt.Errorf("a pairing has %d rounds, not %d", len(rs), pd.Plan.Rounds)
	}
	a, b := pd.Programs[rs[0].A], pd.Programs[rs[0].B]
	return h.write(func(tx *sql.Tx) error {
		stored, err := tx.Query(`SELECT round, seed, winner FROM bout WHERE a = ? AND b = ?`, a.ID, b.ID)
		if err != nil {
			return err
		}
		old := map[int][2]int64{}
		for stored.Next() {
			var round int
			var seed, winner int64
			if err := stored.Scan(&round, &seed, &winner); err != nil {
				stored.Close()
				return err
			}
			old[round] = [2]int64{seed, winner}
		}
		stored.Close()
		ins, err := tx.Prepare(`INSERT OR REPLACE INTO bout (a, b, round, seed, winner, cycles) VALUES (?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer ins.Close()
		for _, r := range rs {
			if r.A != rs[0].A || r.B != rs[0].B {
				return errors.New("a pairing's rounds name other programs")
			}
			w := side(r)
			if o, ok := old[r.Round]; ok && len(old) == pd.Plan.Rounds {
				if o != [2]int64{r.Seed, int64(w)} {
					return fmt.Errorf("%s against %s, round %d: stored as %s, played now as %s; the hill's results are not reproducible",
						a.Name, b.Name, r.Round, describe(int(o[1])), describe(w))
				}
				continue
			}
			if _, err := ins.Exec(a.ID, b.ID, r.Round, r.Seed, w, r.Cycles); err != nil {
				return err
			}
		}
		return nil
	})
}

// side is the stored winner: 0 for A, 1 for B, -1 for a draw.
func side(r bouts.Result) int {
	switch r.Winner {
	case r.A:
		return 0
	case r.B:
		return 1
	}
	return -1
}

func describe(w int) string {
	switch w {
	case 0:
		return "a win of the first"
	case 1:
		return "a win of the second"
	}
	return "a draw"
}

// Standings are a hill's results: every pairing among the residents with all rounds stored,
// scored as the game's tournament scores them (Tally: arena.Standing or play.Result).
type Standings struct {
	Programs []Program // residents, in the order added (entry indexes)
	Plan     bouts.Plan
	Tally    bouts.Tally
	Missing  int // pairings not (all) stored yet
}

// Standings computes the standings from the stored rounds, playing nothing.
func (h *Hill) Standings() (*Standings, error) {
	ps, err := h.Programs(false)
	if err != nil {
		return nil, err
	}
	st := &Standings{Programs: ps, Plan: bouts.RoundRobinPlan(len(ps), h.cfg.Seed, h.cfg.Rounds)}
	index := map[int64]int{}
	for i, p := range ps {
		index[p.ID] = i
	}
	pairing := map[[2]int]int{}
	for i, p := range st.Plan.Pairings {
		pairing[[2]int{p.A, p.B}] = i
	}
	st.Tally = h.cfg.Game.Tally(entries(ps), h.cfg.Seed, st.Plan)
	// Per pairing, how many rounds each side won; a pairing counts once all its rounds are in.
	rows, err := h.db.Query(`SELECT a, b, winner, COUNT(*) FROM bout
		WHERE a IN (SELECT id FROM program WHERE removed IS NULL) AND b IN (SELECT id FROM program WHERE removed IS NULL)
		GROUP BY a, b, winner ORDER BY a, b`)
	if err != nil {
		return nil, h.busy(err)
	}
	defer rows.Close()
	type tally struct{ n [3]int }
	counts := map[[2]int]*tally{}
	for rows.Next() {
		var a, b int64
		var w, n int
		if err := rows.Scan(&a, &b, &w, &n); err != nil {
			return nil, err
		}
		k := [2]int{index[a], index[b]}
		if counts[k] == nil {
			counts[k] = &tally{}
		}
		counts[k].n[w+1] += n
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	keys := make([][2]int, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return pairing[keys[i]] < pairing[keys[j]] })
	complete := 0
	for _, k := range keys {
		c := counts[k]
		if c.n[0]+c.n[1]+c.n[2] != h.cfg.Rounds {
			continue
		}
		complete++
		pi := pairing[k]
		round := 1
		add := func(winner, n int) {
			for ; n > 0; n-- {
				r := bouts.Result{Pairing: pi, A: k[0], B: k[1], Round: round, Winner: winner}
				round++
				st.Tally.Add(r)
			}
		}
		add(k[0], c.n[1])
		add(k[1], c.n[2])
		add(-1, c.n[0])
	}
	st.Missing = len(st.Plan.Pairings) - complete
	return st, nil
}

// Last is the index (in Programs) of the program ranked last: the one a full hill pushes off.
// Ties go against the program added later (the ranking keeps entry order among equals).
func (st *Standings) Last() int {
	r := st.Tally.Ranking()
	return r[len(r)-1]
}

// Trim pushes the last-ranked programs off while the hill holds more than its size, but only
// when every pairing is stored (standings with gaps would push off the wrong program). It
// returns the programs pushed off.
func (h *Hill) Trim() ([]Program, error) {
	var off []Program
	for h.cfg.Size > 0 {
		st, err := h.Standings()
		if err != nil {
			return off, err
		}
		if len(st.Programs) <= h.cfg.Size || st.Missing > 0 {
			return off, nil
		}
		p := st.Programs[st.Last()]
		err = h.write(func(tx *sql.Tx) error {
			_, err := tx.Exec(`UPDATE program SET removed = ? WHERE id = ? AND removed IS NULL`, time.Now().Unix(), p.ID)
			return err
		})
		if err != nil {
			return off, err
		}
		p.OnHill = false
		off = append(off, p)
	}
	return off, nil
}

// Round is one stored round of a pairing.
type Round struct {
	Round  int   `json:"round"`
	Seed   int64 `json:"seed"`
	Winner int   `json:"winner"` // 0: the first program, 1: the second, -1: a draw
	Cycles int64 `json:"cycles"`
}

// Pairing returns the stored rounds of two programs (by name, file or #ID, on the hill or
// not), the one added earlier first.
func (h *Hill) Pairing(x, y string) (a, b Program, rounds []Round, err error) {
	if a, err = h.Find(x, true); err != nil {
		return
	}
	if b, err = h.Find(y, true); err != nil {
		return
	}
	if a.ID == b.ID {
		err = fmt.Errorf("%s and %s are the same program", x, y)
		return
	}
	if a.ID > b.ID {
		a, b = b, a
	}
	rows, err := h.db.Query(`SELECT round, seed, winner, cycles FROM bout WHERE a = ? AND b = ? ORDER BY round`, a.ID, b.ID)
	if err != nil {
		err = h.busy(err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var r Round
		if err = rows.Scan(&r.Round, &r.Seed, &r.Winner, &r.Cycles); err != nil {
			return
		}
		rounds = append(rounds, r)
	}
	err = rows.Err()
	return
}

// Record is how a program fared against one opponent: the rounds stored of their pairing.
type Record struct {
	Opponent          Program
	First             bool // the program played first (it was added before the opponent)
	Wins, Draws, Lost int
	Rounds            int // stored; fewer than the hill's rounds while the pairing is unfinished
}

// History is every stored pairing of one program (by name, file or #ID, on the hill or
// not), against residents and programs pushed off alike, in the order the opponents were added.
func (h *Hill) History(name string) (Program, []Record, error) {
	p, err := h.Find(name, true)
	if err != nil {
		return p, nil, err
	}
	all, err := h.Programs(true)
	if err != nil {
		return p, nil, err
	}
	byID := map[int64]Program{}
	for _, q := range all {
		byID[q.ID] = q
	}
	rows, err := h.db.Query(`SELECT a, b, winner, COUNT(*) FROM bout WHERE a = ? OR b = ? GROUP BY a, b, winner`, p.ID, p.ID)
	if err != nil {
		return p, nil, h.busy(err)
	}
	defer rows.Close()
	recs := map[int64]*Record{}
	for rows.Next() {
		var a, b int64
		var w, n int
		if err := rows.Scan(&a, &b, &w, &n); err != nil {
			return p, nil, err
		}
		opp, first := b, true
		if b == p.ID {
			opp, first = a, false
		}
		r := recs[opp]
		if r == nil {
			r = &Record{Opponent: byID[opp], First: first}
			recs[opp] = r
		}
		r.Rounds += n
		switch {
		case w == -1:
			r.Draws += n
		case (w == 0) == first:
			r.Wins += n
		default:
			r.Lost += n
		}
	}
	if err := rows.Err(); err != nil {
		return p, nil, err
	}
	var out []Record
	for _, q := range all {
		if r := recs[q.ID]; r != nil {
			out = append(out, *r)
		}
	}
	return p, out, nil
}
