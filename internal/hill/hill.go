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
// a writer waits up to BusyTimeout for another's transaction to end. OpenRead reads a hill
// without writing anything (read-only, or immutable where no lock file can be made), and a
// hill file is checked on opening like any untrusted input.
package hill

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
	sqlite3 "modernc.org/sqlite/lib"

	"robocom/internal/bouts"
	"robocom/internal/termtext"
	"robocom/internal/userfile"
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
	// Load parses a program for this game and returns its name and author (as the program
	// gives it; "" where the language has none); errors are file:line:col sentences. warnings
	// are what the assembler warned of in a program that loads all the same (Redcode's, as
	// pMARS warns), in the errors' form, nil when there are none.
	Load(file string, src []byte) (name, author string, warnings, err error)
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

// BusyTimeout is how long a command waits for another command's write on the same hill (a
// variable: a test lowers it).
var BusyTimeout = 60 * time.Second

// formatVersion is the schema's version, kept in the hill row; a hill of a newer version is
// refused rather than misread, an older one is brought up to date when opened for writing
// (migrate.go) and read as it is otherwise.
const formatVersion = 3

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

	Author  string // as the program gives it ("" where its language has no author line)
	Version int    // 1 for the first program of its name, then one more for each new version
	Entered int64  // the hill's entry count when it joined (see Standings.Age); 0: not yet
}

// Hill is an open hill file.
type Hill struct {
	db       *sql.DB
	cfg      Config
	path     string
	games    map[string]Decoder
	readOnly bool
	// format is the file's schema version: formatVersion, or 1 for a file read as it is.
	format int
	// pastLimits, when set, says why nothing can be played on the hill: its rules were made
	// before a limit of its game's engine (see pastLimits in readConfig).
	pastLimits error
	// file is the file opened, which write checks is still the one at abs: path made
	// absolute when opened, as SQLite opens it (fileURI), so that a change of the working
	// folder does not read as a move.
	file os.FileInfo
	abs  string
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

// fileURI is the SQLite URI of a file path: every byte but the unreserved ones and '/' is
// percent-escaped, so that '?', '#', '%' and the rest name the file itself and never start
// the query (the driver cuts the name at the first '?') or a fragment (SQLite's URI parser).
func fileURI(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs // also keeps a relative "//x" from reading as an authority
	}
	var b strings.Builder
	b.WriteString("file:")
	for i := 0; i < len(path); i++ {
		c := path[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("/-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// access is how a hill file is opened.
type access int

const (
	readWrite access = iota // mode=rw: never creates the file
	readOnly                // mode=ro, query_only: works with other readers and writers
	immutable               // immutable=1: no lock files at all, for a folder or mount that is read-only
)

func open(path string, a access) (*sql.DB, error) {
	// busy_timeout: a second writer waits; IMMEDIATE transactions take the write lock at
	// BEGIN, so two writers never deadlock on an upgrade. WAL is switched on only once the
	// file is known to be a hill (openWrite), so a foreign database is never changed.
	q := fmt.Sprintf("_txlock=immediate&_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)", BusyTimeout.Milliseconds())
	switch a {
	case readWrite:
		q = "mode=rw&" + q + "&_pragma=synchronous(NORMAL)"
	case readOnly:
		q = "mode=ro&" + q + "&_pragma=query_only(1)"
	case immutable:
		q = "mode=ro&immutable=1&" + q + "&_pragma=query_only(1)"
	}
	return sql.Open("sqlite", fileURI(path)+"?"+q)
}

// MaxRounds is the most rounds a new hill plays a pairing: a pairing's rounds are held in
// memory and stored in one transaction (about 300 bytes a round while it plays), and KOTH
// hills play 100 to 1,000. (Only Create checks it: a hill made with more still opens.)
const MaxRounds = 100_000

// Create makes a new hill file; it refuses a path that exists.
func Create(path string, cfg Config) error {
	if err := cfg.Check(); err != nil {
		return err
	}
	if cfg.Rounds > MaxRounds {
		return fmt.Errorf("-rounds %d is more than a hill plays a pairing (at most %d): each pairing's rounds are held in memory and stored at once", cfg.Rounds, MaxRounds)
	}
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("%s is a folder; give the hill a file name (such as %s)", path, filepath.Join(path, "my.hill"))
		}
		return fmt.Errorf("%s exists already; a hill is created once (remove the file to start again)", path)
	}
	// The schema goes into the writer's temporary file, put in place when complete, so that
	// a hill file either does not exist or is complete.
	out, err := userfile.NewOutput(path, 0o644)
	if err != nil {
		return err
	}
	defer out.Abort()
	db, err := sql.Open("sqlite", fileURI(out.TempName())+"?mode=rw&_pragma=journal_mode(DELETE)")
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
		_, err = db.Exec(migrateV2)
	}
	if err == nil {
		_, err = db.Exec(`INSERT INTO hill (id, format, game, rounds, size, seed, options, language, params, created) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, formatVersion, cfg.Game.Name(),
			cfg.Rounds, cfg.Size, cfg.Seed, opts, lang, params, time.Now().Unix())
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if full(err) { // (WriteError's sentence: free some space, and run it again)
			return &WriteError{path, err}
		}
		return fmt.Errorf("cannot create %s: %v", path, err)
	}
	// Someone may have created the path meanwhile: that file is not replaced.
	if err := out.CommitNew(); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s exists already; a hill is created once (remove the file to start again)", path)
		}
		return err
	}
	return nil
}

// Check says whether c can make a hill, in a sentence naming the first problem: each of them
// is a value given on the command line (hill create reports it as a usage mistake).
func (c *Config) Check() error {
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
	if err := bouts.CheckSeed(c.Seed, c.Rounds); err != nil {
		return err
	}
	return c.Game.Check()
}

// Open opens an existing hill for reading and writing; games decode its rules, by the game's
// name the file stores. A file that is not a hill is left as it was.
func Open(path string, games map[string]Decoder) (*Hill, error) {
	// SQLite would open a file it may not write read-only, and fail only at the first write.
	if f, err := os.OpenFile(path, os.O_RDWR, 0); err == nil {
		f.Close()
	} else if !os.IsNotExist(err) {
		if st, serr := os.Stat(path); serr == nil && st.Mode().IsRegular() {
			return nil, &WriteError{path, notWritable(err)}
		}
	}
	h, err := openAs(path, games, readWrite)
	if err != nil {
		return nil, err
	}
	// WAL: readers never block the writer. It is a property of the file, set once.
	if err := enterWAL(h.db); err != nil {
		h.db.Close()
		return nil, h.writeError(err)
	}
	return h, nil
}

// enterWAL switches the file into WAL, waiting up to BusyTimeout for another command. SQLite
// does not call its busy handler here: the switch reads the file's header, then upgrades to a
// write, and a connection that already reads is refused at once rather than risk a deadlock.
// Two commands opening a hill at rest (a plain file) at the same moment meet exactly there.
func enterWAL(db *sql.DB) error {
	deadline := time.Now().Add(BusyTimeout)
	wait := time.Millisecond
	for {
		_, err := db.Exec(`PRAGMA journal_mode=WAL`)
		var se *sqlite.Error
		if err == nil || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().After(deadline) {
			return err
		}
		time.Sleep(wait)
		wait = min(2*wait, 50*time.Millisecond)
	}
}

// OpenRead opens a hill only to read it: nothing in the file or beside it is written. Where
// SQLite cannot make the lock files it needs beside a WAL database (a read-only folder or
// mount), the file is read as immutable: without locks, and without the changes of a
// writer that has not finished (they are in the -wal file, which is then not read).
func OpenRead(path string, games map[string]Decoder) (*Hill, error) {
	h, err := openAs(path, games, readOnly)
	if err == nil || !canNotLock(err) {
		return h, err
	}
	if h, err2 := openAs(path, games, immutable); err2 == nil {
		return h, nil
	}
	return nil, err
}

// canNotLock tells errors of a read-only opening that the immutable mode avoids.
func canNotLock(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_PERM, sqlite3.SQLITE_BUSY:
		return true
	}
	return false
}

// sqliteMagic begins every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// openAs opens path as a hill in the given access, saying why not: a file that is no hill,
// and one that cannot be read, in different sentences.
func openAs(path string, games map[string]Decoder, a access) (*Hill, error) {
	name := termtext.Escape(path) // (for messages: a newline in a file name must not start a line)
	// (userfile opens without blocking: a FIFO named as the hill would wait for a writer)
	f, err := userfile.Open(path, userfile.Hill)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s does not exist (make it with robocom hill create)", name)
	case err != nil: // (a userfile sentence: it names the file, what it is and what to do)
		return nil, err
	}
	head := make([]byte, len(sqliteMagic))
	n, rerr := io.ReadFull(f, head)
	file, serr := f.Stat()
	f.Close()
	if rerr == nil && serr != nil {
		rerr = serr
	}
	switch {
	case n == 0 && (rerr == io.EOF):
		return nil, fmt.Errorf("%s is empty, not a hill (a hill is made by robocom hill create)", name)
	case rerr != nil && rerr != io.ErrUnexpectedEOF:
		return nil, fmt.Errorf("cannot read %s: %v", name, rerr)
	case string(head[:n]) != sqliteMagic:
		return nil, fmt.Errorf("%s is not a hill: not an SQLite database", name)
	}
	db, err := open(path, a)
	if err != nil {
		return nil, fmt.Errorf("cannot open %s: %v", name, err)
	}
	abs, aerr := filepath.Abs(path)
	if aerr != nil {
		abs = path
	}
	h := &Hill{db: db, path: path, games: games, readOnly: a != readWrite, file: file, abs: abs}
	if err := h.readConfig(); err != nil {
		db.Close()
		var nf newerFormat
		if errors.As(err, &nf) {
			return nil, fmt.Errorf("%s was written by a newer robocom (hill format %d; this one reads formats 1 to %d): use a newer robocom for it", name, int(nf), formatVersion)
		}
		var nh notHill
		if errors.As(err, &nh) {
			if corrupt(nh.err) {
				return nil, fmt.Errorf("%s is damaged: %v; %s", name, nh.err, restore)
			}
			return nil, fmt.Errorf("%s is not a hill: %v", name, nh.err)
		}
		if why := readOnlyReason(path, err); a == readWrite && why != nil {
			return nil, &WriteError{path, why}
		}
		if b := h.busy(err); b != err { // (a sentence naming the hill and what to do)
			return nil, b
		}
		return nil, fmt.Errorf("cannot read %s: %w", name, err)
	}
	if err := h.checkSources(); err != nil {
		db.Close()
		var changed sourceChanged
		if errors.As(err, &changed) {
			return nil, fmt.Errorf("%s is damaged: %v; %s", name, err, restore)
		}
		if b := h.busy(err); b != err {
			return nil, b
		}
		return nil, fmt.Errorf("cannot read %s: %w", name, err)
	}
	if err := h.migrate(); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot bring %s up to date: %v", name, err)
	}
	return h, nil
}

// sourceChanged is a stored program whose source no longer has the SHA-256 stored with it.
type sourceChanged struct{ id int64 }

func (e sourceChanged) Error() string {
	return fmt.Sprintf("the source of stored program #%d is not the one it was added with (its SHA-256 differs)", e.id)
}

// sourceHash is the SHA-256 a program is stored with: what identifies it (adding the same
// source again finds it) and what checkSources checks it by.
func sourceHash(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:])
}

// checkSources compares every stored program's source with the SHA-256 stored beside it when
// it was added. A source changed since (by hand, or by damage SQLite does not notice) would
// be played and shown under results that are not its own. Hashing the sources (at most
// maxSources bytes) takes a few milliseconds.
func (h *Hill) checkSources() error {
	rows, err := h.db.Query(`SELECT id, sha256, source FROM program`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var id int64
	var hash string
	var src []byte
	for rows.Next() {
		if err := rows.Scan(&id, &hash, &src); err != nil {
			return err
		}
		if sourceHash(src) != hash {
			return sourceChanged{id}
		}
	}
	return rows.Err()
}

// notHill is an error that says the file is something other than a hill (as opposed to one
// that could not be read).
type notHill struct{ err error }

func (e notHill) Error() string { return e.err.Error() }

func notAHill(format string, args ...any) error { return notHill{fmt.Errorf(format, args...)} }

// newerFormat is a hill written by a newer robocom: its format, which this one cannot read.
type newerFormat int

func (f newerFormat) Error() string { return fmt.Sprintf("hill format %d", int(f)) }

// Limits on what a hill file may hold, so that a hostile file costs bounded memory. Add keeps
// a hill within them (checkLimits), so that it always opens again.
const (
	maxText      = 4096     // a program's name or file, the hill's game and language
	maxRules     = 1 << 20  // the hill's options or params
	maxSource    = 16 << 20 // one program's bytes (userfile's limit for a program)
	maxResidents = bouts.MaxPrograms
)

// (variables: a test lowers them)
var (
	maxSources int64 = 256 << 20 // the residents' bytes together
	maxStored  int64 = 1 << 16   // programs stored, on the hill or not
)

// checkSchema refuses a file whose hill, program and bout are not plain tables, or that
// holds views or triggers: a hill's SQL runs against them, and a view or trigger would run
// the file's own SQL instead.
func (h *Hill) checkSchema() error {
	rows, err := h.db.Query(`SELECT type, name FROM sqlite_master`)
	if err != nil {
		return err
	}
	defer rows.Close()
	tables := map[string]bool{}
	for rows.Next() {
		var typ, name string
		if err := rows.Scan(&typ, &name); err != nil {
			return err
		}
		switch typ {
		case "table":
			tables[name] = true
		case "index":
		default:
			return notAHill("it holds a %s (%s) where a hill has only tables", typ, quoted(name))
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, t := range []string{"hill", "program", "bout"} {
		if !tables[t] {
			return notAHill("it has no %s table", t)
		}
	}
	return nil
}

// quoted is a name from the file, short and printable, for an error message.
func quoted(s string) string { return fmt.Sprintf("%q", userfile.Excerpt(s, 60)) }

func (h *Hill) readConfig() error {
	if err := h.checkSchema(); err != nil {
		return h.classify(err)
	}
	var (
		format                   int
		game, opts, lang, params string
		size                     int64
	)
	c := &h.cfg
	err := h.db.QueryRow(`SELECT length(game) + length(options) + length(language) + length(params) FROM hill WHERE id = 1`).Scan(&size)
	if err == nil && size > maxRules {
		return notAHill("its hill row holds %d bytes of rules; a hill's are at most %d", size, maxRules)
	}
	if err == nil {
		err = h.db.QueryRow(`SELECT format, game, rounds, size, seed, options, language, params FROM hill WHERE id = 1`).
			Scan(&format, &game, &c.Rounds, &c.Size, &c.Seed, &opts, &lang, &params)
	}
	if err == sql.ErrNoRows {
		return notAHill("it has no hill row")
	}
	if err != nil {
		return h.classify(err)
	}
	if format > formatVersion {
		return newerFormat(format)
	}
	if format < 1 {
		return notAHill("hill format %d; this robocom reads formats 1 to %d", format, formatVersion)
	}
	h.format = format
	decode := h.games[game]
	if decode == nil {
		return notAHill("unknown game %s", quoted(game))
	}
	g, err := decode(opts, lang, params)
	if err != nil {
		return notHill{err}
	}
	c.Game = g
	if err := c.Check(); err != nil {
		// Rules past a limit an engine gained later (a .cw hill with 20,000 threads): the hill
		// opens, its results can be read, and Add and Player say why nothing more plays.
		var past interface{ PastLimits() bool }
		if !errors.As(err, &past) || !past.PastLimits() {
			return notHill{err}
		}
		h.pastLimits = fmt.Errorf("%s's rules are past what robocom plays now (%v): its stored results can be shown, but no program can be added, removed or played on it; create a new hill to go on", termtext.Escape(h.path), err)
	}
	stored, residents, sources, err := countPrograms(h.db)
	switch {
	case err != nil:
		return h.classify(err)
	case stored > maxStored:
		return notAHill("it stores %d programs; a hill stores at most %d", stored, maxStored)
	case residents > maxResidents:
		return notAHill("%d programs are on it; a hill holds at most %d", residents, maxResidents)
	case sources > maxSources:
		return notAHill("its programs hold %d bytes together; at most %d", sources, maxSources)
	}
	var id int64
	err = h.db.QueryRow(`SELECT id FROM program WHERE typeof(name) != 'text' OR typeof(file) != 'text' OR typeof(sha256) != 'text'
		OR typeof(source) NOT IN ('blob', 'text') OR typeof(added) != 'integer' OR typeof(removed) NOT IN ('integer', 'null')
		OR length(name) > ? OR length(file) > ? OR length(sha256) != 64 OR length(source) > ? OR id < 1 LIMIT 1`, maxText, maxText, maxSource).Scan(&id)
	switch {
	case err == nil:
		return notAHill("program row #%d is damaged: a value of the wrong type or size", id)
	case err != sql.ErrNoRows:
		return h.classify(err)
	}
	if err := h.checkV2(); err != nil {
		return err
	}
	var a, b int64
	err = h.db.QueryRow(`SELECT a, b FROM bout WHERE typeof(a) != 'integer' OR typeof(b) != 'integer' OR a >= b
		OR typeof(round) != 'integer' OR round < 1 OR round > ? OR typeof(seed) != 'integer'
		OR typeof(winner) != 'integer' OR winner NOT IN (-1, 0, 1) OR typeof(cycles) != 'integer' LIMIT 1`, c.Rounds).Scan(&a, &b)
	switch {
	case err == nil:
		return notAHill("a round of programs #%v and #%v is damaged: a value out of range", a, b)
	case err != sql.ErrNoRows:
		return h.classify(err)
	}
	return nil
}

// classify marks SQLite's answers that mean "this is not a hill" (not a database, a table
// or column missing, a value of the wrong type); any other error (I/O, a full disk, a lock)
// is left as it is and reported as a failure to read.
func (h *Hill) classify(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_ERROR, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_MISMATCH:
			return notHill{err}
		}
		return err
	}
	if strings.Contains(err.Error(), "Scan error") || strings.Contains(err.Error(), "converting") {
		return notHill{err}
	}
	return err
}

// Close closes the hill. A writer that is the last to leave turns WAL off again, so that a
// hill at rest is a plain database file: readers (mode=ro) then need no -wal and -shm files
// beside it and make none, also in a writable folder. Another process still using the hill
// keeps it in WAL; the last writer to leave ends it.
func (h *Hill) Close() error {
	if !h.readOnly {
		// Only the last connection to the file may leave WAL, and the pool's other idle
		// connections (left by the workers of a play) count: close them first.
		h.db.SetMaxIdleConns(1)
		if c, err := h.db.Conn(context.Background()); err == nil {
			if _, err := c.ExecContext(context.Background(), `PRAGMA busy_timeout = 0`); err == nil {
				c.ExecContext(context.Background(), `PRAGMA journal_mode = DELETE`) // busy: another process has it
			}
			c.Close()
		}
	}
	return h.db.Close()
}

// Config is the hill's game and rules.
func (h *Hill) Config() Config { return h.cfg }

// Path is the hill's file.
func (h *Hill) Path() string { return h.path }

// AddResult says what Add did with a program.
type AddResult struct {
	Program
	New      bool     // stored for the first time
	Returned bool     // it had been pushed off or removed, and is back with its old results
	Replaced *Program // the resident of the same name it replaced as a new version, if any
	Warnings error    // the game's warnings of the program (Game.Load), nil when none
}

// LoadError is Add's error for a program the game does not load: its errors, each naming the
// file (file:line:col: message); Add's other errors say why the hill did not take it.
type LoadError struct{ Err error }

func (e LoadError) Error() string { return e.Err.Error() }
func (e LoadError) Unwrap() error { return e.Err }

// Add stores a program on the hill (file names it; src is its bytes, an RBI file as is). The
// same bytes twice are one program: a resident is left as it is, a program pushed off earlier
// comes back with its stored results. A program whose name a resident with other bytes has is
// a new version of it and takes its place (the old version goes off the hill, its results
// kept). It plays nothing: Play does.
func (h *Hill) Add(file string, src []byte) (AddResult, error) {
	if h.pastLimits != nil {
		return AddResult{}, h.pastLimits
	}
	name, author, warnings, err := h.cfg.Game.Load(file, src)
	if err != nil {
		return AddResult{}, LoadError{err}
	}
	hash := sourceHash(src)
	var res AddResult
	err = h.write(func(tx *sql.Tx) error {
		var id int64
		var removed sql.NullInt64
		var oldName, oldFile string
		var added int64
		err := tx.QueryRow(`SELECT id, name, file, added, removed FROM program WHERE sha256 = ?`, hash).Scan(&id, &oldName, &oldFile, &added, &removed)
		switch {
		case err == sql.ErrNoRows:
			var residents int
			if err := tx.QueryRow(`SELECT COUNT(*) FROM program WHERE removed IS NULL`).Scan(&residents); err != nil {
				return err
			}
			if residents >= maxResidents {
				return fmt.Errorf("%s holds %d programs, the most a hill holds; remove one first", termtext.Escape(h.path), residents)
			}
			now := time.Now()
			var version int
			if err := tx.QueryRow(`SELECT COALESCE(MAX(version), 0) + 1 FROM program WHERE name = ?`, name).Scan(&version); err != nil {
				return err
			}
			r, err := tx.Exec(`INSERT INTO program (name, file, sha256, source, added, author, version) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				name, file, hash, src, now.Unix(), author, version)
			if err != nil {
				return err
			}
			id, _ = r.LastInsertId()
			res = AddResult{Program: Program{ID: id, Name: name, File: file, SHA256: hash, Added: now, OnHill: true, Author: author, Version: version}, New: true}
		case err != nil:
			return err
		default:
			if removed.Valid {
				if _, err := tx.Exec(`UPDATE program SET removed = NULL, entered = NULL WHERE id = ?`, id); err != nil {
					return err
				}
				res.Returned = true
			}
			res.Program = Program{ID: id, Name: oldName, File: oldFile, SHA256: hash, Added: time.Unix(added, 0), OnHill: true, Author: author}
			tx.QueryRow(`SELECT version FROM program WHERE id = ?`, id).Scan(&res.Version)
		}
		if !res.New && !res.Returned {
			return nil
		}
		// Two residents never share a name: the one there before is the older version.
		var old Program
		var oldAdded int64
		err = tx.QueryRow(`SELECT id, name, file, sha256, added, version FROM program WHERE name = ? AND removed IS NULL AND id <> ?`, res.Name, res.ID).
			Scan(&old.ID, &old.Name, &old.File, &old.SHA256, &oldAdded, &old.Version)
		switch {
		case err == sql.ErrNoRows:
			return h.checkLimits(tx)
		case err != nil:
			return err
		}
		old.Added = time.Unix(oldAdded, 0)
		if _, err := tx.Exec(`UPDATE program SET removed = ? WHERE id = ?`, time.Now().Unix(), old.ID); err != nil {
			return err
		}
		res.Replaced = &old
		return h.checkLimits(tx)
	})
	res.Warnings = warnings
	return res, err
}

// checkLimits refuses, within Add's transaction, a program that would take the hill past what
// a hill file may hold (readConfig refuses a file past them: the hill would no longer open).
func (h *Hill) checkLimits(tx *sql.Tx) error {
	stored, _, sources, err := countPrograms(tx)
	switch {
	case err != nil:
		return err
	case stored > maxStored:
		return fmt.Errorf("%s stores %d programs, on it or pushed off before, the most a hill can keep; start a new hill (robocom hill create) for more", termtext.Escape(h.path), maxStored)
	case sources > maxSources:
		return fmt.Errorf("the programs on %s would hold %d MB together, more than a hill holds (%d MB); remove a large one first", termtext.Escape(h.path), sources>>20, maxSources>>20)
	}
	return nil
}

// countPrograms counts the programs stored and those on the hill, and the bytes of the latter
// together: what the limits above bound.
func countPrograms(q querier) (stored, residents, sources int64, err error) {
	err = q.QueryRow(`SELECT COUNT(*), COUNT(*) FILTER (WHERE removed IS NULL), COALESCE(SUM(length(source)) FILTER (WHERE removed IS NULL), 0) FROM program`).
		Scan(&stored, &residents, &sources)
	return
}

// write runs f in one write transaction.
func (h *Hill) write(f func(*sql.Tx) error) error { return h.writeCtx(context.Background(), f) }

// writeCtx is write that stops waiting for another command's lock, and rolls back, when ctx
// is done (Ctrl-C), returning ctx's error.
func (h *Hill) writeCtx(ctx context.Context, f func(*sql.Tx) error) error {
	if h.readOnly {
		return fmt.Errorf("%s was opened to be read, not written", termtext.Escape(h.path))
	}
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return h.writeError(err)
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return h.writeError(err)
	}
	if err := h.moved(); err != nil {
		tx.Rollback()
		return err
	}
	return h.writeError(tx.Commit())
}

// moved says, as a WriteError, that the file at the hill's path is no longer the one opened:
// it was moved, replaced (a copy put in its place) or deleted meanwhile. In WAL mode SQLite
// does not notice: the results went on into a file no one would open again, or into one a
// second command, opening the new name without this one's journal, wrote at the same time;
// every command said it had stored them (a hostile review).
func (h *Hill) moved() error {
	st, err := os.Stat(h.abs)
	if err == nil && os.SameFile(st, h.file) {
		return nil
	}
	return &WriteError{h.path, errors.New("the file at that path is no longer the one this command opened (it was moved, replaced or deleted meanwhile), so nothing more is written to it; run the command again on the hill where it is now")}
}

// writeError names the hill in SQLite's errors while writing; a lock held too long becomes
// busy's sentence.
func (h *Hill) writeError(err error) error {
	var se *sqlite.Error
	if err == nil || !errors.As(err, &se) {
		return err
	}
	if b := h.busy(err); b != err {
		return b
	}
	if why := readOnlyReason(h.path, err); why != nil {
		return &WriteError{h.path, why}
	}
	return &WriteError{h.path, err}
}

// readOnlyReason says why SQLite could not write the hill at path, when err is SQLite's "read
// only" (SQLite's own words, "attempt to write a readonly database", name neither cause), and
// is nil for any other error.
func readOnlyReason(path string, err error) error {
	var se *sqlite.Error
	if !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_READONLY {
		return nil
	}
	if se.Code() == sqlite3.SQLITE_READONLY_DIRECTORY {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs // (the folder of "h.hill" is named, not ".")
		}
		return fmt.Errorf("the folder %s is not writable, and SQLite keeps the hill's journal (-wal, -shm) beside it; make the folder writable or copy the hill to one you can write", termtext.Escape(filepath.Dir(path)))
	}
	return errors.New("the file is read-only; make it writable (chmod u+w)")
}

// notWritable says, for the error of opening a hill's file to write it, why and what to do:
// the system's "permission denied" or "read-only file system" named neither.
func notWritable(err error) error {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return errors.New("permission denied; make the file writable (chmod u+w), or copy it to a file of your own")
	case errors.Is(err, syscall.EROFS):
		return errors.New("it is on a read-only file system; copy it to a folder you can write")
	}
	return err
}

// WriteError is a hill that could not be written (as opposed to a program or part refused).
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string {
	if corrupt(e.Err) {
		return fmt.Sprintf("cannot write %s: it is damaged (%v); %s", termtext.Escape(e.Path), e.Err, restore)
	}
	if full(e.Err) { // (what was stored before is kept: the transaction that failed is rolled back)
		return fmt.Sprintf("cannot write %s: %v; free some space on its disk and run the command again", termtext.Escape(e.Path), e.Err)
	}
	if lim := sizeLimited(e.Path, e.Err); lim > 0 {
		return fmt.Sprintf("cannot write %s: %v: the hill has reached the file size limit of %d bytes (ulimit -f); raise it (ulimit -f unlimited) and run the command again", termtext.Escape(e.Path), e.Err, lim)
	}
	return fmt.Sprintf("cannot write %s: %v", termtext.Escape(e.Path), e.Err)
}

// sizeLimited is the file size limit (ulimit -f) that the hill at path or its journal has
// reached, when err is SQLite's failure to write there (the system's "file too large" is
// then SQLite's "disk I/O error", which names no cause); 0 otherwise.
func sizeLimited(path string, err error) int64 {
	var se *sqlite.Error
	lim := fileSizeLimit()
	if lim == 0 || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_IOERR {
		return 0
	}
	for _, f := range []string{path, path + "-wal", path + "-journal"} {
		// (SQLite writes a page, or a WAL frame, at a time: the write that failed began
		// within one of them of the limit)
		if st, err := os.Stat(f); err == nil && st.Size() > lim-1<<16 {
			return lim
		}
	}
	return 0
}

// restore is what to do with a damaged hill.
const restore = "restore it from a copy"

// corrupt reports whether SQLite found the file's pages damaged (a hill cut short by a full
// disk or a copy, or overwritten): the hill it was, not another kind of file.
func corrupt(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_CORRUPT
}

// full reports whether SQLite found no room to write (a full disk, or a file size limit).
func full(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_FULL
}

func (e *WriteError) Unwrap() error { return e.Err }

// busy turns SQLite's "database is locked" into a sentence.
func (h *Hill) busy(err error) error {
	if err != nil && (strings.Contains(err.Error(), "SQLITE_BUSY") || strings.Contains(err.Error(), "database is locked")) {
		return fmt.Errorf("%s is busy: another command has been writing to it for over %v; try again when it is done", termtext.Escape(h.path), BusyTimeout)
	}
	return err
}

// Programs are the stored programs in the order they were added; with all false, only the
// residents.
func (h *Hill) Programs(all bool) ([]Program, error) {
	q := `SELECT id, name, file, sha256, added, removed IS NULL, ` + h.kothColumns() + ` FROM program`
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
		if err := rows.Scan(&p.ID, &p.Name, &p.File, &p.SHA256, &added, &p.OnHill, &p.Author, &p.Version, &p.Entered); err != nil {
			return nil, err
		}
		p.Added = time.Unix(added, 0)
		ps = append(ps, p)
	}
	return ps, rows.Err()
}

// Find is the program a name, file or #ID names, among the residents unless all. A name
// two programs share is refused with a sentence naming them, and so is a #ID that is also
// another program's name or file (a program may be named "#1"): which one was meant cannot
// be told, and remove must not guess.
func (h *Hill) Find(name string, all bool) (Program, error) {
	// Every stored program is looked at: a #ID that numbers a program off the hill and names
	// or files a resident is as ambiguous as one that numbers a resident (remove "#1" took off
	// the resident named "#1" while program #1 was off the hill).
	ps, err := h.Programs(true)
	if err != nil {
		return Program{}, err
	}
	var numbered, named, trimmed []Program // the program name numbers (#ID), the others it names or files
	for _, p := range ps {
		switch {
		case fmt.Sprintf("#%d", p.ID) == name:
			numbered = append(numbered, p)
		case p.Name == name || p.File == name:
			named = append(named, p)
		case strings.TrimSpace(p.Name) == strings.TrimSpace(name):
			trimmed = append(trimmed, p)
		}
	}
	// A name's spaces at either end are kept as the file has them (";name Arrow " in many
	// hill warriors; pMARS prints it so), but standings do not show them: the name the user
	// reads there finds the program when nothing is named exactly that.
	if len(numbered) == 0 && len(named) == 0 {
		named = trimmed
	}
	if len(numbered) > 0 && len(named) > 0 {
		var ids []string
		for _, p := range append(numbered, named...) {
			ids = append(ids, fmt.Sprintf("#%d (%s)", p.ID, termtext.Escape(p.File)))
		}
		return Program{}, fmt.Errorf("%q is the number of one program and the name or file of another: name one by its file or the other's number, %s", name, strings.Join(ids, ", "))
	}
	var hits []Program
	for _, p := range append(numbered, named...) {
		if all || p.OnHill {
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
		ids = append(ids, fmt.Sprintf("#%d (%s)", p.ID, termtext.Escape(p.File)))
	}
	return Program{}, fmt.Errorf("%d programs are named %q: name one by its number, %s", len(hits), name, strings.Join(ids, ", "))
}

// Remove takes a program off the hill; its results stay stored (Add brings it back).
func (h *Hill) Remove(name string) (Program, error) {
	if h.pastLimits != nil { // (a program removed could not come back: Add refuses)
		return Program{}, h.pastLimits
	}
	p, err := h.Find(name, false)
	if err != nil {
		if off, ferr := h.Find(name, true); ferr == nil && !off.OnHill {
			return p, fmt.Errorf("%s (#%d) is not on the hill: it was pushed off or removed before (robocom hill show %s -all lists every program stored)", termtext.Escape(off.Name), off.ID, termtext.Escape(h.path))
		}
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
		if _, _, _, err := h.cfg.Game.Load(p.File, p.Source); err != nil {
			// (the hill plays none of its pairings until it goes: say how; '#2' quoted, as
			// a shell reads an unquoted #2 as a comment and runs remove without it)
			return nil, fmt.Errorf("%s: stored program #%d no longer loads, so no pairing is played; take it off the hill (robocom hill remove %s '#%d') and play on: %v",
				termtext.Escape(h.path), p.ID, termtext.Escape(h.path), p.ID, err)
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

// PastLimits says why nothing can be played on the hill (its rules were made before a limit
// of its game's engine), nil when it plays.
func (h *Hill) PastLimits() error { return h.pastLimits }

// Player is how the pending bouts are played: the game's own tournament, the same code
// `robocom tournament` runs.
func (h *Hill) Player(pd *Pending, workers int) (bouts.PlayFunc, error) {
	if h.pastLimits != nil {
		return nil, h.pastLimits
	}
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
		_, err := h.StorePairing(pd, rs)
		return err
	})
	return err
}

// StorePairing stores one pairing's rounds, all of them, in one transaction. A pairing whose
// rounds are stored already is left alone if they agree (another command played it too) and
// refused if they do not: a game is the same on every machine, so a difference means a bug
// or a changed program. stored says whether the pairing was missing before: an import of
// parts given twice stores nothing the second time, and must not say it did.
func (h *Hill) StorePairing(pd *Pending, rs []bouts.Result) (stored bool, err error) {
	if len(rs) != pd.Plan.Rounds {
		return false, fmt.Errorf("a pairing has %d rounds, not %d", len(rs), pd.Plan.Rounds)
	}
	a, b := pd.Programs[rs[0].A], pd.Programs[rs[0].B]
	err = h.write(func(tx *sql.Tx) error {
		rows, err := tx.Query(`SELECT round, seed, winner FROM bout WHERE a = ? AND b = ?`, a.ID, b.ID)
		if err != nil {
			return err
		}
		old := map[int][2]int64{}
		for rows.Next() {
			var round int
			var seed, winner int64
			if err := rows.Scan(&round, &seed, &winner); err != nil {
				rows.Close()
				return err
			}
			old[round] = [2]int64{seed, winner}
		}
		rows.Close()
		complete := len(old) == pd.Plan.Rounds
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
			if o, ok := old[r.Round]; ok && complete {
				if o != [2]int64{r.Seed, int64(w)} {
					return fmt.Errorf("%s against %s, round %d: stored as %s, played now as %s; the hill's results are not reproducible",
						termtext.Escape(a.Name), termtext.Escape(b.Name), r.Round, describe(int(o[1])), describe(w))
				}
				continue
			}
			if _, err := ins.Exec(a.ID, b.ID, r.Round, r.Seed, w, r.Cycles); err != nil {
				return err
			}
		}
		if h.format >= 2 { // stored: no one plays it any more
			_, err = tx.Exec(`DELETE FROM claim WHERE a = ? AND b = ?`, a.ID, b.ID)
		}
		stored = !complete
		return err
	})
	return stored && err == nil, err
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
	// Records are each resident's rounds in the pairings counted, by entry index: KOTH's
	// %W/%L/%T.
	Records []WLT
	Entries int64 // programs that have joined the hill so far (Age)
}

// Standings computes the standings from the stored rounds, playing nothing.
func (h *Hill) Standings() (*Standings, error) {
	ps, err := h.Programs(false)
	if err != nil {
		return nil, err
	}
	return h.standingsOf(ps)
}

func (h *Hill) standingsOf(ps []Program) (*Standings, error) {
	st := &Standings{Programs: ps, Plan: bouts.RoundRobinPlan(len(ps), h.cfg.Seed, h.cfg.Rounds), Records: make([]WLT, len(ps))}
	if h.format >= 2 {
		if err := h.db.QueryRow(`SELECT entries FROM hill WHERE id = 1`).Scan(&st.Entries); err != nil {
			return nil, h.busy(err)
		}
	}
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
		if w < -1 || w > 1 {
			return nil, fmt.Errorf("%s: a round of programs #%d and #%d has winner %d, not -1, 0 or 1", termtext.Escape(h.path), a, b, w)
		}
		ia, oka := index[a]
		ib, okb := index[b]
		if !oka || !okb {
			continue
		}
		k := [2]int{ia, ib}
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
		if n := c.n[0] + c.n[1] + c.n[2]; n > h.cfg.Rounds {
			return nil, fmt.Errorf("%s: programs #%d and #%d have %d rounds stored; the hill plays %d a pairing", termtext.Escape(h.path), ps[k[0]].ID, ps[k[1]].ID, n, h.cfg.Rounds)
		} else if n != h.cfg.Rounds {
			continue
		}
		complete++
		st.Records[k[0]].add(c.n[1], c.n[2], c.n[0])
		st.Records[k[1]].add(c.n[2], c.n[1], c.n[0])
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

// PushOff is a program a full hill pushed off, with the standings it fell from (itself last).
type PushOff struct {
	Program
	From *Standings
}

// Trim pushes the last-ranked programs off while the hill holds more than its size, but only
// when every pairing is stored (standings with gaps would push off the wrong program); then
// the residents that had not joined yet have joined (their ages start). Each decision is made
// and written in one transaction, so two processes trimming at once push a program off once,
// and each returns only the programs it pushed off.
func (h *Hill) Trim() ([]PushOff, error) {
	var off []PushOff
	for {
		again := false
		err := h.write(func(tx *sql.Tx) error {
			// The write lock is held, so these standings are what the transaction changes.
			st, err := h.Standings()
			if err != nil || st.Missing > 0 {
				return err
			}
			if h.cfg.Size > 0 && len(st.Programs) > h.cfg.Size {
				p := st.Programs[st.Last()]
				r, err := tx.Exec(`UPDATE program SET removed = ? WHERE id = ? AND removed IS NULL`, time.Now().Unix(), p.ID)
				if err != nil {
					return err
				}
				if n, _ := r.RowsAffected(); n == 1 {
					p.OnHill = false
					off = append(off, PushOff{Program: p, From: st})
				}
				again = true
				return nil
			}
			return h.enter(tx, st)
		})
		if err != nil || !again {
			return off, err
		}
	}
}

// Round is one stored round of a pairing.
type Round struct {
	Round  int   `json:"round"`
	Seed   int64 `json:"seed"`
	Winner int   `json:"winner"` // 0: the first program, 1: the second, -1: a draw
	Cycles int64 `json:"cycles"`
}

// Pairing returns the stored rounds of two programs (by name, file or #ID, on the hill or
// not; a name versions share names the version on the hill, else the latest, as show
// -program does), the one added earlier first.
func (h *Hill) Pairing(x, y string) (a, b Program, rounds []Round, err error) {
	if a, err = h.findVersion(x); err != nil {
		return
	}
	if b, err = h.findVersion(y); err != nil {
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
// not; a name versions share names the one on the hill, else the latest), against residents and programs pushed off alike, in the order the opponents were added.
func (h *Hill) History(name string) (Program, []Record, error) {
	p, err := h.findVersion(name)
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
