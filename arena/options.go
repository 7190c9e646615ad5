package arena

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"robocom/internal/userfile"
	"robocom/robolang"
)

// Options is an option set (ROBOCOM.md section 11): every rule value of a game. The zero value
// is not usable; start from Classic() or RC3() and change fields with Set.
type Options struct {
	Name        string // "classic", "rc3", or the name of a saved set
	Board       int    // n, the board is n×n (4..200)
	Timeout     int    // time limit in cycles
	ElimTrigger int    // T of the elimination trigger (0..32767)
	FirstMobile bool   // the first robot of each program is mobile
	RemoteCost  int    // extra cycles per remote operand
	RC3         bool   // instructions = rc3: the RC3 instructions and variables exist (RC3.md)
	MaxTasks    int    // tasks per robot (RC3.md 6; 1 in classic and rc3, 10 in rc3m)
	MaxDuration int    // a fetched duration above this kills (error 16); 0 = no limit

	Cost [robolang.NumOpcodes]int // cycles per instruction; for TRANS, CREATE, RTRANS, FARSCAN the base; SLEEP's is added to a

	TransPerInstr      int // TRANS: cycles per instruction of the source bank (3)
	CreatePerBank      int // CREATE: cycles per bank (20)
	CreateMobileFactor int // CREATE: factor for a mobile robot (2)
	CreateMobile       int // CREATE: extra cycles for a mobile robot (0; rc3 120)
	CreateSet1         int // CREATE: extra cycles for instruction set 1 (40)
	CreateSet2         int // CREATE: extra cycles for instruction set 2 (80)
	RTransPerInstr     int // RTRANS: cycles per instruction of the remote bank (1)
	FarScanPerField    int // FARSCAN: cycles per field looked at (3)
}

// Limits of option values. Costs are capped so that no duration computation can overflow.
const (
	MinBoard   = 4
	MaxBoard   = 200
	MaxTimeout = 1_000_000_000
	maxCost    = 1_000_000
	maxFactor  = 1000
	MaxTasks   = 100 // the largest max-tasks (RC3.md 1)
)

// Classic returns the default option set: ROBOCOM.md as written.
func Classic() *Options {
	o := &Options{
		Name:               "classic",
		Board:              16,
		Timeout:            80000,
		ElimTrigger:        5000,
		RemoteCost:         8,
		TransPerInstr:      3,
		CreatePerBank:      20,
		CreateMobileFactor: 2,
		CreateSet1:         40,
		CreateSet2:         80,
		MaxTasks:           1,
		RTransPerInstr:     1, // the RC3 keys exist in classic with rc3's values, unused (RC3.md 1)
		FarScanPerField:    3,
	}
	for op := robolang.Opcode(1); op < robolang.NumOpcodes; op++ {
		if op.Valid() {
			o.Cost[op] = robolang.Instructions[op].Cost
		}
	}
	return o
}

// RC3 returns the option set rc3 of RC3.md 1: RoboCom 3's instructions, variables and costs,
// one task per robot.
func RC3() *Options {
	o := Classic()
	o.Name = "rc3"
	o.RC3 = true
	o.MaxDuration = 1500
	o.RemoteCost = 6
	for op := robolang.Opcode(1); op < robolang.NumOpcodes; op++ {
		if op.Valid() {
			o.Cost[op] = robolang.Instructions[op].RC3Cost
		}
	}
	o.TransPerInstr = 1
	o.CreatePerBank = 25
	o.CreateMobileFactor = 1
	o.CreateMobile = 120
	o.CreateSet1 = 40
	o.CreateSet2 = 100
	return o
}

// RC3M returns the option set rc3m of RC3.md 1: rc3 with multitasking (max-tasks 10), the
// "Standard Competition" set.
func RC3M() *Options {
	o := RC3()
	o.Name = "rc3m"
	o.MaxTasks = 10
	return o
}

// Builtin returns a built-in option set by name, or nil.
func Builtin(name string) *Options {
	switch strings.ToLower(name) {
	case "classic":
		return Classic()
	case "rc3":
		return RC3()
	case "rc3m":
		return RC3M()
	}
	return nil
}

// Clone returns an independent copy.
func (o *Options) Clone() *Options {
	c := *o
	return &c
}

// optionKey describes one key of the text format and of "-opt KEY=VALUE".
type optionKey struct {
	min, max int
	field    func(o *Options) *int
}

// optionKeys is built on first use: a process that never reads options (robocom mars) skips it.
var optionKeys = sync.OnceValue(func() map[string]optionKey {
	m := map[string]optionKey{
		"board":        {MinBoard, MaxBoard, func(o *Options) *int { return &o.Board }},
		"timeout":      {1, MaxTimeout, func(o *Options) *int { return &o.Timeout }},
		"elim-trigger": {0, 32767, func(o *Options) *int { return &o.ElimTrigger }},
		"remote-cost":  {0, maxCost, func(o *Options) *int { return &o.RemoteCost }},
		"max-tasks":    {1, MaxTasks, func(o *Options) *int { return &o.MaxTasks }},
		"max-duration": {0, maxCost, func(o *Options) *int { return &o.MaxDuration }},

		"cost.trans-per-instr":      {0, maxCost, func(o *Options) *int { return &o.TransPerInstr }},
		"cost.create-per-bank":      {0, maxCost, func(o *Options) *int { return &o.CreatePerBank }},
		"cost.create-mobile-factor": {0, maxFactor, func(o *Options) *int { return &o.CreateMobileFactor }},
		"cost.create-set1":          {0, maxCost, func(o *Options) *int { return &o.CreateSet1 }},
		"cost.create-set2":          {0, maxCost, func(o *Options) *int { return &o.CreateSet2 }},
		"cost.create-mobile":        {0, maxCost, func(o *Options) *int { return &o.CreateMobile }},
		"cost.rtrans-per-instr":     {0, maxCost, func(o *Options) *int { return &o.RTransPerInstr }},
		"cost.farscan-per-field":    {0, maxCost, func(o *Options) *int { return &o.FarScanPerField }},
	}
	for op := robolang.Opcode(1); op < robolang.NumOpcodes; op++ {
		if !op.Valid() {
			continue
		}
		op := op
		m["cost."+robolang.Instructions[op].CostKey] = optionKey{0, maxCost, func(o *Options) *int { return &o.Cost[op] }}
	}
	return m
})

// Keys lists every option key, sorted.
func Keys() []string {
	keys := []string{"first-mobile", "instructions"}
	for k := range optionKeys() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Set changes one rule value, as "-opt KEY=VALUE" does. Keys are those of CLI.md plus
// "instructions" (classic or rc3). An unknown key or a value out of range is an error that
// says what is allowed.
func (o *Options) Set(key, value string) error {
	key = strings.ToLower(strings.TrimSpace(key))
	value = strings.TrimSpace(value)
	switch key {
	case "first-mobile":
		switch value {
		case "0":
			o.FirstMobile = false
		case "1":
			o.FirstMobile = true
		default:
			return fmt.Errorf("option first-mobile must be 0 or 1, not %q", userfile.Excerpt(value, 40))
		}
		return nil
	case "instructions":
		switch strings.ToLower(value) {
		case "classic":
			o.RC3 = false
		case "rc3":
			o.RC3 = true
		default:
			return fmt.Errorf("option instructions must be classic or rc3, not %q", userfile.Excerpt(value, 40))
		}
		return nil
	}
	k, ok := optionKeys()[key]
	if !ok {
		return fmt.Errorf("unknown option %q (known: %s)", userfile.Excerpt(key, 40), strings.Join(Keys(), ", "))
	}
	n, err := strconv.Atoi(value)
	if err != nil {
		return fmt.Errorf("option %s needs a whole number, not %q", key, userfile.Excerpt(value, 40))
	}
	if n < k.min || n > k.max {
		return fmt.Errorf("option %s must be in %d..%d, not %d", key, k.min, k.max, n)
	}
	*k.field(o) = n
	return nil
}

// SetPair applies "KEY=VALUE".
func (o *Options) SetPair(kv string) error {
	k, v, ok := strings.Cut(kv, "=")
	if !ok {
		return fmt.Errorf("option %q: expected KEY=VALUE", userfile.Excerpt(kv, 60))
	}
	return o.Set(k, v)
}

// Validate checks every value (a set built in Go code may bypass Set).
func (o *Options) Validate() error {
	for key, k := range optionKeys() {
		if n := *k.field(o); n < k.min || n > k.max {
			return fmt.Errorf("option %s must be in %d..%d, not %d", key, k.min, k.max, n)
		}
	}
	return nil
}

// Get returns the value of a key as text (for display and saving).
func (o *Options) Get(key string) (string, bool) {
	switch key {
	case "first-mobile":
		if o.FirstMobile {
			return "1", true
		}
		return "0", true
	case "instructions":
		if o.RC3 {
			return "rc3", true
		}
		return "classic", true
	}
	k, ok := optionKeys()[key]
	if !ok {
		return "", false
	}
	return strconv.Itoa(*k.field(o)), true
}

// MarshalText renders the set in the saved format: "key = value" lines, '#' comments.
func (o *Options) MarshalText() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# RoboCom Arena option set (robocom battle -options FILE).\n")
	fmt.Fprintf(&b, "# One \"key = value\" per line; keys as for -opt. Missing keys keep classic's values.\n")
	fmt.Fprintf(&b, "name = %s\n", o.Name)
	for _, k := range Keys() {
		v, _ := o.Get(k)
		fmt.Fprintf(&b, "%s = %s\n", k, v)
	}
	return b.Bytes(), nil
}

// maxOptionLine bounds one line of an option file; a real line is "key = value", a few
// dozen bytes (a longer comment is still far below it).
const maxOptionLine = 4096

// ParseOptions reads the saved format. Values missing from the text keep the values of
// classic. name is used when the text has no "name" line. A key given twice is an error
// (which of the two was meant is a guess), and so is a line longer than maxOptionLine.
func ParseOptions(name string, text []byte) (*Options, error) {
	o := Classic()
	o.Name = name
	text = userfile.TrimBOM(text)
	firstLine := map[string]int{} // lower-case key -> line where it was given
	for line := 1; len(text) > 0; line++ {
		s := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			s, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		if len(s) > maxOptionLine {
			return nil, fmt.Errorf("line %d: the line is %d bytes long; an option line has at most %d", line, len(s), maxOptionLine)
		}
		if i := bytes.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		str := strings.TrimSpace(string(s))
		if str == "" {
			continue
		}
		if strings.HasPrefix(str, ";") { // a whole line of comment as .rob files write it
			return nil, fmt.Errorf("line %d: %q is not an option: a comment in an option set starts with '#', not ';'", line, userfile.Excerpt(str, 60))
		}
		k, v, ok := strings.Cut(str, "=")
		if !ok {
			return nil, fmt.Errorf("line %d: expected \"key = value\", got %q", line, userfile.Excerpt(str, 60))
		}
		k = strings.TrimSpace(k)
		key := strings.ToLower(k)
		if first, dup := firstLine[key]; dup {
			return nil, fmt.Errorf("line %d: %s given twice (first on line %d); keep one", line, userfile.Excerpt(k, 60), first)
		}
		firstLine[key] = line
		if key == "name" {
			o.Name = strings.TrimSpace(v)
			continue
		}
		if err := o.Set(k, v); err != nil {
			if strings.Contains(v, ";") {
				// a .rob comment, written by habit
				return nil, fmt.Errorf("line %d: %v (a comment in an option set starts with '#', not ';')", line, err)
			}
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
	}
	return o, nil
}

// LoadOptions reads a saved option set from a file (through userfile: a regular file of at
// most userfile.OptionSet.Max bytes).
func LoadOptions(path string) (*Options, error) {
	data, err := userfile.Read(path, userfile.OptionSet)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	o, err := ParseOptions(name, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return o, nil
}

// Save writes the set to path through userfile's atomic writer: all of it or nothing.
func (o *Options) Save(path string) error {
	data, _ := o.MarshalText()
	return userfile.WriteFile(path, data, 0o644)
}

// ResolveOptions turns "-options NAME|FILE" into a set: a built-in name, else a file.
func ResolveOptions(nameOrFile string) (*Options, error) {
	if nameOrFile == "" {
		return Classic(), nil
	}
	if o := Builtin(nameOrFile); o != nil {
		return o, nil
	}
	if _, err := os.Stat(nameOrFile); err != nil {
		return nil, fmt.Errorf("option set %q is neither a built-in set (classic, rc3, rc3m) nor a readable file", userfile.Excerpt(nameOrFile, 80))
	}
	return LoadOptions(nameOrFile)
}
