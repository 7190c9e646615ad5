package bouts

// Tournament parts: a part holds a consecutive range of a plan's bouts as JSON lines, after a
// header that says which tournament it belongs to. `robocom tournament -shard` and `robocom
// hill play -shard` write them, `robocom merge` and `robocom hill import` read them. The
// format is in docs/shards.md.

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"robocom/internal/userfile"
)

// PartFormat names the format and its version in every part's header.
const PartFormat = "robocom-tournament-part/1"

// PartialSuffix ends the name of a part whose run was stopped before its last bout: the file
// holds the bouts it finished. A part under its own name is always whole.
const PartialSuffix = ".partial"

// PartHeader is a part's first line: what tournament it belongs to and which bouts it holds.
// Two parts belong to the same tournament when everything but Shard, From and To agrees
// (program files may differ: programs are known by their content). The game-specific fields
// are kept as the games write them; this package only compares them.
type PartHeader struct {
	Format string `json:"format"`
	Game   string `json:"game"` // "robocom" or "core"
	Shard  int    `json:"shard"`
	Shards int    `json:"shards"`
	From   int    `json:"from"`  // the part holds bouts [from, to) of the plan
	To     int    `json:"to"`    //
	Bouts  int    `json:"bouts"` // in the whole tournament
	Seed   int64  `json:"seed"`
	Rounds int    `json:"rounds"` // bouts per pairing
	// RoboCom: every rule value of the option set, and its name.
	Options map[string]string `json:"options,omitempty"`
	// Core War: the language ("cw", "vna", "redcode"), its parameters (corewars/play.Params as
	// JSON), processes per program.
	Language string          `json:"language,omitempty"`
	Params   json.RawMessage `json:"params,omitempty"`
	Copies   int             `json:"copies,omitempty"`
	Programs []PartProgram   `json:"programs"`
	// Pairings, if present, are the plan's pairings (a hill plays only those it lacks);
	// without them the plan is the round-robin of the programs. An empty list (written as
	// [], which omitzero keeps apart from no list) is a plan of nothing: the part of a hill
	// whose pairings are all stored, which hill import takes and stores nothing from.
	Pairings []Pairing `json:"pairings,omitzero"`
}

// Empty tells whether the part's plan has no bouts at all (an empty list of pairings).
func (h *PartHeader) Empty() bool { return h.Pairings != nil && len(h.Pairings) == 0 }

// PartProgram is a program as a part names it.
type PartProgram struct {
	Name   string `json:"name"`
	File   string `json:"file"`
	SHA256 string `json:"sha256"` // of the file's bytes
}

// maxPartLine bounds a line of a part (headers list every program with its file name, and a
// hill's the pairings it lacks), so that any part is read in bounded memory. A header that
// would be longer is refused when the part is written, before its bouts are played.
const maxPartLine = 64 << 20

func isSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// decodeLine decodes one line of a part into v and says in a phrase what is wrong with it,
// or "": a required field missing, any field null (null would be read as 0 or "", a value
// the writer never meant), a value of the wrong type or a field this version does not know.
// what is "the header" or "the bout". The caller names the file and line.
func decodeLine(line []byte, v any, what string, required []string) string {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var syntax *json.SyntaxError
	if !errors.As(err, &syntax) && err != io.EOF {
		if rest := bytes.TrimSpace(line[dec.InputOffset():]); len(rest) > 0 {
			if len(rest) > 20 {
				rest = append(rest[:20:20], "…"...)
			}
			return fmt.Sprintf("%s is followed by %q on its line; nothing may follow it", what, rest)
		}
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(line, &top) != nil {
		return what + " is not a JSON object"
	}
	for _, f := range required {
		if _, ok := top[f]; !ok {
			return fmt.Sprintf("%s has no %q", what, f)
		}
	}
	if f := nullField(top, ""); f != "" {
		return fmt.Sprintf("%s's %q is null; every field of a part has a value", what, f)
	}
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		return fmt.Sprintf("%s's %q is %s; it must be %s", what, te.Field, jsonValueName(te.Value), goTypeName(te.Type))
	case err != nil:
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return fmt.Sprintf("%s has a field %s that this version does not know", what, f)
		}
		return fmt.Sprintf("%s is not valid: %v", what, err)
	}
	return ""
}

// nullField names the first field (in sorted order, as path.to.field) whose value is null
// within the object m, or "".
func nullField(m map[string]json.RawMessage, path string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		name := k
		if path != "" {
			name = path + "." + k
		}
		if f := nullValue(m[k], name); f != "" {
			return f
		}
	}
	return ""
}

// nullValue is nullField for any JSON value: its own name if it is null, else the first null
// within it.
func nullValue(raw json.RawMessage, name string) string {
	raw = bytes.TrimSpace(raw)
	switch {
	case string(raw) == "null":
		return name
	case len(raw) > 0 && raw[0] == '{':
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) == nil {
			return nullField(m, name)
		}
	case len(raw) > 0 && raw[0] == '[':
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) == nil {
			for i, v := range list {
				if f := nullValue(v, fmt.Sprintf("%s[%d]", name, i)); f != "" {
					return f
				}
			}
		}
	}
	return ""
}

// jsonValueName is a JSON value as an UnmarshalTypeError describes it ("string", "number
// -1.5"), in words.
func jsonValueName(v string) string {
	switch {
	case v == "array":
		return "a list"
	case v == "object":
		return "an object"
	case v == "bool":
		return "true or false"
	case strings.HasPrefix(v, "number "):
		return strings.TrimPrefix(v, "number ")
	}
	return "a " + v
}

// goTypeName is what a field of Go type t holds, in words.
func goTypeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return "a whole number (of at most 64 bits)"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		return "a list"
	}
	return "an object"
}

// headerFields are the fields every header has; a field missing is refused, not taken as 0.
var headerFields = []string{"format", "game", "shard", "shards", "from", "to", "bouts", "seed", "rounds", "programs"}

// boutFields are the fields of every bout line.
var boutFields = []string{"pairing", "a", "b", "round", "seed", "winner", "cycles"}

// Check says what is inconsistent within one header.
func (h *PartHeader) Check() error {
	switch {
	case h.Game != "robocom" && h.Game != "core":
		return fmt.Errorf("the game is %q, not robocom or core", h.Game)
	case h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards:
		return fmt.Errorf("part %d of %d does not exist", h.Shard, h.Shards)
	case len(h.Programs) < 2 && !h.Empty() || len(h.Programs) > MaxPrograms:
		// (A plan of nothing may name fewer: a hill of one program has nothing to play.)
		return fmt.Errorf("a tournament of %d programs; parts hold 2 to %d", len(h.Programs), MaxPrograms)
	case (h.Game == "robocom") != (h.Options != nil) || (h.Game == "core") != (h.Params != nil):
		return fmt.Errorf("a %s part without its options", h.Game)
	case h.Game == "core" && (h.Language == "" || h.Copies < 1):
		return errors.New("a core part without its language or copies")
	}
	for i, p := range h.Programs {
		if p.File == "" || !isSHA256(p.SHA256) {
			return fmt.Errorf("program %d has no file or no sha256 (64 hex digits)", i+1)
		}
	}
	if h.Pairings != nil {
		for i, pg := range h.Pairings {
			if pg.A < 0 || pg.B < 0 || pg.A >= len(h.Programs) || pg.B >= len(h.Programs) || pg.A == pg.B {
				return fmt.Errorf("pairing %d names programs %d and %d of %d", i, pg.A, pg.B, len(h.Programs))
			}
		}
	}
	plan := h.Plan()
	if err := plan.Check(); err != nil {
		return err
	}
	from, to := Shard(plan.Bouts(), h.Shard, h.Shards)
	if h.Bouts != plan.Bouts() || h.From != from || h.To != to {
		return fmt.Errorf("part %d of %d of %d bouts should hold bouts %d to %d, but it says %d to %d of %d", h.Shard, h.Shards, plan.Bouts(), from, to, h.From, h.To, h.Bouts)
	}
	return nil
}

// Plan is the tournament's plan of bouts.
func (h *PartHeader) Plan() Plan {
	if h.Pairings != nil {
		return Plan{Pairings: h.Pairings, Rounds: h.Rounds}
	}
	return RoundRobinPlan(len(h.Programs), h.Seed, h.Rounds)
}

// RoundRobin tells whether the plan is the round robin of the programs (a tournament's),
// rather than some of their pairings (a hill's missing ones).
func (h *PartHeader) RoundRobin() bool {
	return h.Pairings == nil || reflect.DeepEqual(h.Pairings, RoundRobinPlan(len(h.Programs), h.Seed, h.Rounds).Pairings)
}

// PartWriter writes a part: the header, then one line per bout.
type PartWriter struct {
	w *bufio.Writer
}

// NewPartWriter writes the header to w and returns the writer of the bout lines; Flush
// writes what is buffered.
func NewPartWriter(w io.Writer, h *PartHeader) (*PartWriter, error) {
	if err := h.Check(); err != nil {
		return nil, err
	}
	pw := &PartWriter{w: bufio.NewWriterSize(w, 1<<16)}
	head, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	if len(head) >= maxPartLine {
		return nil, fmt.Errorf("the part's header would be %d bytes; merge reads at most %d (fewer programs or pairings)", len(head), maxPartLine)
	}
	pw.w.Write(head)
	return pw, pw.w.WriteByte('\n')
}

// Write writes one bout's line and flushes it, so that a write that fails (a full disk)
// stops the play at once rather than after hours.
func (pw *PartWriter) Write(r Result) error {
	line, _ := json.Marshal(r)
	pw.w.Write(line)
	pw.w.WriteByte('\n')
	return pw.w.Flush()
}

// Flush writes the buffered lines.
func (pw *PartWriter) Flush() error { return pw.w.Flush() }

// Part is one part file whose header ReadParts read. The file is open only while ReadParts
// reads the header and while Each reads the bouts, so that a merge of thousands of parts
// keeps one open at a time, not one per part (the limit of open files is often 1024).
type Part struct {
	Path    string
	Header  PartHeader
	Partial bool // named ….partial: Each stops where its bouts end
	f       *os.File
	r       *bufio.Reader
	line    int
	head    [sha256.Size]byte // of the header line, to tell that Each reads the same file
}

// open opens the part's file and reads its first line.
func (p *Part) open() ([]byte, error) {
	f, err := userfile.Open(p.Path, userfile.TournamentPart) // a FIFO is refused, not waited on
	if err != nil {
		return nil, err
	}
	p.f, p.r, p.line = f, bufio.NewReaderSize(f, 1<<16), 0
	line, err := p.readLine()
	if err == io.EOF {
		err = fmt.Errorf("%s is empty, not a tournament part", p.Path)
	}
	if err != nil {
		p.Close()
		return nil, err
	}
	return line, nil
}

// Close closes the part's file if it is open; Each closes it when done.
func (p *Part) Close() error {
	if p.f == nil {
		return nil
	}
	err := p.f.Close()
	p.f, p.r = nil, nil
	return err
}

func (p *Part) readLine() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := p.r.ReadSlice('\n')
		need := len(buf) + len(chunk)
		if need > maxPartLine {
			return nil, fmt.Errorf("%s:%d: a line longer than %d bytes; this is not a tournament part", p.Path, p.line+1, maxPartLine)
		}
		// Doubling, but never past the bound: append's own growth would reserve up to a
		// quarter more than the bound and leave earlier buffers for the collector.
		if need > cap(buf) {
			grown := make([]byte, len(buf), min(max(2*cap(buf), need), maxPartLine))
			copy(grown, buf)
			buf = grown
		}
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(buf) > 0 {
			return nil, fmt.Errorf("%s:%d: the last line is cut short (was the run killed?)", p.Path, p.line+1)
		}
		if err != nil {
			return nil, err
		}
		p.line++
		return buf, nil
	}
}

// ReadParts opens the parts and checks that together they are exactly one tournament:
// the same format, programs (by content), options, seed and rounds, one split into N parts
// with each part present once. The parts come back in order of K; their bouts are read by
// Each. No file stays open. A partial part (….partial) is refused unless partialOK.
func ReadParts(paths []string, partialOK bool) ([]*Part, error) {
	if len(paths) == 0 {
		return nil, errors.New("no part given")
	}
	var parts []*Part
	for _, path := range paths {
		p := &Part{Path: path, Partial: strings.HasSuffix(path, PartialSuffix)}
		line, err := p.open()
		if err != nil {
			return nil, err
		}
		p.Close()
		p.head = sha256.Sum256(line)
		parts = append(parts, p)
		problem := decodeLine(line, &p.Header, "the header", headerFields)
		if p.Header.Format != PartFormat {
			return nil, fmt.Errorf("%s:1: not a tournament part of this version (a first line with \"format\": %q)", path, PartFormat)
		}
		if problem != "" {
			return nil, fmt.Errorf("%s:1: %s", path, problem)
		}
		if err := p.Header.Check(); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if p.Partial && !partialOK {
			return nil, fmt.Errorf("%s is a partial part: its run was stopped before its last bout; play part %d of %d again (robocom hill import takes partial parts, merge only whole ones)", path, p.Header.Shard, p.Header.Shards)
		}
	}
	first := parts[0]
	byK := make(map[int]*Part, len(parts)) // not a slice of N: N comes from the file
	for _, p := range parts {
		if err := sameTournament(first, p); err != nil {
			return nil, err
		}
		if q := byK[p.Header.Shard]; q != nil {
			return nil, fmt.Errorf("%s and %s are both part %d of %d: overlapping parts", q.Path, p.Path, p.Header.Shard, p.Header.Shards)
		}
		byK[p.Header.Shard] = p
	}
	if n := first.Header.Shards; len(parts) < n {
		var missing []string
		for k := 0; k < n && len(missing) < 10; k++ {
			if byK[k] == nil {
				missing = append(missing, strconv.Itoa(k))
			}
		}
		more := ""
		if n-len(parts) > len(missing) {
			more = fmt.Sprintf(" (and %d more)", n-len(parts)-len(missing))
		}
		return nil, fmt.Errorf("part %s%s of %d is missing", strings.Join(missing, ", "), more, n)
	}
	for k := range parts {
		parts[k] = byK[k]
	}
	return parts, nil
}

// sameJSON reports whether two JSON texts hold the same values (numbers compared as written).
func sameJSON(a, b json.RawMessage) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return bytes.Equal(a, b)
	}
	return reflect.DeepEqual(x, y)
}

// sameTournament says in a sentence how part q differs from part p, if it does.
func sameTournament(p, q *Part) error {
	a, b := &p.Header, &q.Header
	differ := func(what string, x, y any) error {
		return fmt.Errorf("%s and %s are parts of different tournaments: %s %v, %s %v", p.Path, q.Path, what, x, what, y)
	}
	switch {
	case a.Game != b.Game:
		return differ("game", a.Game, b.Game)
	case a.Shards != b.Shards:
		return fmt.Errorf("%s and %s split the tournament differently: into %d and into %d parts", p.Path, q.Path, a.Shards, b.Shards)
	case len(a.Programs) != len(b.Programs):
		return differ("programs", len(a.Programs), len(b.Programs))
	case a.Seed != b.Seed:
		return differ("seed", a.Seed, b.Seed)
	case a.Rounds != b.Rounds:
		return differ("rounds", a.Rounds, b.Rounds)
	case a.Language != b.Language:
		return differ("language", a.Language, b.Language)
	case a.Copies != b.Copies:
		return differ("copies", a.Copies, b.Copies)
	case !sameJSON(a.Params, b.Params):
		return differ("parameters", string(a.Params), string(b.Params))
	case !reflect.DeepEqual(a.Pairings, b.Pairings):
		return fmt.Errorf("%s and %s are parts of different tournaments: they play different pairings", p.Path, q.Path)
	}
	for i := range a.Programs {
		if a.Programs[i].SHA256 != b.Programs[i].SHA256 {
			return fmt.Errorf("%s and %s are parts of different tournaments: program %d is %s in one and %s in the other, with different contents", p.Path, q.Path, i+1, a.Programs[i].File, b.Programs[i].File)
		}
	}
	// The option set's name first, then the keys in order: the same parts always get the
	// same sentence.
	keys := make([]string, 0, len(a.Options)+len(b.Options))
	for k := range a.Options {
		keys = append(keys, k)
	}
	for k := range b.Options {
		if _, ok := a.Options[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(x, y string) int {
		switch {
		case x == y:
			return 0
		case x == "name":
			return -1
		case y == "name":
			return 1
		}
		return strings.Compare(x, y)
	})
	for _, k := range keys {
		x, inA := a.Options[k]
		y, inB := b.Options[k]
		if inA != inB {
			return fmt.Errorf("%s and %s are parts of different tournaments: their option sets have different keys (%s is in one only)", p.Path, q.Path, k)
		}
		if x != y {
			return fmt.Errorf("%s and %s are parts of different tournaments: option %s is %q in one and %q in the other", p.Path, q.Path, k, x, y)
		}
	}
	return nil
}

// Each reads the part's bouts and hands them to fn, checking that they are exactly the
// bouts the header promises, in order; a partial part's may end early.
func (p *Part) Each(fn func(Result) error) error {
	line, err := p.open()
	if err != nil {
		return err
	}
	defer p.Close()
	if sha256.Sum256(line) != p.head {
		return fmt.Errorf("%s changed while it was read (its header is not the one read first); run the command again once nothing writes it", p.Path)
	}
	h := &p.Header
	plan := h.Plan()
	for g := h.From; g < h.To; g++ {
		line, err := p.readLine()
		if err == io.EOF && p.Partial {
			return nil
		}
		if err == io.EOF {
			return fmt.Errorf("%s holds %d of its %d bouts: the part is incomplete (was its run interrupted?)", p.Path, g-h.From, h.To-h.From)
		}
		if err != nil {
			return err
		}
		var r Result
		if problem := decodeLine(line, &r, "the bout", boutFields); problem != "" {
			return fmt.Errorf("%s:%d: %s", p.Path, p.line, problem)
		}
		b := plan.Bout(g)
		if r.Pairing != b.Pairing || r.A != b.A || r.B != b.B || r.Round != b.Round || r.Seed != b.Seed {
			return fmt.Errorf("%s:%d: expected round %d of pairing %d (programs %d and %d, seed %d), found round %d of pairing %d (programs %d and %d, seed %d)",
				p.Path, p.line, b.Round, b.Pairing, b.A+1, b.B+1, b.Seed, r.Round, r.Pairing, r.A+1, r.B+1, r.Seed)
		}
		if r.Cycles < 0 {
			return fmt.Errorf("%s:%d: the bout lasted %d cycles: a bout's cycles are never negative", p.Path, p.line, r.Cycles)
		}
		if r.Winner != -1 && r.Winner != r.A && r.Winner != r.B {
			return fmt.Errorf("%s:%d: the winner %d is neither program of the bout", p.Path, p.line, r.Winner)
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if _, err := p.readLine(); err != io.EOF {
		if err != nil {
			return err
		}
		return fmt.Errorf("%s:%d: more lines than the %d bouts of the part", p.Path, p.line, h.To-h.From)
	}
	return nil
}
